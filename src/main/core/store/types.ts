// The contract of the local store: what the sync scheduler writes, what the bridge reads, what the
// inbox queries. The SQLite implementation (sqliteStore.ts) is the only one; this file exists so
// the store's callers depend on what it promises, not on its tables.
import type { Network } from '../../../shared/networks.ts';
import type { AccountRecord, ProfileRecord } from '../../../shared/domain/accounts.ts';
import type { CommentKey, PostKey } from '../../../shared/domain/keys.ts';
import type { InboxCursor, InboxFilter, InboxPage, InboxRow, Thread, TriagePatch, ViewCounts } from '../../../shared/domain/inbox.ts';
import type { AnalyticsSnapshot, AnalyticsSnapshotInput, PostRecord, PostSeen } from '../../../shared/domain/posts.ts';

// The domain types are declared once, as schemas in shared/domain (the bridge carries them to the
// renderer); the store's callers keep importing them from here.
export type { AccountRecord, NetworkIdentity, ProfileRecord } from '../../../shared/domain/accounts.ts';
export type { CommentKey, PostKey } from '../../../shared/domain/keys.ts';
export type { InboxCursor, InboxFilter, InboxPage, InboxRow, InboxView, Thread, TriagePatch, ViewCounts } from '../../../shared/domain/inbox.ts';
export type { AnalyticsSnapshot, AnalyticsSnapshotInput, PostRecord, PostSeen } from '../../../shared/domain/posts.ts';

/** A comment as the sync scheduler hands it to the store (from GET /comments, replies flattened). */
export interface CommentInput {
  platform: Network;
  socialCommentId: string;
  socialPostId: string;
  parentSocialCommentId: string | null;
  authorId: string;
  authorName: string;
  text: string;
  created: string;
  likeCount: number;
  hidden: boolean;
  /** linkedin: the full comment URN a reply by social id needs. */
  commentUrn?: string;
  /** tiktok: the video id a reply by social id needs. */
  videoId?: string;
  /** bluesky */
  cid?: string;
  serviceCommentId?: string | null;
  raw: unknown;
}

export interface IngestResult {
  /** Comments the store did not have before (the "new comments" event). */
  inserted: CommentKey[];
  /** Known comments whose stored record changed (text, likes, hidden flag, author name, raw record, ids learnt later). */
  updated: number;
  unchanged: number;
  /** Comments refused one by one (no id, unknown network, a time that is not a time); the rest of the batch is stored. */
  rejected: RejectedRecord[];
}

/** A record the store refused on its own, so the rest of its batch could be kept. */
export interface RejectedRecord {
  /** `${platform}:${socialId}` as received, even when one of them is missing. */
  key: string;
  reason: string;
}

export interface UpsertPostsResult {
  rejected: RejectedRecord[];
}

/** What the scheduler needs to decide how often to poll a post. */
export interface PostSyncState {
  post: PostRecord;
  commentCount: number;
  /** Newest comment's created, or null. */
  lastCommentAt: string | null;
  /** Epoch ms of the last comments poll, or null when never polled. */
  lastPolledAt: number | null;
  /** nextUpdate of the newest analytics answer (epoch ms), or null; an answer with unchanged numbers moves it too. */
  analyticsDueAt: number | null;
}

export interface Store {
  upsertAccount(account: AccountRecord): void;
  upsertProfile(profile: ProfileRecord): void;
  profiles(accountId?: string): ProfileRecord[];

  /** Idempotent: the same posts twice change nothing. A post of an unknown profile, or without ids, is refused alone. */
  upsertPosts(posts: PostRecord[]): UpsertPostsResult;
  post(key: PostKey): PostRecord | null;
  postsForSync(profileId: string): PostSyncState[];
  markPolled(key: PostKey, at: number): void;
  /**
   * Takes a post the user tracked by hand (`trackedAt`) out of the store, with its analytics and
   * comments. False, and nothing changes, for an unknown key or a post the sync discovered.
   */
  removeTrackedPost(key: PostKey): boolean;

  /**
   * Merges one post's comments as fetched. Idempotent; new comments start unread (except the
   * account's own); local triage state of known comments is never overwritten.
   */
  ingestComments(profileId: string, comments: CommentInput[]): IngestResult;

  inboxPage(filter: InboxFilter, cursor?: InboxCursor | null, limit?: number): InboxPage;
  /** A view's size and its newest row's position (null when empty): the snapshot "select all in this view" shows. */
  inboxViewSize(filter: InboxFilter): { count: number; newest: InboxCursor | null };
  /** A view's rows from `from` down (inclusive; null: from the newest), newest first, at most `limit`: a bounded sweep. */
  inboxRowsFrom(filter: InboxFilter, from: InboxCursor | null, limit: number): InboxRow[];
  counts(filter?: Pick<InboxFilter, 'platforms' | 'now'>): Record<string, ViewCounts>;
  thread(key: CommentKey): Thread | null;
  setTriage(keys: CommentKey[], patch: TriagePatch): void;
  /**
   * Takes a comment out of the store (deleted on its network): its row, triage and search entry go;
   * its replies stay; "replied" flags are re-decided. False when the store did not know the key.
   */
  deleteComment(key: CommentKey): boolean;

  /** Stores a snapshot when its numbers differ from the newest one of that post; says which. */
  recordAnalytics(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged';
  latestAnalytics(key: PostKey): AnalyticsSnapshot | null;
  analyticsHistory(key: PostKey): AnalyticsSnapshot[];
  /** Keeps every snapshot of the last week, one an hour up to a month, one a day after that. */
  thinAnalytics(now: number): number;

  /** What the user last saw on the post's metric panel; null when never (or the row does not parse). */
  lastSeen(key: PostKey): PostSeen | null;
  /** Replaces it; the snapshot must be one of that post's. */
  markSeen(key: PostKey, seen: PostSeen): void;

  cursor(name: string): string | null;
  setCursor(name: string, value: string): void;

  close(): void;
}
