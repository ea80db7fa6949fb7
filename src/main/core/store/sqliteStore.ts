// The store: one SQLite file per app data directory (see types.ts for what it promises).
//
// openStore never throws because of the file: a file that is not a database, is damaged, comes
// from a newer app or cannot be migrated is moved aside and a fresh store is made, and the caller
// is told (`recovered`) so the UI can say so and the sync can refill it from the service. A file
// that cannot be used at all (permissions, a full disk, another process holding it) is left where
// it is and the app runs on a store in memory for this session (`recovered.temporary`).
//
// The same holds after open: damage any query meets, or the full check (`verify`, every page, in
// a worker) finds, replaces the file under the same SqliteStore object and tells `onRecovered`
// listeners. A file that vanished or was emptied where a store had been made is told too
// (storeMarker.ts).
//
// Over 400 lines on purpose: this is the façade, one short method per store operation, each handing
// its work to the part that owns it (ingest, inbox query, triage, messages, report items...), all
// under the same damage guard; splitting it would scatter that guard.
import type { ReviewAnswer } from '../../../shared/domain/reviewItem.ts';
import type { ReviewNetwork } from '../../../shared/reviews.ts';
import { type ReportReview, type ReviewIngestResult, type ReviewInput, ReviewTable } from './reviewTable.ts';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import type { Network } from '../../../shared/networks.ts';
import type { ThreadEdits } from '../../../shared/domain/twitterThreads.ts';
import { type Clock, systemClock } from '../clock.ts';
import { AccountSnapshotTable } from './accountSnapshots.ts';
import { AnalyticsHistory } from './analytics.ts';
import { type BackgroundCheck, checkInBackground } from './backgroundCheck.ts';
import type { IntegrityCheck } from './connection.ts';
import { ConversationQuery } from './conversations.ts';
import { InboxCounts } from './counts.ts';
import { classifySqliteError, messageOf, StoreCorruptError, StoreError, StoreInputError, StoreUnavailableError } from './errors.ts';
import { COMMENT_KIND } from './itemKinds.ts';
import { type ChangeActor, ItemStates, ME_ON_THIS_DEVICE } from './itemStates.ts';
import { parseKey } from './keys.ts';
import { InboxQuery } from './inboxQuery.ts';
import { CommentIngest } from './ingest.ts';
import type { MigrationReport } from './migrate.ts';
import { MessageIngest } from './messageIngest.ts';
import { MessageSearch } from './messageSearch.ts';
import { PostTable } from './posts.ts';
import { ProfileTable } from './profiles.ts';
import { RepliedFlags } from './repliedFlags.ts';
import { ReportCommentRowsQuery } from './reportCommentRows.ts';
import { ReportItemsQuery } from './reportItems.ts';
import { ReportMessagesQuery } from './reportMessages.ts';
import { SeenPosts } from './seenPosts.ts';
import { type AccountFiguresUnread, SyncNotes } from './syncNotes.ts';
import { FirstFetches } from './firstFetches.ts';
import { ThreadEditsTable } from './threadEdits.ts';
import { type CarriedAccounts, takeCarriedAccounts } from './carriedAccounts.ts';
import { openDatabase, replaceFile, type StoreRecovery } from './storeFiles.ts';
import { lostStore } from './storeMarker.ts';
import { Statements } from './statements.ts';
import { ThreadQuery } from './thread.ts';
import { inTransaction } from './transaction.ts';
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

/** The store's file in an app data directory: one per directory. */
export const STORE_FILE_NAME = 'inbox.sqlite';

export function storeFileIn(dataDir: string): string {
  return join(dataDir, STORE_FILE_NAME);
}

export interface OpenStoreOptions {
  clock?: Clock;
  /**
   * 'header' (default): a few reads that find garbage and truncation. 'quick' reads every page
   * before open returns (about 230 ms at 100,000 comments); the app runs that check beside its
   * start instead (SqliteStore.verify), so the start does not wait for it.
   */
  integrityCheck?: IntegrityCheck;
}

export type { StoreRecovery } from './storeFiles.ts';

export interface OpenedStore {
  store: SqliteStore;
  /** null when the file opened as it was. */
  recovered: StoreRecovery | null;
  migrated: MigrationReport;
}

