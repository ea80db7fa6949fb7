// What the composer tells the person before they send: can this comment be answered from here,
// what the app fills in for them (LinkedIn's comment URN, TikTok's video id), whether an image may
// go along, and how to @mention on this network. Pure: the same rules the core enforces, said first.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { DISABLE_COMMENTS_NETWORKS, REPLY_BY_SOCIAL_ID_NETWORKS, REPLY_IMAGE_NETWORKS, type Network } from '../../shared/networks.ts';

export const NETWORK_LABELS: Record<Network, string> = {
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  threads: 'Threads',
};

export interface ComposerRules {
  /** Whether a reply can be sent from the app at all. */
  canReply: boolean;
  /** Why not, in plain words. */
  blockedReason: string | null;
  /** Things the app filled in or will do, shown as facts before sending. */
  filledIn: string[];
  imageAllowed: boolean;
  mentionHelp: string;
}

export function composerRules(row: Pick<InboxRow, 'platform' | 'commentUrn' | 'videoId'>): ComposerRules {
  const label = NETWORK_LABELS[row.platform];
  const filledIn: string[] = [];
  let blockedReason: string | null = null;
  if (!REPLY_BY_SOCIAL_ID_NETWORKS.includes(row.platform)) {
    blockedReason = `Replies to comments made outside the service are not possible on ${label}: reply on ${label} itself.`;
  } else if (row.platform === 'linkedin') {
    if (row.commentUrn === null) blockedReason = 'This LinkedIn comment has no comment URN yet: refresh the post, then reply.';
    else filledIn.push(`LinkedIn comment URN filled in: ${row.commentUrn}`);
  } else if (row.platform === 'tiktok') {
    if (row.videoId === null) blockedReason = 'This TikTok comment has no video id yet: refresh the post, then reply.';
    else filledIn.push(`TikTok video id filled in: ${row.videoId}`);
  } else if (row.platform === 'twitter') {
    filledIn.push('Sent with the account’s X key pair.');
  }
  return {
    canReply: blockedReason === null,
    blockedReason,
    filledIn,
    imageAllowed: REPLY_IMAGE_NETWORKS.includes(row.platform),
    mentionHelp:
      row.platform === 'linkedin'
        ? 'Mention someone on LinkedIn as @[Full Name], e.g. @[Ada Lovelace]: the name exactly as their profile shows it.'
        : `Mention someone on ${label} as @username.`,
  };
}

export interface DraftProblem {
  field: 'text' | 'image';
  message: string;
}

/** What stops a draft from going out; empty when it can be sent. */
export function draftProblems(rules: ComposerRules, text: string, imageUrl: string): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (text.trim() === '') problems.push({ field: 'text', message: 'Write a reply first.' });
  if (text.length > 20_000) problems.push({ field: 'text', message: 'A reply is at most 20,000 characters.' });
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
