// The contract of the local store: what the sync scheduler writes, what the bridge reads, what the
// inbox queries. The SQLite implementation (sqliteStore.ts) is the only one; this file exists so
// the store's callers depend on what it promises, not on its tables.
import type { Network } from '../../../shared/networks.ts';

/** A comment is known by its network and its social comment id: `${platform}:${socialCommentId}`. */
export type CommentKey = string;
/** A network post likewise: `${platform}:${socialPostId}`. */
export type PostKey = string;

export interface AccountRecord {
  accountId: string;
  title: string;
  /** The service's base URL (the real one or a sandbox's). Never a key: keys live in the vault. */
  baseUrl: string;
  kind: 'sandbox' | 'service';
}

/** The profile's own account on one network: its comments and replies carry this author id. */
export interface NetworkIdentity {
  id: string;
  username: string;
  displayName?: string;
}

export interface ProfileRecord {
  accountId: string;
  /** The service's refId. */
  profileId: string;
  title: string;
  isPrimary: boolean;
  networks: Partial<Record<Network, NetworkIdentity>>;
  /** The client's colour in the UI (#rrggbb); chosen by the user. */
  color: string | null;
}

export interface PostRecord {
  profileId: string;
  platform: Network;
  socialPostId: string;
  /** null for a post made outside the service. */
  servicePostId: string | null;
  text: string;
  url: string | null;
  /** UTC ISO 8601. */
  created: string;
  disableComments: boolean;
  /** The service's record as received, so no field is lost. */
  raw: unknown;
}

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

export type InboxView = 'needsReply' | 'all' | 'done' | 'snoozed' | 'hidden';

export interface InboxFilter {
  profileIds?: string[];
  platforms?: Network[];
  /** Default 'all'. needsReply: not by the account, not done, not hidden, not snoozed, no reply by the account yet. */
  view?: InboxView;
  unreadOnly?: boolean;
  /** Full-text search over comment text and author names (FTS5). */
  text?: string;
  /** Epoch ms; decides which snoozes have run out. Default: the store's clock. */
  now?: number;
}

/** Keyset position: the last row of the previous page. Newest first, ties broken by key. */
export interface InboxCursor {
  created: string;
  key: CommentKey;
}

export interface InboxRow {
  key: CommentKey;
  profileId: string;
  platform: Network;
  socialCommentId: string;
  socialPostId: string;
  parentSocialCommentId: string | null;
  postExcerpt: string;
  authorId: string;
  authorName: string;
  text: string;
  created: string;
  likeCount: number;
  hidden: boolean;
  byAccount: boolean;
  unread: boolean;
  done: boolean;
  snoozedUntil: number | null;
  /** The account has replied to it (a reply by the account is among its replies). */
  replied: boolean;
  labels: string[];
  commentUrn: string | null;
  videoId: string | null;
}

export interface InboxPage {
  rows: InboxRow[];
  /** Pass back to get the next page; null when there is none. */
  next: InboxCursor | null;
}

export interface ViewCounts {
  unread: number;
  needsReply: number;
  all: number;
  done: number;
  snoozed: number;
  hidden: number;
}

export interface Thread {
  post: PostRecord | null;
  /** From the top-level comment down to the parent. */
  ancestors: InboxRow[];
  comment: InboxRow;
  /** Oldest first, every depth. */
  replies: InboxRow[];
}

export interface TriagePatch {
  unread?: boolean;
  done?: boolean;
  /** Epoch ms, or null to wake it. */
  snoozedUntil?: number | null;
  labels?: string[];
}

export interface AnalyticsSnapshotInput {
  profileId: string;
  platform: Network;
  socialPostId: string;
  /** Epoch ms when we fetched it. */
  fetchedAt: number;
  lastUpdated: string;
  nextUpdate: string;
  metrics: Record<string, unknown>;
  backfilledFrom?: string;
  recoveredFrom?: string;
}

export interface AnalyticsSnapshot extends AnalyticsSnapshotInput {
  id: number;
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
   * Merges one post's comments as fetched. Idempotent; new comments start unread (except the
   * account's own); local triage state of known comments is never overwritten.
   */
  ingestComments(profileId: string, comments: CommentInput[]): IngestResult;

  inboxPage(filter: InboxFilter, cursor?: InboxCursor | null, limit?: number): InboxPage;
  counts(filter?: Pick<InboxFilter, 'platforms' | 'now'>): Record<string, ViewCounts>;
  thread(key: CommentKey): Thread | null;
  setTriage(keys: CommentKey[], patch: TriagePatch): void;

  /** Stores a snapshot when its numbers differ from the newest one of that post; says which. */
  recordAnalytics(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged';
  latestAnalytics(key: PostKey): AnalyticsSnapshot | null;
  analyticsHistory(key: PostKey): AnalyticsSnapshot[];
  /** Keeps every snapshot of the last week, one an hour up to a month, one a day after that. */
  thinAnalytics(now: number): number;

  cursor(name: string): string | null;
  setCursor(name: string, value: string): void;

  close(): void;
}
