// The store: one SQLite file per app data directory (see types.ts for what it promises).
//
// openStore never throws because of the file (storeFiles.ts, openOrReplace): an unusable file is
// moved aside, or a store in memory is used, and the caller is told (`recovered`). The same holds
// after open: damage found at any time replaces the file under the same SqliteStore object
// (storeConnection.ts) and tells `onRecovered` listeners.
//
// This is the façade: one short method per store operation, each handing its work to the part that
// owns it (storeParts.ts: ingest, inbox query, triage, messages, report items...), all under the
// connection's one damage guard; a write also tells what it changed once it is in (writeNotices.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import type { ReviewAnswer } from '../../../shared/domain/reviewItem.ts';
import type { ThreadEdits } from '../../../shared/domain/twitterThreads.ts';
import type { Network } from '../../../shared/networks.ts';
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import { type Clock, systemClock } from '../clock.ts';
import { redecideAuthorship } from './authorship.ts';
import { type CarriedAccounts, takeCarriedAccounts } from './carriedAccounts.ts';
import { StoreInputError } from './errors.ts';
import { type ChangeActor, ME_ON_THIS_DEVICE } from './itemStates.ts';
import { parseKey } from './keys.ts';
import type { MigrationReport } from './migrate.ts';
import { removeComment, removeTrackedPost } from './removals.ts';
import type { ReportReview, ReviewIngestResult, ReviewInput } from './reviewTable.ts';
import { StoreConnection, type StoreRecoveryListener } from './storeConnection.ts';
import { openOrReplace, type OpenStoreOptions, type StoreRecovery } from './storeFiles.ts';
import { type StoreParts, wireStoreParts } from './storeParts.ts';
import type { AccountFiguresUnread } from './syncNotes.ts';
import { WriteNotices } from './writeNotices.ts';
import type {
  AccountRecord,
  AccountSnapshot,
  AccountSnapshotInput,
  AccountSnapshotStore,
  AnalyticsSnapshot,
  AnalyticsSnapshotInput,
  ClosingSoonQuery,
  CommentInput,
  ConversationThread,
  CommentKey,
  InboxCursor,
  InboxFilter,
  InboxPage,
  InboxRow,
  IngestResult,
  ItemStateStore,
  ItemStatesListener,
  MessageIngestOptions,
  MessageIngestResult,
  MessageInput,
  MessageStore,
  PostKey,
  PostRecord,
  PostSeen,
  PostSyncState,
  ProfileRecord,
  ReportCommentRows,
  ReportConversation,
  ReportItemRecord,
  ReportPeriod,
  ReportStore,
  Store,
  Thread,
  TriagePatch,
  UpsertPostsResult,
  ViewCounts,
} from './types.ts';

export { STORE_FILE_NAME, storeFileIn, type OpenStoreOptions, type StoreRecovery } from './storeFiles.ts';
export type { StoreRecoveryListener } from './storeConnection.ts';

export interface OpenedStore {
  store: SqliteStore;
  /** null when the file opened as it was. */
  recovered: StoreRecovery | null;
  migrated: MigrationReport;
}

export function openStore(file: string, options: OpenStoreOptions = {}): OpenedStore {
  const clock = options.clock ?? systemClock;
  const opened = openOrReplace(file, options.integrityCheck ?? 'header', clock);
  return { store: new SqliteStore(opened.db, clock, opened.file), recovered: opened.recovered, migrated: opened.migrated };
}

export class SqliteStore implements Store, MessageStore, ReportStore, AccountSnapshotStore, ItemStateStore {
  readonly #clock: Clock;
  readonly #connection: StoreConnection;
  /** Rewired on a fresh database when a damaged file is replaced (storeConnection.ts). */
  #parts!: StoreParts;
  readonly #notices = new WriteNotices((keys) => this.#parts.states.get(keys));
  /** Who this device's own decisions are by: "me" alone, the member and device name in a team. */
  #actor: ChangeActor = ME_ON_THIS_DEVICE;

