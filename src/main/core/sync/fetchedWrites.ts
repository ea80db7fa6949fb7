// Where a profile's sync stores what it fetched, and the one place it is shared (decision 0060,
// decision 0075). A job hands `keepFetched` the write it made of the service's answer (the same
// `SharedWrite` the team carries): the write's kind stores it, and in a team, once the store took
// it, the write goes to the other devices, which replay it through the same ingest
// (sharedReplay.ts). A job never calls the team: a new job's writes are shared by being stored, and
// a new kind of write does not compile without its store function below.
import type { SharedWrite } from '../../../shared/domain/teamContent.ts';
import type { AccountFigures } from '../../../shared/wire/accountAnalytics.ts';
import type { CommentInput, IngestResult, MessageInput, PostKey } from '../store/types.ts';
import { emitSafely } from './events.ts';
import { type StoreFailure, storeCall, storeInfo } from './jobFailures.ts';
import type { MessageSyncStore, SyncJobContext } from './syncJobContext.ts';

type WriteOf<Op extends SharedWrite['op']> = Extract<SharedWrite, { op: Op }>;

/** What storing each kind of write tells the job that fetched it. */
interface StoredOf {
  'profile-and-posts': undefined;
  /** The comments the store inserted or changed. */
  comments: IngestResult;
  /** The keys of conversations with news. */
  messages: string[];
  /** Whether the numbers were new. */
  analytics: 'stored' | 'unchanged';
  'account-snapshot': undefined;
}

/** A write stored: what it tells the job, and whether the other devices have anything new in it. */
interface Stored<Op extends SharedWrite['op']> {
  result: StoredOf[Op];
  shared: boolean;
}

/** Each kind of write's way into the store (a mapped type: a new kind of write needs its line). */
const STORE: { [Op in SharedWrite['op']]: (context: SyncJobContext, write: WriteOf<Op>) => Stored<Op> } = {
  'profile-and-posts': (context, write) => {
    // The profile's identities were saved as soon as they were read (discoveryJob.ts); the record
    // rides along for the devices that did not read them.
    const saved = storeCall('save the posts', () => context.ports.store.upsertPosts(write.posts));
    context.reporter.rejected('posts', saved.rejected);
    return { result: undefined, shared: true };
  },
  comments: (context, write) => ({ result: storeComments(context, write.postKey, write.rows, write.polledAt, write.firstFetch), shared: true }),
  messages: (context, write) => {
    const store = context.ports.messages;
    return { result: store ? storeMessages(context, store, write.rows) : [], shared: store !== undefined };
  },
  analytics: (context, write) => {
    const stored = storeCall('save analytics', () => context.ports.store.recordAnalytics(write.snapshot));
    // Numbers the store already had are nothing new for the others either.
    return { result: stored, shared: stored === 'stored' };
  },
  'account-snapshot': (context, write) => {
    const store = context.ports.accountSnapshots;
    const snapshot = { ...write.snapshot, figures: write.snapshot.figures as unknown as AccountFigures };
    if (store) storeCall('save account analytics', () => store.recordAccountSnapshot(snapshot));
    return { result: undefined, shared: store !== undefined };
  },
};

/**
 * Stores what a job fetched from the service and, in a team, shares it with the other devices
 * (they replay it instead of asking the service). Throws the store's refusal (StoreFailure), and
 * then nothing is shared.
 */
export function keepFetched<Op extends SharedWrite['op']>(context: SyncJobContext, write: WriteOf<Op>): StoredOf[Op] {
  const store = STORE[write.op] as (context: SyncJobContext, write: WriteOf<Op>) => Stored<Op>;
  const { result, shared } = store(context, write);
  if (shared) context.ports.sharing?.share(context.profile.profileId, [write]);
  return result;
}

/**
 * One post's comments into the store, the poll time noted and new comments told: the one ingest of
 * comments, for an answer of the service and for what the device polling the profile shared.
 * Throws the store's refusal (StoreFailure) of the comments themselves.
 */
export function storeComments(context: SyncJobContext, postKey: PostKey, rows: CommentInput[], polledAt: number, firstFetch: boolean): IngestResult {
  const { profile, reporter } = context;
  const { store, listener } = context.ports;
  const result = storeCall('save comments', () => store.ingestComments(profile.profileId, rows));
  reporter.rejected('comments', result.rejected, postKey);
  try {
    storeCall('record the poll', () => store.markPolled(postKey, polledAt));
  } catch (error) {
    // The comments are in; only the poll time is lost (after a restart the post is polled
    // once more than needed). Worth telling, not worth polling again for.
    reporter.error({ ...storeInfo(error as StoreFailure), postKey });
  }
  if (result.inserted.length > 0) {
    emitSafely(listener, {
      type: 'new-comments',
      accountId: profile.accountId,
      profileId: profile.profileId,
      postKey,
      keys: result.inserted,
      firstFetch,
    });
  }
  return result;
}

/**
 * Direct messages into the store: the one ingest of messages, for an answer of the service and for
 * what the device polling the profile shared. The keys of conversations with news.
 */
export function storeMessages(context: SyncJobContext, store: MessageSyncStore, rows: MessageInput[]): string[] {
  const result = storeCall('save direct messages', () => store.ingestMessages(context.profile.profileId, rows));
  context.reporter.rejected('messages', result.rejected);
  return [...new Set([...result.newConversations, ...result.newlyReceived])];
}
