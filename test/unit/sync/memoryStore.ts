// A small in-memory Store for the sync's unit tests: the sync's side of the contract (profiles,
// posts, comments ingest, polls, analytics, its bookkeeping) with the contract's promises (idempotent
// ingest, inserted keys, only changed snapshots kept), and of direct messages what the sync uses
// (ingestMessages, a conversation's last message). The inbox queries are not the sync's
// business and are left out; the integration tests use the real SQLite store.
import type { MessageSyncStore } from '../../../src/main/core/sync/syncJobContext.ts';
import type { AccountFiguresUnread } from '../../../src/main/core/store/syncNotes.ts';
import { NETWORKS } from '../../../src/shared/networks.ts';
import type {
  AccountRecord,
  AnalyticsSnapshot,
  AnalyticsSnapshotInput,
  CommentInput,
  ConversationThread,
  MessageIngestResult,
  MessageInput,
  IngestResult,
  PostKey,
  PostRecord,
  PostSyncState,
  ProfileRecord,
  Store,
  UpsertPostsResult,
} from '../../../src/main/core/store/types.ts';

export class MemoryStore implements Store, MessageSyncStore {
  readonly accounts = new Map<string, AccountRecord>();
  readonly profileRecords = new Map<string, ProfileRecord>();
  readonly posts = new Map<PostKey, PostRecord>();
  readonly comments = new Map<string, CommentInput & { profileId: string }>();
  readonly polled = new Map<PostKey, number>();
  readonly snapshots: AnalyticsSnapshot[] = [];
  /** The sync's bookkeeping (syncNotes.ts in the real store), by fact and subject. */
  readonly cursors = new Map<string, string>();
  readonly figuresUnread = new Map<string, AccountFiguresUnread[]>();
  /** Direct messages by `${platform}:${messageId}`. */
  readonly messages = new Map<string, MessageInput & { profileId: string }>();
  /** Set to make the next calls of that method throw (a full disk, a corrupt file). */
  failing: Partial<Record<keyof Store | keyof MessageSyncStore, Error>> = {};

  upsertAccount(account: AccountRecord): void {
    this.accounts.set(account.accountId, account);
  }

  storedAccounts(): AccountRecord[] {
    return [...this.accounts.values()];
  }

  upsertProfile(profile: ProfileRecord): void {
    this.fail('upsertProfile');
    this.profileRecords.set(profile.profileId, structuredClone(profile));
  }

  profiles(accountId?: string): ProfileRecord[] {
    return [...this.profileRecords.values()].filter((p) => accountId === undefined || p.accountId === accountId).map((p) => structuredClone(p));
  }

  upsertPosts(posts: PostRecord[]): UpsertPostsResult {
    this.fail('upsertPosts');
    for (const post of posts) this.posts.set(`${post.platform}:${post.socialPostId}`, structuredClone(post));
    return { rejected: [] };
  }

  removeTrackedPost(key: PostKey): boolean {
    const post = this.posts.get(key);
    if (post?.trackedAt == null) return false;
    this.posts.delete(key);
    return true;
  }

  post(key: PostKey): PostRecord | null {
    return this.posts.get(key) ?? null;
  }

  postsForSync(profileId: string): PostSyncState[] {
    this.fail('postsForSync');
    return [...this.posts.entries()]
      .filter(([, post]) => post.profileId === profileId)
      .map(([key, post]) => {
        const comments = [...this.comments.values()].filter((c) => `${c.platform}:${c.socialPostId}` === key);
        const newest =
          comments
            .map((c) => c.created)
            .sort()
            .at(-1) ?? null;
        const snapshot = this.latestAnalytics(key);
        return {
          post,
          commentCount: comments.length,
          lastCommentAt: newest,
          lastPolledAt: this.polled.get(key) ?? null,
          analyticsDueAt: snapshot ? Date.parse(snapshot.nextUpdate) : null,
        };
      });
  }