export function openStore(file: string, options: OpenStoreOptions = {}): OpenedStore {
  const clock = options.clock ?? systemClock;
  const check = options.integrityCheck ?? 'header';
  const lost = file === ':memory:' ? null : lostStore(file);
  if (lost !== null) {
    const fresh = replaceFile(file, { reason: lost.reason, kind: lost.kind, unreachable: false }, clock);
    return { store: new SqliteStore(fresh.db, clock, fresh.file), recovered: fresh.recovered, migrated: fresh.migrated };
  }
  try {
    const { db, migrated } = openDatabase(file, check, clock);
    return { store: new SqliteStore(db, clock, file), recovered: null, migrated };
  } catch (failure) {
    const error = classifySqliteError(failure);
    const kind = error instanceof StoreError ? error.kind : 'unknown';
    const fresh = replaceFile(file, { reason: messageOf(error), kind, unreachable: error instanceof StoreUnavailableError }, clock);
    return { store: new SqliteStore(fresh.db, clock, fresh.file), recovered: fresh.recovered, migrated: fresh.migrated };
  }
}

/** Told when the store replaced its file after open; runs before the call that found the damage is answered. */
export type StoreRecoveryListener = (recovery: StoreRecovery) => void;

export class SqliteStore implements Store, MessageStore, ReportStore, AccountSnapshotStore, ItemStateStore {
  // Not readonly: a damaged file found after open is replaced under the same object (see #rebuild),
  // so everything that holds the store keeps working with the fresh one.
  #db!: DatabaseSync;
  #file: string;
  readonly #clock: Clock;
  #profiles!: ProfileTable;
  #posts!: PostTable;
  #ingest!: CommentIngest;
  #messages!: MessageIngest;
  #conversations!: ConversationQuery;
  #reviews!: ReviewTable;
  #inbox!: InboxQuery;
  #counts!: InboxCounts;
  #threads!: ThreadQuery;
  #reportItems!: ReportItemsQuery;
  #reportRows!: ReportCommentRowsQuery;
  #reportMessages!: ReportMessagesQuery;
  #states!: ItemStates;
  /** Changes the port wrote in the open transaction: told to listeners once it is committed. */
  #written: ItemChange[] = [];
  /** Items started (first stored) in the write under way, told after its commit. */
  #started: string[] = [];
  readonly #startListeners: ((keys: readonly string[]) => void)[] = [];
  readonly #stateListeners: ItemStatesListener[] = [];
  /** Who this device's own decisions are by: "me" alone, the member and device name in a team. */
  #actor: ChangeActor = ME_ON_THIS_DEVICE;
  #analytics!: AnalyticsHistory;
  #accountSnapshots!: AccountSnapshotTable;
  #replied!: RepliedFlags;
  #statements!: Statements;
  #seen!: SeenPosts;
  #threadEdits!: ThreadEditsTable;
  #syncNotes!: SyncNotes;
  #firstFetches!: FirstFetches;
  readonly #listeners: StoreRecoveryListener[] = [];
  #rebuilding = false;
  /** Counts rebuilds: a check that started on an older file says nothing of the current one. */
  #generation = 0;
  #check: BackgroundCheck | null = null;
  #closed = false;

  constructor(db: DatabaseSync, clock: Clock, file = ':memory:') {
    this.#clock = clock;
    this.#file = file;
    this.#attach(db);
  }

  /** Listens for a rebuild after open (the open's own recovery is in openStore's answer). */
  onRecovered(listener: StoreRecoveryListener): void {
    this.#listeners.push(listener);
  }

