// The client report benchmark's load: the store benchmark's seeded comments (../store/dataset.ts),
// plus what a report reads beside them: the account's replies to a share of the comments (found by
// the sync) and the outbox's confirmed deliveries of the replies the app sent.
//
// Two shapes of the same 100,000 comments:
//  - 'store': as bench:store holds them, 4 clients over four months; the report is the busiest
//    client's busiest calendar month.
//  - 'one-month': every comment received by one client in one month (the busiest case the issue's
//    "a month with 100,000 comments" can mean): the 4 clients' posts moved to one client, their
//    times squeezed in order into the month, so threads keep their shape.
import type { Network } from '../../../src/shared/networks.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import type { CommentInput, ProfileRecord } from '../../../src/main/core/store/types.ts';
import { buildDataset, mulberry32, type StoreDataset } from '../store/dataset.ts';

export type ReportShape = 'store' | 'one-month';

export interface ReportDataset extends StoreDataset {
  /** The comments of buildDataset (the account's added replies not included). */
  baseComments: number;
  addedReplies: number;
  /** Outbox items in state 'sent', as the account's outbox lists them. */
  outbox: OutboxItem[];
  /** The report asked for: a client and calendar days in its zone. */
  request: { profileId: string; from: string; to: string };
  timeZone: string;
}

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Share of the comments by others the account answers; of those, the share the app sent. */
const ANSWERED = 0.4;
const SENT_BY_APP = 0.5;
/** Confirmed replies the sync has not seen yet (the store is behind the outbox). */
const NOT_SEEN_YET = 200;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** One client with the networks of all four, for the 'one-month' shape. */
function oneClient(dataset: StoreDataset): ProfileRecord {
  const first = dataset.profiles[0]!;
  const networks: ProfileRecord['networks'] = {};
  for (const profile of dataset.profiles) {
    for (const [network, identity] of Object.entries(profile.networks)) networks[network as Network] ??= { ...identity, id: `me-${network}` };
  }
  return { ...first, networks };
}

/** Moves every comment to one client and into [start, start + span), keeping their order. */
function squeeze(dataset: StoreDataset, start: number, span: number): void {
  const client = oneClient(dataset);
  const ownIds = new Set(dataset.profiles.flatMap((profile) => Object.values(profile.networks).map((identity) => identity.id)));
  let low = Infinity;
  for (const batch of dataset.batches) for (const comment of batch.comments) low = Math.min(low, Date.parse(comment.created));
  const high = dataset.now;
  const place = (iso: string) => new Date(start + Math.floor(((Date.parse(iso) - low) / (high - low + 1)) * span)).toISOString();
  for (const batch of dataset.batches) {
    batch.profileId = client.profileId;
    for (const comment of batch.comments) {
      comment.created = place(comment.created);
      if (ownIds.has(comment.authorId)) comment.authorId = client.networks[comment.platform]!.id;
    }
  }
  for (const post of dataset.posts) {
    post.profileId = client.profileId;
    post.created = place(post.created);
  }
  dataset.profiles = [client];
}

/** The client and calendar month (UTC days) with the most comments by others. */
function busiestMonth(dataset: StoreDataset): { profileId: string; month: string } {
  const counts = new Map<string, number>();
  for (const batch of dataset.batches) {
    for (const comment of batch.comments) {
      const key = `${batch.profileId} ${comment.created.slice(0, 7)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
  const [profileId, month] = best.split(' ');
  return { profileId: profileId!, month: month! };
}

function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  return { from: `${month}-01`, to: dayOf(Date.UTC(year ?? 2026, number ?? 1, 0)) };
}

function sentItem(id: number, accountId: string, profileId: string, answers: string, platform: Network, socialCommentId: string, at: number): OutboxItem {
  return {
    id: `bench-outbox-${id}`,
    seq: id,
    target: { accountId, profileId },
    kind: 'reply',
    request: { to: 'socialComment', commentId: answers.slice(platform.length + 1), platform, comment: 'Thank you!' },
    thread: null,
    answers,
    text: 'Thank you!',
    created: at - 15_000,
    sendAfter: at - 10_000,
    state: 'sent',
    results: { [platform]: { state: 'sent', socialCommentId, serviceCommentId: null, postUrl: null, adopted: false, at } },
    attempts: 1,
    firstAttemptAt: at - 2_000,
    lastAttemptAt: at - 2_000,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    failures: 0,
    updated: at,
  };
}

export function buildReportDataset(options: { comments: number; shape: ReportShape; seed?: number }): ReportDataset {
  const dataset = buildDataset({ comments: options.comments, posts: 600, seed: options.seed ?? 42 });
  const timeZone = 'Europe/Berlin';
  // October 2026 in Berlin (a DST change inside it); dataset.now is 2026-11-21.
  if (options.shape === 'one-month')
    squeeze(dataset, Date.parse('2026-09-30T22:00:00Z'), Date.parse('2026-10-31T23:00:00Z') - Date.parse('2026-09-30T22:00:00Z'));
  const { profileId, month } = options.shape === 'one-month' ? { profileId: dataset.profiles[0]!.profileId, month: '2026-10' } : busiestMonth(dataset);

  const random = mulberry32(7);
  const profiles = new Map(dataset.profiles.map((profile) => [profile.profileId, profile]));
  const outbox: OutboxItem[] = [];
  let added = 0;
  for (const batch of dataset.batches) {
    const profile = profiles.get(batch.profileId)!;
    const replies: CommentInput[] = [];
    for (const comment of batch.comments) {
      const own = profile.networks[comment.platform]!;
      if (comment.authorId === own.id || random() >= ANSWERED) continue;
      // Most answers within hours, some after days; none after the dataset's "now".
      const at = Date.parse(comment.created) + Math.floor(-Math.log(1 - random() * 0.999) * 6 * HOUR) + 60_000;
      if (at >= dataset.now) continue;
      added += 1;
      const socialCommentId = `${comment.platform}-reply-${added}`;
      const created = new Date(at).toISOString();
      replies.push({
        ...comment,
        socialCommentId,
        parentSocialCommentId: comment.socialCommentId,
        authorId: own.id,
        authorName: own.username,
        text: 'Thank you, we are on it!',
        created,
        likeCount: 0,
        hidden: false,
        serviceCommentId: `svc-reply-${added}`,
        raw: { comment: 'Thank you, we are on it!', commentId: socialCommentId, created, platform: comment.platform, from: { id: own.id } },
      });
      const key = `${comment.platform}:${comment.socialCommentId}`;
      if (random() < SENT_BY_APP)
        outbox.push(sentItem(outbox.length + 1, dataset.account.accountId, batch.profileId, key, comment.platform, socialCommentId, at + 2_000));
    }
    batch.comments.push(...replies);
  }
  // Replies the app sent that the sync has not read back yet: the outbox alone says they are live.
  const received = dataset.batches.filter((batch) => batch.profileId === profileId).flatMap((batch) => batch.comments);
  for (let n = 0; n < NOT_SEEN_YET; n += 1) {
    const comment = received[Math.floor(random() * received.length)]!;
    const at = Math.min(dataset.now - DAY, Date.parse(comment.created) + HOUR);
    outbox.push(
      sentItem(
        outbox.length + 1,
        dataset.account.accountId,
        profileId,
        `${comment.platform}:${comment.socialCommentId}`,
        comment.platform,
        `${comment.platform}-unseen-${n}`,
        at,
      ),
    );
  }
  return { ...dataset, baseComments: options.comments, addedReplies: added, outbox, request: { profileId, ...monthDays(month) }, timeZone };
}
