// The contract of the local store: what the sync scheduler writes, what the bridge reads, what the
// inbox queries. The SQLite implementation (sqliteStore.ts) is the only one; this file exists so
// the store's callers depend on what it promises, not on its tables.
import type { MessageNetwork, Network } from '../../../shared/networks.ts';
import type { AccountRecord, ProfileRecord } from '../../../shared/domain/accounts.ts';
import type { CommentKey, PostKey } from '../../../shared/domain/keys.ts';
import type {
  ConversationThread,
  InboxCursor,
  InboxItemKind,
  InboxFilter,
  InboxPage,
  InboxRow,
  Thread,
  TriagePatch,
  ViewCounts,
} from '../../../shared/domain/inbox.ts';
import type { AnalyticsSnapshot, AnalyticsSnapshotInput, PostRecord, PostSeen } from '../../../shared/domain/posts.ts';
import type { AccountFigures } from '../../../shared/wire/accountAnalytics.ts';
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import type { ThreadEdits } from '../../../shared/domain/twitterThreads.ts';
import type { CarriedAccounts } from './carriedAccounts.ts';
import type { AccountFiguresUnread } from './syncNotes.ts';

// The domain types are declared once, as schemas in shared/domain (the bridge carries them to the
// renderer); the store's callers keep importing them from here.
export type { AccountRecord, NetworkIdentity, ProfileRecord } from '../../../shared/domain/accounts.ts';
export type { CommentKey, PostKey } from '../../../shared/domain/keys.ts';
export type {
  ConversationInfo,
  ConversationThread,
  DirectMessage,
  InboxCursor,
  InboxFilter,
  InboxItemKind,
  InboxPage,
  InboxRow,
  InboxView,
  Thread,
  TriagePatch,
  ViewCounts,
} from '../../../shared/domain/inbox.ts';
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
  /** The accounts the store's rows belong to: not the account list (accounts.json is), its last copy for recovering a damaged one. */
  storedAccounts(): AccountRecord[];
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
  /** Per profile; `kind` counts only comments or only conversations (default: both). */
  counts(filter?: Pick<InboxFilter, 'platforms' | 'now' | 'kind'>): Record<string, ViewCounts>;
  thread(key: CommentKey): Thread | null;
  /**
   * Comment keys and conversation keys (`dm:…`, see keys.ts) alike, through the one port that
   * writes item state (itemStates.ts): returns the changes written, one per item and field that moved.
   */
  setTriage(keys: CommentKey[], patch: TriagePatch): ItemChange[];
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

  /** A client's corrections of detected X threads; none when never made (or unreadable). */
  threadEdits(profileId: string): ThreadEdits;
  saveThreadEdits(profileId: string, edits: ThreadEdits): void;

  /** The sync's own bookkeeping (syncNotes.ts): typed reads and writes, no row names. */
  discoveredAt(accountId: string, profileId: string): number | null;
  setDiscoveredAt(accountId: string, profileId: string, at: number): void;
  analyticsNotFound(key: PostKey): string | null;
  setAnalyticsNotFound(key: PostKey, since: string | null): void;
  accountAnalyticsDay(profileId: string): string | null;
  setAccountAnalyticsDay(profileId: string, day: string): void;
  accountFiguresUnread(profileId: string): AccountFiguresUnread[];
  setAccountFiguresUnread(profileId: string, notes: readonly AccountFiguresUnread[]): void;

  /** The profile's first complete fetch of an inbox kind (firstFetches.ts): epoch ms, null before it; recorded once. */
  firstFetchDoneAt(profileId: string, kind: InboxItemKind): number | null;
  setFirstFetchDone(profileId: string, kind: InboxItemKind, at: number): void;

  /** The account list an earlier version kept in the store, once (then it is gone); null when there is none. */
  takeCarriedAccounts(): CarriedAccounts | null;

  close(): void;
}

/** One message of a conversation, as the sync hands it to the store. */
export interface MessageInput {
  platform: MessageNetwork;
  messageId: string;
  conversationId: string;
  /** sent: by the account; received: by the person. */
  action: 'sent' | 'received';
  text: string;
  created: string;
  senderId: string;
  recipientId: string;
  /** Who the person is, as far as this message tells (received: the sender; sent: the recipient). */
  personName?: string;
  personUsername?: string;
  personPictureUrl?: string;
  mediaUrls?: string[];
  raw: unknown;
}