  /**
   * The full check (every page) on a connection of its own in a worker thread; damage it finds is
   * handled as damage a query meets: the file is moved aside and a fresh store takes its place.
   * Resolves to that recovery, or null when the file is sound (or the check could not run).
   */
  async verify(): Promise<StoreRecovery | null> {
    if (this.#file === ':memory:' || this.#closed) return null;
    const generation = this.#generation;
    this.#check?.stop();
    const check = checkInBackground(this.#file);
    this.#check = check;
    const problems = await check.result;
    if (this.#check === check) this.#check = null;
    if (problems.length === 0 || this.#closed || generation !== this.#generation) return null;
    return this.#rebuild(new StoreCorruptError(`The store's file is damaged: ${problems.join('; ')}`));
  }

  upsertAccount(account: AccountRecord): void {
    this.#guard(() => this.#profiles.upsertAccount(account));
  }

  upsertProfile(profile: ProfileRecord): void {
    this.#write(() => {
      const { rowId, identitiesChanged } = this.#profiles.upsertProfile(profile);
      if (identitiesChanged) this.#redecideAuthorship(rowId);
    });
  }

  storedAccounts(): AccountRecord[] {
    return this.#guard(() => this.#profiles.storedAccounts());
  }

  profiles(accountId?: string): ProfileRecord[] {
    return this.#guard(() => this.#profiles.profiles(accountId));
  }

  upsertPosts(posts: PostRecord[]): UpsertPostsResult {
    return this.#write(() => this.#posts.upsert(posts));
  }

  post(key: PostKey): PostRecord | null {
    return this.#guard(() => this.#posts.post(key));
  }

  postsForSync(profileId: string): PostSyncState[] {
    return this.#guard(() => this.#posts.forSync(profileId));
  }

  markPolled(key: PostKey, at: number): void {
    this.#guard(() => this.#posts.markPolled(key, at));
  }

  removeTrackedPost(key: PostKey): boolean {
    return this.#write(() => {
      const result = this.#posts.removeTracked(key);
      // An answer by the account may have gone with the post's comments.
      if (result.removedComments > 0 && result.profileRowId !== null) this.#replied.recompute(result.profileRowId);
      if (result.removed) this.#seen.forget(key);
      return result.removed;
    });
  }

  ingestComments(profileId: string, comments: CommentInput[]): IngestResult {
    return this.#write(() => this.#ingest.ingest(profileId, comments));
  }

  inboxPage(filter: InboxFilter, cursor?: InboxCursor | null, limit?: number): InboxPage {
    return this.#guard(() => this.#inbox.page(filter, cursor, limit));
  }

  inboxViewSize(filter: InboxFilter): { count: number; newest: InboxCursor | null } {
    return this.#guard(() => this.#inbox.size(filter));
  }

  inboxRowsFrom(filter: InboxFilter, from: InboxCursor | null, limit: number): InboxRow[] {
    return this.#guard(() => this.#inbox.rowsFrom(filter, from, limit));
  }

  counts(filter: Pick<InboxFilter, 'platforms' | 'now' | 'kind'> = {}): Record<string, ViewCounts> {
    // "Assigned to me" is counted in a team only (the actor is then a member, not ME_ON_THIS_DEVICE).
    const member = this.#actor === ME_ON_THIS_DEVICE ? null : this.#actor.who;
    return this.#guard(() => this.#counts.counts(filter.now ?? this.#clock.now(), filter.platforms, filter.kind, member));
  }

  ingestMessages(profileId: string, messages: MessageInput[], options?: MessageIngestOptions): MessageIngestResult {
    return this.#write(() => this.#messages.ingest(profileId, messages, options));
  }

  conversation(key: string, profileId?: string): ConversationThread | null {
    return this.#guard(() => this.#conversations.thread(key, profileId));
  }

  conversationsClosingSoon(query: ClosingSoonQuery): InboxRow[] {
    return this.#guard(() => this.#conversations.closingSoon(query));
  }

  conversationsClosingSoonCounts(query: { now?: number | undefined; platforms?: readonly Network[] | undefined }): Record<string, number> {
    return this.#guard(() => this.#conversations.closingSoonCounts(query.now ?? this.#clock.now(), query.platforms));
  }

  /** Reviews (issue 31): the store's part is reviewTable.ts; these only guard and batch it. */
  ingestReviews(profileId: string, reviews: readonly ReviewInput[]): ReviewIngestResult {
    return this.#write(() => this.#reviews.ingest(profileId, reviews));
  }

  review(key: string, profileId?: string): { row: InboxRow; answers: ReviewAnswer[] } | null {
    return this.#guard(() => this.#reviews.review(key, profileId));
  }

  reviewRepliesRemoved(key: string): boolean {
    return this.#write(() => this.#reviews.repliesRemoved(key));
  }