  markPolled(key: PostKey, at: number): void {
    this.fail('markPolled');
    this.polled.set(key, at);
  }

  ingestComments(profileId: string, comments: CommentInput[]): IngestResult {
    this.fail('ingestComments');
    const result: IngestResult = { inserted: [], updated: 0, unchanged: 0, rejected: [] };
    for (const comment of comments) {
      const key = `${comment.platform}:${comment.socialCommentId}`;
      const before = this.comments.get(key);
      const row = { ...structuredClone(comment), profileId };
      if (!before) result.inserted.push(key);
      else if (JSON.stringify(before) === JSON.stringify(row)) result.unchanged++;
      else result.updated++;
      this.comments.set(key, row);
    }
    return result;
  }

  ingestMessages(profileId: string, messages: MessageInput[]): MessageIngestResult {
    this.fail('ingestMessages');
    const result: MessageIngestResult = { newConversations: [], newlyReceived: [], inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    for (const message of messages) {
      const key = `${message.platform}:${message.messageId}`;
      const conversationKey = `dm:${message.platform}:${message.conversationId}`;
      const inConversation = this.messagesOf(conversationKey);
      const lastReceived = inConversation
        .filter((m) => m.action === 'received')
        .map((m) => m.created)
        .sort()
        .at(-1);
      const before = this.messages.get(key);
      const row = { ...structuredClone(message), profileId };
      if (!before) {
        result.inserted++;
        if (inConversation.length === 0 && !result.newConversations.includes(conversationKey)) result.newConversations.push(conversationKey);
        const news = message.action === 'received' && (lastReceived === undefined || message.created > lastReceived);
        if (news && !result.newlyReceived.includes(conversationKey)) result.newlyReceived.push(conversationKey);
      } else if (JSON.stringify(before) === JSON.stringify(row)) result.unchanged++;
      else result.updated++;
      this.messages.set(key, row);
    }
    return result;
  }

  /** Enough of a conversation for the sync: its last message; the inbox fields the sync never reads are left plain. */
  conversation(key: string): ConversationThread | null {
    const messages = this.messagesOf(key).sort((a, b) => a.created.localeCompare(b.created));
    const last = messages.at(-1);
    if (!last) return null;
    const person = last.action === 'received' ? last.senderId : last.recipientId;
    const at = (action: 'sent' | 'received') => messages.filter((m) => m.action === action).at(-1)?.created ?? null;
    return {
      row: {
        key,
        kind: 'conversation',
        profileId: last.profileId,
        platform: last.platform,
        socialCommentId: last.conversationId,
        socialPostId: '',
        parentSocialCommentId: null,
        postExcerpt: '',
        authorId: person,
        authorName: last.personName ?? person,
        text: last.text,
        created: last.created,
        likeCount: 0,
        hidden: false,
        byAccount: last.action === 'sent',
        unread: false,
        done: false,
        snoozedUntil: null,
        replied: last.action === 'sent',
        labels: [],
        commentUrn: null,
        videoId: null,
        conversation: {
          conversationId: last.conversationId,
          recipientId: person,
          name: last.personName ?? person,
          username: null,
          pictureUrl: null,
          lastMessageAt: last.created,
          lastReceivedAt: at('received'),
          lastSentAt: at('sent'),
          replyWindowClosesAt: null,
          status: 'active',
          messageCount: messages.length,
        },
      },
      messages: messages.map((m) => ({
        messageId: m.messageId,
        action: m.action,
        text: m.text,
        created: m.created,
        senderId: m.senderId,
        mediaUrls: m.mediaUrls ?? [],
      })),
    };
  }

  private messagesOf(conversationKey: string): (MessageInput & { profileId: string })[] {
    return [...this.messages.values()].filter((m) => `dm:${m.platform}:${m.conversationId}` === conversationKey);
  }

  recordAnalytics(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged' {
    const key = `${snapshot.platform}:${snapshot.socialPostId}`;
    const latest = this.latestAnalytics(key);
    if (latest && JSON.stringify(latest.metrics) === JSON.stringify(snapshot.metrics) && latest.nextUpdate === snapshot.nextUpdate) return 'unchanged';
    this.snapshots.push({ ...structuredClone(snapshot), id: this.snapshots.length + 1 });
    return 'stored';
  }

  latestAnalytics(key: PostKey): AnalyticsSnapshot | null {
    return this.analyticsHistory(key).at(-1) ?? null;
  }

  analyticsHistory(key: PostKey): AnalyticsSnapshot[] {
    return this.snapshots.filter((s) => `${s.platform}:${s.socialPostId}` === key);
  }

  thinAnalytics(): number {
    return 0;
  }

  firstFetchDoneAt(profileId: string, kind: 'comment' | 'conversation'): number | null {
    const value = this.cursors.get(`firstFetch:${profileId}:${kind}`);
    return value === undefined ? null : Number(value);
  }

  setFirstFetchDone(profileId: string, kind: 'comment' | 'conversation', at: number): void {
    if (!this.cursors.has(`firstFetch:${profileId}:${kind}`)) this.cursors.set(`firstFetch:${profileId}:${kind}`, String(Math.floor(at)));
  }

  discoveredAt(accountId: string, profileId: string): number | null {
    const value = this.cursors.get(`discoveredAt:${accountId}:${profileId}`);
    return value === undefined ? null : Number(value);
  }

  setDiscoveredAt(accountId: string, profileId: string, at: number): void {
    this.cursors.set(`discoveredAt:${accountId}:${profileId}`, String(Math.floor(at)));
  }

  analyticsNotFound(key: PostKey): string | null {
    return this.cursors.get(`analyticsNotFound:${key}`) ?? null;
  }

  setAnalyticsNotFound(key: PostKey, since: string | null): void {
    if (since === null) this.cursors.delete(`analyticsNotFound:${key}`);
    else this.cursors.set(`analyticsNotFound:${key}`, since);
  }

  accountAnalyticsDay(profileId: string): string | null {
    return this.cursors.get(`accountAnalyticsDay:${profileId}`) ?? null;
  }

  setAccountAnalyticsDay(profileId: string, day: string): void {
    this.cursors.set(`accountAnalyticsDay:${profileId}`, day);
  }

  accountFiguresUnread(profileId: string): AccountFiguresUnread[] {
    return this.figuresUnread.get(profileId) ?? [];
  }

  setAccountFiguresUnread(profileId: string, notes: readonly AccountFiguresUnread[]): void {
    this.figuresUnread.set(
      profileId,
      [...notes].sort((a, b) => NETWORKS.indexOf(a.network) - NETWORKS.indexOf(b.network)),
    );
  }

  threadEdits(): never {
    throw new Error('not part of the sync fake');
  }

  saveThreadEdits(): never {
    throw new Error('not part of the sync fake');
  }

  takeCarriedAccounts(): null {
    return null;
  }

  lastSeen(): never {
    throw new Error('not part of the sync fake');
  }

  markSeen(): never {
    throw new Error('not part of the sync fake');
  }

  inboxPage(): never {
    throw new Error('not part of the sync fake');
  }

  inboxViewSize(): never {
    throw new Error('not part of the sync fake');
  }

  inboxRowsFrom(): never {
    throw new Error('not part of the sync fake');
  }

  counts(): never {
    throw new Error('not part of the sync fake');
  }

  thread(): never {
    throw new Error('not part of the sync fake');
  }

  deleteComment(): never {
    throw new Error('not part of the sync fake');
  }

  setTriage(): never {
    throw new Error('not part of the sync fake');
  }

  close(): void {}

  private fail(method: keyof Store | keyof MessageSyncStore): void {
    const error = this.failing[method];
    if (error) throw error;
  }
}