  constructor(db: DatabaseSync, clock: Clock, file = ':memory:') {
    this.#clock = clock;
    this.#connection = new StoreConnection(db, clock, file, (fresh) => this.#attach(fresh));
    this.#attach(db);
  }

  /** Listens for a rebuild after open (the open's own recovery is in openStore's answer). */
  onRecovered(listener: StoreRecoveryListener): void {
    this.#connection.onRecovered(listener);
  }

  /** The full check in a worker (storeConnection.ts): the recovery it made, or null when the file is sound. */
  verify(): Promise<StoreRecovery | null> {
    return this.#connection.verify();
  }

  upsertAccount(account: AccountRecord): void {
    this.#guard(() => this.#parts.profiles.upsertAccount(account));
  }

  upsertProfile(profile: ProfileRecord): void {
    this.#write(() => {
      const { rowId, identitiesChanged } = this.#parts.profiles.upsertProfile(profile);
      if (identitiesChanged) redecideAuthorship(this.#parts, rowId);
    });
  }

  storedAccounts(): AccountRecord[] {
    return this.#guard(() => this.#parts.profiles.storedAccounts());
  }

  profiles(accountId?: string): ProfileRecord[] {
    return this.#guard(() => this.#parts.profiles.profiles(accountId));
  }

  upsertPosts(posts: PostRecord[]): UpsertPostsResult {
    return this.#write(() => this.#parts.posts.upsert(posts));
  }

  post(key: PostKey): PostRecord | null {
    return this.#guard(() => this.#parts.posts.post(key));
  }

  postsForSync(profileId: string): PostSyncState[] {
    return this.#guard(() => this.#parts.posts.forSync(profileId));
  }

  markPolled(key: PostKey, at: number): void {
    this.#guard(() => this.#parts.posts.markPolled(key, at));
  }

  removeTrackedPost(key: PostKey): boolean {
    return this.#write(() => removeTrackedPost(this.#parts, key));
  }

  ingestComments(profileId: string, comments: CommentInput[]): IngestResult {
    return this.#write(() => this.#parts.ingest.ingest(profileId, comments));
  }

  inboxPage(filter: InboxFilter, cursor?: InboxCursor | null, limit?: number): InboxPage {
    return this.#guard(() => this.#parts.inbox.page(filter, cursor, limit));
  }

  inboxViewSize(filter: InboxFilter): { count: number; newest: InboxCursor | null } {
    return this.#guard(() => this.#parts.inbox.size(filter));
  }

  inboxRowsFrom(filter: InboxFilter, from: InboxCursor | null, limit: number): InboxRow[] {
    return this.#guard(() => this.#parts.inbox.rowsFrom(filter, from, limit));
  }

  counts(filter: Pick<InboxFilter, 'platforms' | 'now' | 'kind'> = {}): Record<string, ViewCounts> {
    // "Assigned to me" is counted in a team only (the actor is then a member, not ME_ON_THIS_DEVICE).
    const member = this.#actor === ME_ON_THIS_DEVICE ? null : this.#actor.who;
    return this.#guard(() => this.#parts.counts.counts(filter.now ?? this.#clock.now(), filter.platforms, filter.kind, member));
  }

  ingestMessages(profileId: string, messages: MessageInput[], options?: MessageIngestOptions): MessageIngestResult {
    return this.#write(() => this.#parts.messages.ingest(profileId, messages, options));
  }

  conversation(key: string, profileId?: string): ConversationThread | null {
    return this.#guard(() => this.#parts.conversations.thread(key, profileId));
  }

  conversationsClosingSoon(query: ClosingSoonQuery): InboxRow[] {
    return this.#guard(() => this.#parts.conversations.closingSoon(query));
  }

  conversationsClosingSoonCounts(query: { now?: number | undefined; platforms?: readonly Network[] | undefined }): Record<string, number> {
    return this.#guard(() => this.#parts.conversations.closingSoonCounts(query.now ?? this.#clock.now(), query.platforms));
  }

  /** Reviews (issue 31): the store's part is reviewTable.ts; these only guard and batch it. */
  ingestReviews(profileId: string, reviews: readonly ReviewInput[]): ReviewIngestResult {
    return this.#write(() => this.#parts.reviews.ingest(profileId, reviews));
  }

  review(key: string, profileId?: string): { row: InboxRow; answers: ReviewAnswer[] } | null {
    return this.#guard(() => this.#parts.reviews.review(key, profileId));
  }

  reviewRepliesRemoved(key: string): boolean {
    return this.#write(() => this.#parts.reviews.repliesRemoved(key));
  }

  reviewIds(profileId: string, platform: ReviewNetwork): string[] {
    return this.#guard(() => this.#parts.reviews.reviewIds(profileId, platform));
  }

  reportReviews(profileId: string, start: number, end: number): ReportReview[] {
    return this.#guard(() => this.#parts.reviews.reportReviews(profileId, start, end));
  }

  thread(key: CommentKey): Thread | null {
    return this.#guard(() => this.#parts.threads.thread(key));
  }

  reportItems(profileId: string, period: ReportPeriod): ReportItemRecord[] {
    return this.#guard(() => this.#parts.reportItems.items(profileId, period));
  }

  reportCommentRows(profileId: string, period: ReportPeriod): ReportCommentRows | null {
    return this.#guard(() => this.#parts.reportRows.rows(profileId, period));
  }

  reportCommentRowIds(keys: readonly string[]): (number | null)[] {
    return this.#guard(() => this.#parts.reportRows.rowIds(keys));
  }

  reportCommentKeys(rowIds: readonly number[]): (string | null)[] {
    return this.#guard(() => this.#parts.reportRows.keysOf(rowIds));
  }

  reportCommentsPerPost(profileId: string, period: ReportPeriod, postKeys: readonly string[]): Map<string, number> {
    return this.#guard(() => this.#parts.reportRows.commentsPerPost(profileId, period, postKeys));
  }

  reportConversations(profileId: string, period: ReportPeriod): ReportConversation[] {
    return this.#guard(() => this.#parts.reportMessages.conversations(profileId, period));
  }

  setTriage(keys: CommentKey[], patch: TriagePatch): ItemChange[] {
    return this.#write(() => this.#parts.states.set(keys, patch, this.#actor));
  }

  undoItemChanges(ids: readonly string[]): ItemChange[] {
    return this.#write(() => this.#parts.states.undo(ids, this.#actor));
  }

  setLocalActor(actor: ChangeActor): void {
    this.#actor = Object.freeze({ who: actor.who, device: actor.device });
  }

  applyItemStates(states: readonly { key: string; state: Partial<ItemState>; by: ChangeActor }[]): ItemChange[] {
    return this.#write(() =>
      states.flatMap(({ key, state, by }) => {
        try {
          return this.#parts.states.set([key], state, by);
        } catch (error) {
          // A key this store cannot hold (set checks before writing anything) is left out on its own.
          if (error instanceof StoreInputError) return [];
          throw error;
        }
      }),
    );
  }

  itemStates(keys: readonly string[]): Map<string, ItemState> {
    return this.#guard(() => this.#parts.states.get(keys));
  }

  itemHistory(key: string): ItemChange[] {
    return this.#guard(() => this.#parts.states.history(key));
  }

  onItemStatesChanged(listener: ItemStatesListener): void {
    this.#notices.onItemStatesChanged(listener);
  }

  onItemsStarted(listener: (keys: readonly string[]) => void): void {
    this.#notices.onItemsStarted(listener);
  }

  deleteComment(key: CommentKey): boolean {
    const ref = parseKey(key);
    if (ref === null) throw new StoreInputError(`Not a comment key: ${String(key)}`);
    return this.#write(() => removeComment(this.#parts, key, ref));
  }

  recordAnalytics(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged' {
    return this.#write(() => this.#parts.analytics.record(snapshot));
  }

  latestAnalytics(key: PostKey): AnalyticsSnapshot | null {
    return this.#guard(() => this.#parts.analytics.latest(key));
  }

  analyticsHistory(key: PostKey): AnalyticsSnapshot[] {
    return this.#guard(() => this.#parts.analytics.history(key));
  }

  thinAnalytics(now: number): number {
    return this.#write(() => this.#parts.analytics.thin(now));
  }

  recordAccountSnapshot(snapshot: AccountSnapshotInput): void {
    this.#write(() => this.#parts.accountSnapshots.record(snapshot));
  }

  accountSnapshots(profileId: string, fromDay: string, toDay: string): AccountSnapshot[] {
    return this.#guard(() => this.#parts.accountSnapshots.snapshots(profileId, fromDay, toDay));
  }

  lastSeen(key: PostKey): PostSeen | null {
    return this.#guard(() => this.#parts.seen.get(key));
  }

  markSeen(key: PostKey, seen: PostSeen): void {
    this.#guard(() => this.#parts.seen.set(key, seen));
  }

  threadEdits(profileId: string): ThreadEdits {
    return this.#guard(() => this.#parts.threadEdits.get(profileId));
  }

  saveThreadEdits(profileId: string, edits: ThreadEdits): void {
    this.#guard(() => this.#parts.threadEdits.set(profileId, edits));
  }

  discoveredAt(accountId: string, profileId: string): number | null {
    return this.#guard(() => this.#parts.syncNotes.discoveredAt(accountId, profileId));
  }

  setDiscoveredAt(accountId: string, profileId: string, at: number): void {
    this.#guard(() => this.#parts.syncNotes.setDiscoveredAt(accountId, profileId, at));
  }

  analyticsNotFound(key: PostKey): string | null {
    return this.#guard(() => this.#parts.syncNotes.analyticsNotFound(key));
  }

  setAnalyticsNotFound(key: PostKey, since: string | null): void {
    this.#guard(() => this.#parts.syncNotes.setAnalyticsNotFound(key, since));
  }

  accountAnalyticsDay(profileId: string): string | null {
    return this.#guard(() => this.#parts.syncNotes.accountAnalyticsDay(profileId));
  }

  setAccountAnalyticsDay(profileId: string, day: string): void {
    this.#guard(() => this.#parts.syncNotes.setAccountAnalyticsDay(profileId, day));
  }

  accountFiguresUnread(profileId: string): AccountFiguresUnread[] {
    return this.#guard(() => this.#parts.syncNotes.accountFiguresUnread(profileId));
  }

  setAccountFiguresUnread(profileId: string, notes: readonly AccountFiguresUnread[]): void {
    this.#guard(() => this.#parts.syncNotes.setAccountFiguresUnread(profileId, notes));
  }

  firstFetchDoneAt(profileId: string, kind: InboxItemKind): number | null {
    return this.#guard(() => this.#parts.firstFetches.doneAt(profileId, kind));
  }

  setFirstFetchDone(profileId: string, kind: InboxItemKind, at: number): void {
    this.#guard(() => this.#parts.firstFetches.setDone(profileId, kind, at));
  }

  takeCarriedAccounts(): CarriedAccounts | null {
    return this.#write(() => takeCarriedAccounts(this.#parts.statements));
  }

  close(): void {
    this.#connection.close();
  }

  #guard<T>(work: () => T): T {
    return this.#connection.guard(work);
  }

  #write<T>(work: () => T): T {
    return this.#guard(() => this.#notices.around(() => this.#connection.inTransaction(work)));
  }

  #attach(db: DatabaseSync): void {
    this.#parts = wireStoreParts(db, {
      now: () => this.#clock.now(),
      who: () => this.#actor.who,
      changed: (changes) => this.#notices.changed(changes),
      started: (key) => this.#notices.started(key),
    });
  }
}