  reviewIds(profileId: string, platform: ReviewNetwork): string[] {
    return this.#guard(() => this.#reviews.reviewIds(profileId, platform));
  }

  reportReviews(profileId: string, start: number, end: number): ReportReview[] {
    return this.#guard(() => this.#reviews.reportReviews(profileId, start, end));
  }

  thread(key: CommentKey): Thread | null {
    return this.#guard(() => this.#threads.thread(key));
  }

  reportItems(profileId: string, period: ReportPeriod): ReportItemRecord[] {
    return this.#guard(() => this.#reportItems.items(profileId, period));
  }

  reportCommentRows(profileId: string, period: ReportPeriod): ReportCommentRows | null {
    return this.#guard(() => this.#reportRows.rows(profileId, period));
  }

  reportCommentRowIds(keys: readonly string[]): (number | null)[] {
    return this.#guard(() => this.#reportRows.rowIds(keys));
  }

  reportCommentKeys(rowIds: readonly number[]): (string | null)[] {
    return this.#guard(() => this.#reportRows.keysOf(rowIds));
  }

  reportCommentsPerPost(profileId: string, period: ReportPeriod, postKeys: readonly string[]): Map<string, number> {
    return this.#guard(() => this.#reportRows.commentsPerPost(profileId, period, postKeys));
  }

  reportConversations(profileId: string, period: ReportPeriod): ReportConversation[] {
    return this.#guard(() => this.#reportMessages.conversations(profileId, period));
  }

  setTriage(keys: CommentKey[], patch: TriagePatch): ItemChange[] {
    return this.#write(() => this.#states.set(keys, patch, this.#actor));
  }

  undoItemChanges(ids: readonly string[]): ItemChange[] {
    return this.#write(() => this.#states.undo(ids, this.#actor));
  }

  setLocalActor(actor: ChangeActor): void {
    this.#actor = Object.freeze({ who: actor.who, device: actor.device });
  }