export interface MessageIngestResult {
  /** Keys of conversations the store did not have before. */
  newConversations: string[];
  /** Keys of conversations with a new message by the person, newer than their last one (notify, reopen). */
  newlyReceived: string[];
  /** Messages the store did not have before. */
  inserted: number;
  /** Known messages whose text, media, sender or raw record changed. */
  updated: number;
  unchanged: number;
  /** Messages refused one by one; the rest of the batch is stored. */
  rejected: RejectedRecord[];
}

export interface MessageIngestOptions {
  /** Which list the messages came from; default: active, or what the store knew. */
  status?: 'active' | 'archived';
}

export interface ClosingSoonQuery {
  profileIds?: string[];
  /** Epoch ms: windows closed before it are left out. */
  now: number;
  /** Only windows that close within this many ms of now; default: every open one. */
  within?: number;
  limit?: number;
}

/**
 * Direct messages, beside the Store (the SQLite store implements both; the inbox calls of Store show
 * conversations as items). Apart so that stores made for other tests need not grow with it.
 */
export interface MessageStore {
  /**
   * Merges direct messages as fetched (any mix of conversations of one profile). Idempotent; a known
   * message seen with edits is updated; a new conversation starts unread when the person wrote in it;
   * a new message by the person makes its conversation unread and open again (not done, not snoozed).
   * Local triage is otherwise never touched.
   */
  ingestMessages(profileId: string, messages: MessageInput[], options?: MessageIngestOptions): MessageIngestResult;
  /** One conversation (key `dm:${platform}:${conversationId}`) with every message, oldest first; null when unknown. */
  conversation(key: string, profileId?: string): ConversationThread | null;
  /** Conversations waiting for the account whose reply window (facebook, instagram) closes first, open ones only. */
  conversationsClosingSoon(query: ClosingSoonQuery): InboxRow[];
  /** How many conversations that list has per profile id (no length limit; `now` defaults to the store's clock), of these networks when named. */
  conversationsClosingSoonCounts(query: { now?: number | undefined; platforms?: readonly Network[] | undefined }): Record<string, number>;
}

/** A period of the client report: epoch ms, start included, end excluded. */
export interface ReportPeriod {
  start: number;
  end: number;
}

/** A comment by someone else that a profile received, with the account's replies below it in its thread. */
export interface ReportItemRecord {
  key: CommentKey;
  platform: Network;
  socialPostId: string;
  /** Epoch ms. */
  createdAt: number;
  hidden: boolean;
  /** The account's replies anywhere below it, as the sync saw them: their social ids and created times, oldest first. */
  accountReplies: { socialCommentId: string; at: number }[];
}

/**
 * The comments the client report reads for a period, as columns (one entry per row, ascending row
 * id): the period's comments of the profile, and every later one with a parent (an answer can come
 * after the period). Numbers only, except the account's replies' social ids, which the report
 * matches against the outbox (reportCommentRows.ts says why).
 */
export interface ReportCommentRows {
  count: number;
  /** Row ids, ascending. */
  ids: Float64Array;
  /** The index (in these rows) of each row's parent; -1 when the parent is not among them. */
  parents: Int32Array;
  /** Epoch ms; NaN when the stored time cannot be read. */
  createdAt: Float64Array;
  /** The row's network, as its index in COMMENT_NETWORKS (255: none this app knows). */
  networks: Uint8Array;
  /** 1: a comment by others created in the period (an item of the report); 0: anything else. */
  items: Uint8Array;
  hidden: Uint8Array;
  /** The account's replies (those with a parent's key): their row indexes, ascending. A reply whose parent is not among the rows has parents[row] -1. */
  replyRows: Int32Array;
  /** Each reply's social id, and its parent's key (the same order as replyRows). */
  replySocialIds: string[];
  replyParentKeys: string[];
}

/**
 * The direct messages the client report reads for a period: for each of the profile's
 * conversations with a message since the period's start, the last message before it (whether the
 * person or the account spoke last), and every message since, oldest first.
 */
