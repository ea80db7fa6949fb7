// GET /messages/:platform (facebook, instagram, twitter): the profile's direct messages, newest
// first; `conversationsOnly=true` lists the conversation ids instead, `conversationId` narrows to
// one conversation, `status` picks active or archived ones, and on twitter `limit` and `next` page.
// The guard every Messages operation starts with is here too.
import { isMessageNetwork, MESSAGE_NETWORKS, type MessageNetwork } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, notFound, ServiceError } from '../http/errors.ts';
import { queryFlag, queryInteger } from '../http/validate.ts';
import type { NetworkIdentity } from '../ids.ts';
import type { ConversationState, MessageState } from '../world/messageTypes.ts';
import { messageRecord } from '../world/messageViews.ts';

/** Public: answers are cached 60 s on facebook and instagram, 15 s on X; `nextUpdate` says when. */
const REFRESH_MS: Record<MessageNetwork, number> = { facebook: 60_000, instagram: 60_000, twitter: 15_000 };

export interface MessagingTarget {
  platform: MessageNetwork;
  account: NetworkIdentity;
}

/** The checks of every Messages operation, in the order a client can fix them. */
export function messagingTarget(call: ApiCall): MessagingTarget {
  const platform = call.params.platform ?? '';
  if (!isMessageNetwork(platform)) {
    throw badRequest(
      ErrorCode.unsupportedNetwork,
      `Direct messages work on ${MESSAGE_NETWORKS.join(', ')}; "${platform}" has no messages through this service`,
    );
  }
  requireXCredentials(call.headers, call.runtime, [platform]);
  const settings = call.profile.messaging;
  if (settings && !settings.enabled) {
    throw new ServiceError(403, {
      code: ErrorCode.messagingNotEnabled,
      message: 'Messaging is not enabled for this profile: turn on "Messaging Active" for the profile in the dashboard, then try again',
    });
  }
  const account = call.profile.accounts[platform];
  if (!account) {
    throw badRequest(ErrorCode.networkNotLinked, `${platform} is not linked to this profile: link it in the dashboard to use its messages`);
  }
  if (settings?.relinkRequired.includes(platform)) {
    throw badRequest(
      ErrorCode.relinkRequired,
      `The ${platform} link of this profile must be renewed for messages: unlink ${platform} and link it again in the dashboard, granting the messaging permission`,
    );
  }
  return { platform, account };
}

function readMessages(call: ApiCall): ApiResult {
  const { platform } = messagingTarget(call);
  const { query, runtime, profile } = call;
  const book = runtime.world.messages;
  const status = query.get('status') ?? 'active';
  if (status !== 'active' && status !== 'archived') {
    throw badRequest(ErrorCode.invalidField, `Query parameter "status" must be active or archived; got "${status}"`);
  }
  const conversationsOnly = queryFlag(query, 'conversationsOnly');
  const paging = twitterPaging(query, platform);
  const now = runtime.now();
  const stamps = { lastUpdated: now.toISOString(), nextUpdate: new Date(now.getTime() + REFRESH_MS[platform]).toISOString() };
  const ofStatus = book.conversationsOf(profile.refId, platform).filter((c) => c.status === status);

  if (conversationsOnly) {
    // Public: with conversationsOnly the conversationId parameter is ignored. Most recent first.
    const latest = (c: ConversationState) => book.messagesOf(c).at(-1)?.created ?? '';
    const ids = [...ofStatus].sort((a, b) => latest(b).localeCompare(latest(a))).map((c) => c.conversationId);
    return { body: { status: 'success', conversationIds: ids, ...stamps } };
  }

  let chosen: readonly ConversationState[] = ofStatus;
  const conversationId = query.get('conversationId');
  if (conversationId !== null) {
    const conversation = book.conversation(platform, conversationId);
    // Another profile's conversation is unknown here, as another profile's post is.
    if (conversation?.profileRefId !== profile.refId) {
      throw notFound(`No ${platform} conversation ${conversationId} for this profile (conversationsOnly=true lists them)`);
    }
    chosen = [conversation];
  }
  let list = chosen.flatMap((c) => book.messagesOf(c).map((m) => ({ c, m })));
  list.sort((a, b) => newestFirst(a.m, b.m));
  let next: string | undefined;
  if (paging) {
    const after = paging.after;
    if (after) list = list.filter(({ m }) => newestFirst(after, m) < 0);
    const lastShown = list[paging.limit - 1];
    if (list.length > paging.limit && lastShown) {
      list = list.slice(0, paging.limit);
      next = cursorAfter(lastShown.m);
    }
  }
  const messages = list.map(({ c, m }) => messageRecord(profile, c, m));
  const body: Record<string, unknown> = { status: 'success', messages, messagesCount: messages.length, ...stamps };
  // Public: the cursor of the next page is in meta.pagination.next.
  if (next) body.meta = { pagination: { next } };
  return { body };
}

function newestFirst(a: Pick<MessageState, 'created' | 'seq'>, b: Pick<MessageState, 'created' | 'seq'>): number {
  if (a.created !== b.created) return a.created < b.created ? 1 : -1;
  return b.seq - a.seq;
}

/** `limit` (1–100) and `next`: X only. Without `limit` X answers every message (public). */
function twitterPaging(query: URLSearchParams, platform: MessageNetwork): { limit: number; after?: Pick<MessageState, 'created' | 'seq'> } | null {
  const hasLimit = query.has('limit');
  const cursor = query.get('next');
  if (platform !== 'twitter') {
    if (hasLimit || cursor !== null) {
      throw badRequest(ErrorCode.invalidField, `"limit" and "next" page X messages only; ${platform} answers every message at once`);
    }
    return null;
  }
  if (!hasLimit) {
    if (cursor !== null) throw badRequest(ErrorCode.missingField, 'Query parameter "next" goes with "limit": send the same limit again');
    return null;
  }
  const limit = queryInteger(query, 'limit', 100, 1, 100);
  if (cursor === null) return { limit };
  return { limit, after: parseCursor(cursor) };
}

/** Opaque to clients; names the last message of the page, so new messages never shift the pages. */
function cursorAfter(message: MessageState): string {
  return Buffer.from(`${message.created}|${message.seq}`).toString('base64url');
}

function parseCursor(cursor: string): Pick<MessageState, 'created' | 'seq'> {
  const [created, seq] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const seqNumber = Number(seq);
  if (!created || Number.isNaN(Date.parse(created)) || !Number.isInteger(seqNumber) || seqNumber < 1) {
    throw badRequest(ErrorCode.invalidField, 'Query parameter "next" is not a cursor this service gave: pass meta.pagination.next of the previous page');
  }
  return { created, seq: seqNumber };
}

export const messagesReadRoutes: Route[] = [{ method: 'GET', pattern: '/messages/:platform', feature: 'messages', handle: readMessages }];