  applyItemStates(states: readonly { key: string; state: Partial<ItemState>; by: ChangeActor }[]): ItemChange[] {
    return this.#write(() =>
      states.flatMap(({ key, state, by }) => {
        try {
          return this.#states.set([key], state, by);
        } catch (error) {
          // A key this store cannot hold (set checks before writing anything) is left out on its own.
          if (error instanceof StoreInputError) return [];
          throw error;
        }
      }),
    );
  }

  itemStates(keys: readonly string[]): Map<string, ItemState> {
    return this.#guard(() => this.#states.get(keys));
  }

  itemHistory(key: string): ItemChange[] {
    return this.#guard(() => this.#states.history(key));
  }

  onItemStatesChanged(listener: ItemStatesListener): void {
    this.#stateListeners.push(listener);
  }

  onItemsStarted(listener: (keys: readonly string[]) => void): void {
    this.#startListeners.push(listener);
  }

  deleteComment(key: CommentKey): boolean {
    const ref = parseKey(key);
    if (ref === null) throw new StoreInputError(`Not a comment key: ${String(key)}`);
    return this.#write(() => {
      const row = this.#statements
        .get('SELECT id, profile_id AS profile, by_account AS mine FROM comments WHERE platform = ? AND social_comment_id = ?')
        .get(ref.platform, ref.socialId) as { id: number; profile: number; mine: number } | undefined;
      if (row === undefined) return false;
      // Triggers take it out of the inbox, its counts and the search index.
      this.#states.forget(key);
      this.#statements.get('DELETE FROM comments WHERE id = ?').run(row.id);
      // An answer by the account is gone: the comment it answered may need a reply again.
      if (row.mine === 1) this.#replied.recompute(row.profile);
      return true;
    });
  }

  recordAnalytics(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged' {
    return this.#write(() => this.#analytics.record(snapshot));
  }

  latestAnalytics(key: PostKey): AnalyticsSnapshot | null {
    return this.#guard(() => this.#analytics.latest(key));
  }

  analyticsHistory(key: PostKey): AnalyticsSnapshot[] {
    return this.#guard(() => this.#analytics.history(key));
  }

  thinAnalytics(now: number): number {
    return this.#write(() => this.#analytics.thin(now));
  }

  recordAccountSnapshot(snapshot: AccountSnapshotInput): void {
    this.#write(() => this.#accountSnapshots.record(snapshot));
  }

  accountSnapshots(profileId: string, fromDay: string, toDay: string): AccountSnapshot[] {
    return this.#guard(() => this.#accountSnapshots.snapshots(profileId, fromDay, toDay));
  }

  lastSeen(key: PostKey): PostSeen | null {
    return this.#guard(() => this.#seen.get(key));
  }

  markSeen(key: PostKey, seen: PostSeen): void {
    this.#guard(() => this.#seen.set(key, seen));
  }

  threadEdits(profileId: string): ThreadEdits {
    return this.#guard(() => this.#threadEdits.get(profileId));
  }

  saveThreadEdits(profileId: string, edits: ThreadEdits): void {
    this.#guard(() => this.#threadEdits.set(profileId, edits));
  }

  discoveredAt(accountId: string, profileId: string): number | null {
    return this.#guard(() => this.#syncNotes.discoveredAt(accountId, profileId));
  }

  setDiscoveredAt(accountId: string, profileId: string, at: number): void {
    this.#guard(() => this.#syncNotes.setDiscoveredAt(accountId, profileId, at));
  }

  analyticsNotFound(key: PostKey): string | null {
    return this.#guard(() => this.#syncNotes.analyticsNotFound(key));
  }

  setAnalyticsNotFound(key: PostKey, since: string | null): void {
    this.#guard(() => this.#syncNotes.setAnalyticsNotFound(key, since));
  }

  accountAnalyticsDay(profileId: string): string | null {
    return this.#guard(() => this.#syncNotes.accountAnalyticsDay(profileId));
  }

  setAccountAnalyticsDay(profileId: string, day: string): void {
    this.#guard(() => this.#syncNotes.setAccountAnalyticsDay(profileId, day));
  }

  accountFiguresUnread(profileId: string): AccountFiguresUnread[] {
    return this.#guard(() => this.#syncNotes.accountFiguresUnread(profileId));
  }

  setAccountFiguresUnread(profileId: string, notes: readonly AccountFiguresUnread[]): void {
    this.#guard(() => this.#syncNotes.setAccountFiguresUnread(profileId, notes));
  }

  firstFetchDoneAt(profileId: string, kind: InboxItemKind): number | null {
    return this.#guard(() => this.#firstFetches.doneAt(profileId, kind));
  }

  setFirstFetchDone(profileId: string, kind: InboxItemKind, at: number): void {
    this.#guard(() => this.#firstFetches.setDone(profileId, kind, at));
  }

  takeCarriedAccounts(): CarriedAccounts | null {
    return this.#write(() => takeCarriedAccounts(this.#statements));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#check?.stop();
    // No PRAGMA optimize here: the inbox's queries pin their plans (INDEXED BY, CROSS JOIN), and
    // statistics taken at a moment when a view was empty misled SQLite long after.
    this.#db.close();
  }

  /** The account's author ids on a network changed: "by the account" and "replied" follow. */
  #redecideAuthorship(profileRowId: number): void {
    const profile = this.#profiles.byRowId(profileRowId);
    if (profile === undefined) return;
    const platforms = this.#statements.get(`SELECT platform FROM inbox_counts WHERE profile_id = ? AND kind = ${COMMENT_KIND}`).all(profileRowId) as {
      platform: Network;
    }[];
    const update = this.#statements.get(
      'UPDATE comments SET by_account = (author_id IS :author) WHERE profile_id = :profile AND platform = :platform AND by_account IS NOT (author_id IS :author)',
    );
    for (const { platform } of platforms) {
      update.run({ author: profile.record.networks[platform]?.id ?? null, profile: profileRowId, platform });
    }
    this.#replied.recompute(profileRowId);
  }

  #write<T>(work: () => T): T {
    return this.#guard(() => {
      this.#written = [];
      this.#started = [];
      const result = inTransaction(this.#db, work);
      const written = this.#written;
      const started = this.#started;
      this.#written = [];
      this.#started = [];
      if (written.length > 0) this.#tellStates(written);
      if (started.length > 0) this.#tellStarted(started);
      return result;
    });
  }

  /** After the commit: the keys of the items first stored, to every listener (a team's state for them). */
  #tellStarted(keys: string[]): void {
    for (const listener of this.#startListeners) {
      try {
        listener(keys);
      } catch {
        // a listener's failure must not undo a write that is in
      }
    }
  }

  /** After the commit: the new states of the items that changed, to every listener (the bridge event). */
  #tellStates(changes: ItemChange[]): void {
    if (this.#stateListeners.length === 0) return;
    const states = this.#states.get(changes.map((change) => change.itemKey));
    for (const listener of this.#stateListeners) {
      try {
        listener(states, changes);
      } catch {
        // a listener's failure must not undo a write that is in
      }
    }
  }

  /**
   * SQLite's own failures leave as the store's typed errors (a full disk, a locked file). Damage
   * (SQLITE_CORRUPT, SQLITE_NOTADB) is not passed on: the file is replaced by a fresh store and the
   * call is answered from that one, once; a fresh file that fails again is reported as it is.
   */
  #guard<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      const classified = classifySqliteError(error);
      if (!(classified instanceof StoreCorruptError) || this.#rebuilding || this.#closed) throw classified;
      this.#rebuild(classified);
      try {
        return work();
      } catch (again) {
        throw classifySqliteError(again);
      }
    }
  }

  #rebuild(cause: StoreCorruptError): StoreRecovery {
    this.#rebuilding = true;
    this.#generation += 1;
    try {
      try {
        this.#db.close();
      } catch {
        // a damaged file may refuse even its last checkpoint; it is moved aside as it is
      }
      const fresh = replaceFile(this.#file, { reason: cause.message, kind: cause.kind, unreachable: false }, this.#clock);
      this.#file = fresh.file;
      this.#attach(fresh.db);
      for (const listener of this.#listeners) {
        try {
          listener(fresh.recovered);
        } catch {
          // a listener's failure must not keep the fresh store from answering
        }
      }
      return fresh.recovered;
    } finally {
      this.#rebuilding = false;
    }
  }

  #attach(db: DatabaseSync): void {
    this.#db = db;
    const statements = new Statements(db);
    this.#statements = statements;
    this.#profiles = new ProfileTable(statements);
    this.#posts = new PostTable(statements, this.#profiles);
    this.#replied = new RepliedFlags(statements);
    this.#conversations = new ConversationQuery(statements, this.#profiles);
    this.#inbox = new InboxQuery(
      statements,
      this.#profiles,
      () => this.#clock.now(),
      this.#conversations,
      () => this.#actor.who,
      { rowsByInboxId: (ids) => this.#reviews.rowsByInboxId(ids) },
    );
    const notePartition = (profile: number, platform: string): void => this.#inbox.notePartition(profile, platform, 'conversation');
    this.#states = new ItemStates(
      statements,
      () => this.#clock.now(),
      (changes) => {
        for (const change of changes) this.#written.push(change);
      },
      (key) => this.#started.push(key),
    );
    this.#messages = new MessageIngest(statements, this.#profiles, new MessageSearch(statements), this.#states, notePartition);
    this.#reviews = new ReviewTable(statements, this.#profiles, this.#states, (profile, platform) => this.#inbox.notePartition(profile, platform, 'review'));
    this.#ingest = new CommentIngest(statements, this.#profiles, this.#replied, this.#states, (profile, platform) =>
      this.#inbox.notePartition(profile, platform),
    );
    this.#counts = new InboxCounts(statements, this.#profiles);
    this.#threads = new ThreadQuery(statements, this.#posts);
    this.#reportItems = new ReportItemsQuery(statements, this.#profiles);
    this.#reportRows = new ReportCommentRowsQuery(statements, this.#profiles);
    this.#reportMessages = new ReportMessagesQuery(statements, this.#profiles);
    this.#analytics = new AnalyticsHistory(statements, this.#profiles, this.#posts);
    this.#accountSnapshots = new AccountSnapshotTable(statements, this.#profiles);
    this.#seen = new SeenPosts(statements);
    this.#threadEdits = new ThreadEditsTable(statements);
    this.#syncNotes = new SyncNotes(statements);
    this.#firstFetches = new FirstFetches(statements);
  }
}
