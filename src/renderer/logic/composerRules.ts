// What the composer tells the person before they send: can this comment (or conversation) be
// answered from here, what the app fills in for them (LinkedIn's comment URN, TikTok's video id),
// whether an image may go along, how long the text may be, and how to @mention on this network.
// Pure: the same rules the core enforces, said first.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import {
  DISABLE_COMMENTS_NETWORKS,
  isMessageNetwork,
  MESSAGE_TEXT_LIMITS,
  REPLY_BY_SOCIAL_ID_NETWORKS,
  REPLY_IMAGE_NETWORKS,
  type Network,
} from '../../shared/networks.ts';
import { writtenTextProblem } from '../../shared/domain/writtenText.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { replyWindowState, windowBlockedReason } from './replyWindow.ts';
import { fmt } from './format.ts';

// Many screens take the labels from here (they were first written for the composer).
export { NETWORK_LABELS };

export interface ComposerRules {
  /** Whether a reply can be sent from the app at all. */
  canReply: boolean;
  /** Why not, in plain words. */
  blockedReason: string | null;
  /** Things the app filled in or will do, shown as facts before sending. */
  filledIn: string[];
  imageAllowed: boolean;
  mentionHelp: string;
  /** What is written: a reply to a comment, or a direct message. */
  noun: 'reply' | 'message';
  /** The longest text the network takes, in characters. */
  maxLength: number;
}

/** The core's limit on a reply's text (the bridge contract's). */
const REPLY_TEXT_MAX = 20_000;

export function composerRules(row: Pick<InboxRow, 'platform' | 'commentUrn' | 'videoId'>): ComposerRules {
  const label = NETWORK_LABELS[row.platform];
  const filledIn: string[] = [];
  let blockedReason: string | null = null;
  if (!(REPLY_BY_SOCIAL_ID_NETWORKS as readonly string[]).includes(row.platform)) {
    blockedReason = `Replies to comments made outside the service are not possible on ${label}: reply on ${label} itself.`;
  } else if (row.platform === 'linkedin') {
    // The network's ids the reply needs are filled in from the store; never shown (issue 19: no ids on screen).
    if (row.commentUrn === null) blockedReason = 'This LinkedIn comment cannot be answered from here yet: refresh the post, then reply.';
  } else if (row.platform === 'tiktok') {
    if (row.videoId === null) blockedReason = 'This TikTok comment cannot be answered from here yet: refresh the post, then reply.';
  } else if (row.platform === 'twitter') {
    filledIn.push('Sent with the account’s X key pair.');
  }
  return {
    canReply: blockedReason === null,
    blockedReason,
    filledIn,
    imageAllowed: (REPLY_IMAGE_NETWORKS as readonly string[]).includes(row.platform),
    mentionHelp:
      row.platform === 'linkedin'
        ? 'Mention someone on LinkedIn as @[Full Name], e.g. @[Ada Lovelace]: the name exactly as their profile shows it.'
        : `Mention someone on ${label} as @username.`,
    noun: 'reply',
    maxLength: REPLY_TEXT_MAX,
  };
}

/** A direct message in a conversation: its network's longest text, and its reply window (facebook, instagram). */
export function messageRules(row: Pick<InboxRow, 'platform' | 'authorName' | 'conversation'>, now: number): ComposerRules {
  const label = NETWORK_LABELS[row.platform];
  const base = { filledIn: [], imageAllowed: false, mentionHelp: '', noun: 'message' as const };
  if (!isMessageNetwork(row.platform)) {
    return { ...base, canReply: false, blockedReason: `${label} has no direct messages through the service.`, maxLength: REPLY_TEXT_MAX };
  }
  const window = replyWindowState(row.platform, row.conversation?.replyWindowClosesAt ?? null, now);
  const blockedReason = windowBlockedReason(row.platform, window, now, row.authorName);
  return { ...base, canReply: blockedReason === null, blockedReason, maxLength: MESSAGE_TEXT_LIMITS[row.platform] };
}

export interface DraftProblem {
  field: 'text' | 'image';
  message: string;
}

/** What stops a draft from going out; empty when it can be sent. */
export function draftProblems(rules: ComposerRules, text: string, imageUrl: string): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (text.trim() === '') problems.push({ field: 'text', message: `Write a ${rules.noun} first.` });
  // The bridge refuses these too; said here first, so Send is off with the reason beside it.
  const unwritten = writtenTextProblem(text, rules.noun);
  if (unwritten !== null) problems.push({ field: 'text', message: `${unwritten}.` });
  if (text.length > rules.maxLength) problems.push({ field: 'text', message: `A ${rules.noun} is at most ${fmt.number(rules.maxLength)} characters.` });
  const image = imageUrl.trim();
  if (image !== '') {
    if (!rules.imageAllowed) problems.push({ field: 'image', message: 'An image can go with a reply on Facebook and LinkedIn only.' });
    else if (/[\s,]/.test(image)) problems.push({ field: 'image', message: 'One image at most.' });
    else if (!/^https?:\/\/\S+$/i.test(image)) problems.push({ field: 'image', message: 'The image is a web address starting with https://.' });
  }
  return problems;
}

export function commentsToggleSupported(platform: Network): boolean {
  return DISABLE_COMMENTS_NETWORKS.includes(platform);
}

/** The name a saved reply greets: a display name's first word, or the handle without its @. */
export function greetingName(authorName: string): string {
  const trimmed = authorName.trim().replace(/^@+/, '');
  if (trimmed === '') return 'there';
  if (/\s/.test(trimmed)) return trimmed.split(/\s+/)[0] ?? trimmed;
  return trimmed;
}

/** A saved reply with `{name}` filled from the comment's author. */
export function fillTemplate(template: string, authorName: string): string {
  return template.replace(/\{name\}/g, greetingName(authorName));
}