export interface ReportConversation {
  platform: MessageNetwork;
  conversationId: string;
  /** The action of the last message before the period; null when none came before it. */
  before: { action: 'sent' | 'received'; at: number } | null;
  messages: { messageId: string; action: 'sent' | 'received'; at: number }[];
}

/** The client report's reads (reportItems.ts, reportCommentRows.ts, reportMessages.ts). Apart from Store so that stores made for other tests need not grow with it. */
export interface ReportStore {
  /** Comments by others a profile received in the period, oldest first; [] for an unknown profile. The per-item form of reportCommentRows. */
  reportItems(profileId: string, period: ReportPeriod): ReportItemRecord[];
  /** The comments of a period as columns; null for an unknown profile. */
  reportCommentRows(profileId: string, period: ReportPeriod): ReportCommentRows | null;
  /** The row ids of these comment keys (null: not stored, or not a comment key), in the keys' order. */
  reportCommentRowIds(keys: readonly string[]): (number | null)[];
  /** The keys of these comment rows (null: no such row), in their order. */
  reportCommentKeys(rowIds: readonly number[]): (string | null)[];
  /** Comments by others created in the period on each of these posts (post keys); posts with none are left out. */
  reportCommentsPerPost(profileId: string, period: ReportPeriod, postKeys: readonly string[]): Map<string, number>;
  /** The direct messages of a period, per conversation; [] for an unknown profile. */
  reportConversations(profileId: string, period: ReportPeriod): ReportConversation[];
}

/** One network's account figures of one day, as the sync hands them to the store. */
export interface AccountSnapshotInput {
  profileId: string;
  network: Network;
  /** 'YYYY-MM-DD' (UTC): the day the figures describe (their `day`; youtube and tiktok lag). */
  day: string;
  /** The normalized figures; their `raw` is not stored twice (it is the entry's `analytics`). */
  figures: AccountFigures;
  /** The network's entry as the service sent it (`analytics`, `lastUpdated`, unknown fields). */
  entry: Record<string, unknown>;
  /** Epoch ms. */
  fetchedAt: number;
}

export type AccountSnapshot = AccountSnapshotInput;

/** Account growth (accountSnapshots.ts). Apart from Store so that stores made for other tests need not grow with it. */
export interface AccountSnapshotStore {
  /** Stores the day's figures of a profile's network; a later read of the same day replaces them. */
  recordAccountSnapshot(snapshot: AccountSnapshotInput): void;
  /** Days from `fromDay` to `toDay` (both 'YYYY-MM-DD', included), oldest first, then by network; [] for an unknown profile. */
  accountSnapshots(profileId: string, fromDay: string, toDay: string): AccountSnapshot[];
}

/**
 * Told after a write of item state is committed: the changed items' states now (read from the store
 * when first asked, once per write: a whole-view sweep's listeners that need only the changes do not
 * pay for reading 50,000 states back; asked only while it is told, not kept for later), and the changes.
 */
export type ItemStatesListener = (statesNow: () => ReadonlyMap<string, ItemState>, changes: readonly ItemChange[]) => void;

/** Item state beyond triage writes (itemStates.ts). Apart from Store so that stores made for other tests need not grow with it. */
export interface ItemStateStore {
  /** Writes the inverse of each logged change whose field still holds what it set; returns the inverses written. */
  undoItemChanges(ids: readonly string[]): ItemChange[];
  /** The states of these keys; keys of items the store does not have are left out. */
  itemStates(keys: readonly string[]): Map<string, ItemState>;
  /** An item's change log, oldest first. */
  itemHistory(key: string): ItemChange[];
  /** Every committed write of item state, whoever made it (the person, undo, the sync). */
  onItemStatesChanged(listener: ItemStatesListener): void;
  /** Told after a write that stored items for the first time (ingest), with their keys. */
  onItemsStarted(listener: (keys: readonly string[]) => void): void;
  /** Who this device's own triage and undo are by from now on (a team: the member and this device's name). */
  setLocalActor(actor: { who: string; device: string }): void;
  /**
   * Decisions made elsewhere (a team's folded states), written through the same port and logged as
   * their author's, in one transaction; keys the store does not have, or cannot hold, are left out.
   */
  applyItemStates(states: readonly { key: string; state: Partial<ItemState>; by: { who: string; device: string } }[]): ItemChange[];
}
