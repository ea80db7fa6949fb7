// Comment and post keys, as the store, the bridge and the renderer name them:
// `${platform}:${socialId}`. Social ids may contain colons (bluesky's at:// URIs), network names
// never do, so the first colon separates them.
import { z } from 'zod';
import { isNetwork } from '../networks.ts';
import type { InboxItemKind } from './inbox.ts';
import { registeredKindOfKey } from './registeredKinds.ts';

/** A comment: `${platform}:${socialCommentId}`. */
export type CommentKey = string;
/** A network post: `${platform}:${socialPostId}`. */
export type PostKey = string;

const MAX_KEY_LENGTH = 1024;

function isSocialKey(value: string): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && colon < value.length - 1 && isNetwork(value.slice(0, colon));
}

export const CommentKeySchema = z
  .string()
  .max(MAX_KEY_LENGTH, 'A comment key is at most 1,024 characters')
  .refine(isSocialKey, 'A comment key is "<network>:<social comment id>"');

/** A conversation of direct messages: `dm:${platform}:${conversationId}` (facebook, instagram, twitter). */
export type ConversationKey = string;

function isConversationKey(value: string): boolean {
  const match = /^dm:(facebook|instagram|twitter):./s.exec(value);
  return match !== null;
}

export const ConversationKeySchema = z
  .string()
  .max(MAX_KEY_LENGTH, 'A conversation key is at most 1,024 characters')
  .refine(isConversationKey, 'A conversation key is "dm:<facebook|instagram|twitter>:<conversation id>"');

/** A review of a client's business: `review:${network}:${reviewId}` (gmb, facebook; decision 0082). */
export type ReviewKey = string;

function isReviewKey(value: string): boolean {
  return /^review:(gmb|facebook):./s.test(value);
}

export const ReviewKeySchema = z
  .string()
  .max(MAX_KEY_LENGTH, 'A review key is at most 1,024 characters')
  .refine(isReviewKey, 'A review key is "review:<gmb|facebook>:<review id>"');

/**
 * The kind of a well-formed inbox key, by its shape (the kinds' key grammar is this file's): a
 * conversation's has the `dm:` prefix, a review's `review:`, a comment's is a network's. null: none.
 */
export function inboxKindOfKeyShape(value: string): InboxItemKind | null {
  if (isConversationKey(value)) return 'conversation';
  if (isReviewKey(value)) return 'review';
  if (isSocialKey(value)) return 'comment';
  // A kind registered at run time names itself as the core's registry does (registeredKinds.ts).
  return (registeredKindOfKey(value)?.name as InboxItemKind | undefined) ?? null;
}

/** Any inbox item: a comment or a conversation (triage takes both). */
export const InboxItemKeySchema = z
  .string()
  .max(MAX_KEY_LENGTH, 'An inbox key is at most 1,024 characters')
  .refine(
    (value) => isSocialKey(value) || isConversationKey(value) || isReviewKey(value) || registeredKindOfKey(value) !== undefined,
    'An inbox key is "<network>:<social comment id>", "dm:<network>:<conversation id>" or "review:<network>:<review id>"',
  );

export const PostKeySchema = z
  .string()
  .max(MAX_KEY_LENGTH, 'A post key is at most 1,024 characters')
  .refine(isSocialKey, 'A post key is "<network>:<social post id>"');
