// The store's parts wired on one database: each owns its tables (profiles, posts, ingest, the
// inbox query, triage, messages, reviews, report reads...). Made again on a fresh database when a
// damaged file is replaced (storeConnection.ts), so every part works on the current one.
import type { DatabaseSync } from 'node:sqlite';
import type { ItemChange } from '../../../shared/domain/itemState.ts';
import { AccountSnapshotTable } from './accountSnapshots.ts';
import { AnalyticsHistory } from './analytics.ts';
import { ConversationQuery } from './conversations.ts';
import { InboxCounts } from './counts.ts';
import { FirstFetches } from './firstFetches.ts';
import { InboxQuery } from './inboxQuery.ts';
import { CommentIngest } from './ingest.ts';
import { ItemStates } from './itemStates.ts';
import { MessageIngest } from './messageIngest.ts';
import { MessageSearch } from './messageSearch.ts';
import { PostTable } from './posts.ts';
import { ProfileTable } from './profiles.ts';
import { RepliedFlags } from './repliedFlags.ts';
import { ReportCommentRowsQuery } from './reportCommentRows.ts';
import { ReportItemsQuery } from './reportItems.ts';
import { ReportMessagesQuery } from './reportMessages.ts';
import { ReviewTable } from './reviewTable.ts';
import { SeenPosts } from './seenPosts.ts';
import { Statements } from './statements.ts';
import { SyncNotes } from './syncNotes.ts';
import { ThreadQuery } from './thread.ts';
import { ThreadEditsTable } from './threadEdits.ts';

export interface StoreParts {
  statements: Statements;
  profiles: ProfileTable;
  posts: PostTable;
  ingest: CommentIngest;
  messages: MessageIngest;
  conversations: ConversationQuery;
  reviews: ReviewTable;
  inbox: InboxQuery;
  counts: InboxCounts;
  threads: ThreadQuery;
  reportItems: ReportItemsQuery;
  reportRows: ReportCommentRowsQuery;
  reportMessages: ReportMessagesQuery;
  states: ItemStates;
  analytics: AnalyticsHistory;
  accountSnapshots: AccountSnapshotTable;
  replied: RepliedFlags;
  seen: SeenPosts;
  threadEdits: ThreadEditsTable;
  syncNotes: SyncNotes;
  firstFetches: FirstFetches;
}

/** What the parts need of the store that holds them (read when called: the store outlives its parts). */
export interface PartsHost {
  now(): number;
  /** Who this device's own decisions are by (the inbox's "assigned to me"). */
  who(): string;
  /** The item state port wrote these changes in the open transaction. */
  changed(changes: readonly ItemChange[]): void;
  /** An item was first stored in the open transaction. */
  started(key: string): void;
}

export function wireStoreParts(db: DatabaseSync, host: PartsHost): StoreParts {
  const statements = new Statements(db);
  const profiles = new ProfileTable(statements);
  const posts = new PostTable(statements, profiles);
  const replied = new RepliedFlags(statements);
  const conversations = new ConversationQuery(statements, profiles);
  const inbox = new InboxQuery(
    statements,
    profiles,
    () => host.now(),
    conversations,
    () => host.who(),
    { rowsByInboxId: (ids) => reviews.rowsByInboxId(ids) },
  );
  const notePartition = (profile: number, platform: string): void => inbox.notePartition(profile, platform, 'conversation');
  const states = new ItemStates(
    statements,
    () => host.now(),
    (changes) => host.changed(changes),
    (key) => host.started(key),
  );
  const messages = new MessageIngest(statements, profiles, new MessageSearch(statements), states, notePartition);
  const reviews = new ReviewTable(statements, profiles, states, (profile, platform) => inbox.notePartition(profile, platform, 'review'));
  const ingest = new CommentIngest(statements, profiles, replied, states, (profile, platform) => inbox.notePartition(profile, platform));
  return {
    statements,
    profiles,
    posts,
    ingest,
    messages,
    conversations,
    reviews,
    inbox,
    counts: new InboxCounts(statements, profiles),
    threads: new ThreadQuery(statements, posts),
    reportItems: new ReportItemsQuery(statements, profiles),
    reportRows: new ReportCommentRowsQuery(statements, profiles),
    reportMessages: new ReportMessagesQuery(statements, profiles),
    states,
    analytics: new AnalyticsHistory(statements, profiles, posts),
    accountSnapshots: new AccountSnapshotTable(statements, profiles),
    replied,
    seen: new SeenPosts(statements),
    threadEdits: new ThreadEditsTable(statements),
    syncNotes: new SyncNotes(statements),
    firstFetches: new FirstFetches(statements),
  };
}
