// Valid inputs and outputs of every command of the bridge contract, typed by the contract, so a
// change of a schema breaks these at compile time. The fuzz test mutates the inputs into
// near-valid ones; the dispatcher tests answer with the outputs.
import type { CommandInput, CommandName, CommandOutput } from '../../../src/shared/bridge/contract.ts';
import type { AccountKeyStatus, AccountSummary, ProfileView } from '../../../src/shared/domain/accounts.ts';
import type { InboxCounts, InboxRow, ViewCounts } from '../../../src/shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import type { AnalyticsSnapshot, PostView } from '../../../src/shared/domain/posts.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';

export const SAMPLE_SECRET = 'sk-live-0123456789abcdef';

const row: InboxRow = {
  key: 'instagram:c1',
  profileId: 'p1',
  platform: 'instagram',
  socialCommentId: 'c1',
  socialPostId: 'post1',
  parentSocialCommentId: null,
  postExcerpt: 'Our new shop',
  authorId: 'a1',
  authorName: 'Ann',
  text: 'Love it',
  created: '2025-01-01T10:00:00.000Z',
  likeCount: 2,
  hidden: false,
  byAccount: false,
  unread: true,
  done: false,
  snoozedUntil: null,
  replied: false,
  labels: [],
  commentUrn: null,
  videoId: null,
};
const zero: ViewCounts = { unread: 0, needsReply: 0, all: 0, done: 0, snoozed: 0, hidden: 0 };
const counts: InboxCounts = { byProfile: { p1: { ...zero, unread: 1, all: 1, needsReply: 1 } }, total: { ...zero, unread: 1, all: 1, needsReply: 1 } };
const account: AccountSummary = { accountId: 'sandbox', title: 'Sandbox', baseUrl: 'http://127.0.0.1:4010/api', kind: 'sandbox', online: true, profileCount: 5 };
const profile: ProfileView = { accountId: 'sandbox', profileId: 'p1', title: 'Acme', isPrimary: false, networks: { instagram: { id: 'i1', username: 'acme' } }, color: '#aa3300', linkedNetworks: ['instagram'] };
const keyStatus: AccountKeyStatus = {
  accountId: 'sandbox',
  apiKey: { configured: true, protection: 'os', last4: 'cdef' },
  x: { configured: false, protection: 'os', last4: null },
  profiles: { p1: { configured: true, protection: 'os', last4: '9a9a' } },
  protection: { kind: 'os', backend: 'keychain', warning: null },
};
const item: OutboxItemView = {
  id: 'o1',
  accountId: 'sandbox',
  profileId: 'p1',
  answers: 'instagram:c1',
  platforms: ['instagram'],
  text: 'Thanks!',
  created: 1,
  sendAfter: 5001,
  state: 'queued',
  results: {},
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  updated: 1,
};
const post: PostView = {
  key: 'instagram:post1',
  profileId: 'p1',
  platform: 'instagram',
  socialPostId: 'post1',
  servicePostId: 's1',
  text: 'Our new shop',
  url: 'https://instagram.com/p/post1',
  created: '2025-01-01T09:00:00.000Z',
  disableComments: false,
};
const snapshot: AnalyticsSnapshot = {
  id: 1,
  profileId: 'p1',
  platform: 'instagram',
  socialPostId: 'post1',
  fetchedAt: 10,
  lastUpdated: '2025-01-01T09:10:00.000Z',
  nextUpdate: '2025-01-01T09:20:00.000Z',
  metrics: { likes: 3 },
};
const webhooks = { webhooks: [{ action: 'comments' as const, url: 'https://example.com/hook' }], updated: null };

export const VALID_INPUTS: { [N in CommandName]: CommandInput<N>[] } = {
  'status.get': [{}],
  'sync.setPaused': [{ paused: true }],
  'sync.refresh': [{ postKey: 'instagram:post1' }, { profileId: 'p1' }],
  'accounts.list': [{}],
  'accounts.add': [
    { title: 'Studio', baseUrl: 'https://api.example.com/api', apiKey: SAMPLE_SECRET },
    { title: 'Local', baseUrl: 'http://127.0.0.1:4010/api', apiKey: SAMPLE_SECRET, xCredentials: { key: 'xk-123456', secret: 'xs-123456' } },
  ],
  'accounts.remove': [{ accountId: 'a1' }],
  'accounts.updateKeys': [{ accountId: 'a1', apiKey: SAMPLE_SECRET }, { accountId: 'a1', xCredentials: null }],
  'accounts.keyStatus': [{ accountId: 'a1' }],
  'accounts.resetSandbox': [{}],
  'profiles.list': [{}, { accountId: 'a1' }],
  'profiles.update': [{ profileId: 'p1', color: '#aa3300' }, { profileId: 'p1', title: 'Acme', color: null }],
  'profiles.create': [{ accountId: 'a1', title: 'New client' }],
  'profiles.setKey': [{ profileId: 'p1', profileKey: SAMPLE_SECRET }],
  'inbox.page': [{}, { filter: { view: 'needsReply', unreadOnly: true, platforms: ['instagram'] }, limit: 50 }, { filter: {}, cursor: { created: row.created, key: row.key } }],
  'inbox.counts': [{}, { platforms: ['tiktok'] }],
  'inbox.search': [{ text: 'love' }, { text: 'shop', filter: { profileIds: ['p1'] } }],
  'inbox.thread': [{ key: 'instagram:c1' }],
  'inbox.triage': [{ keys: ['instagram:c1'], done: true }, { keys: ['instagram:c1', 'tiktok:c2'], snoozedUntil: 1_900_000_000_000, addLabels: ['vip'] }],
  'inbox.undoTriage': [{ undoToken: 'token-1' }],
  'inbox.deleteComment': [{ key: 'facebook:c1' }],
  'reply.send': [{ commentKey: 'instagram:c1', text: 'Thanks!' }, { commentKey: 'facebook:c9', text: 'See this', mediaUrls: ['https://example.com/a.png'] }],
  'outbox.list': [{}, { states: ['failed', 'queued'] }],
  'outbox.undo': [{ id: 'o1' }],
  'outbox.edit': [{ id: 'o1', text: 'Thank you!' }],
  'outbox.cancel': [{ id: 'o1' }],
  'outbox.retry': [{ id: 'o1' }],
  'outbox.remove': [{ id: 'o1' }],
  'posts.list': [{ profileId: 'p1' }],
  'posts.metrics': [{ postKey: 'instagram:post1' }],
  'posts.setComments': [{ postKey: 'instagram:post1', enabled: false }],
  'webhooks.list': [{ profileId: 'p1' }],
  'webhooks.register': [{ profileId: 'p1', action: 'comments', url: 'https://example.com/hook' }],
  'webhooks.unregister': [{ profileId: 'p1', action: 'comments' }],
  'webhooks.setSecret': [{ profileId: 'p1', secret: SAMPLE_SECRET }],
  'webhooks.verify': [{ profileId: 'p1', body: '{"a":1}', timestamp: '1700000000', signature: 'ab'.repeat(32) }],
  'settings.get': [{}],
  'settings.update': [{ theme: 'dark' }, { undoSeconds: 10, notifications: false }],
};

export const SAMPLE_OUTPUTS: { [N in CommandName]: CommandOutput<N> } = {
  'status.get': {
    connectivity: [{ accountId: 'sandbox', online: true, reason: 'traffic', at: 1 }],
    sync: [{ accountId: 'sandbox', profileId: 'p1', state: 'idle', postsDone: 3, postsTotal: 3, nextDueAt: null }],
    syncPaused: false,
    storeRecovery: null,
    keyWarning: null,
  },
  'sync.setPaused': { paused: true },
  'sync.refresh': { started: true },
  'accounts.list': { accounts: [account] },
  'accounts.add': { account, notice: null },
  'accounts.remove': { ok: true },
  'accounts.updateKeys': keyStatus,
  'accounts.keyStatus': keyStatus,
  'accounts.resetSandbox': { account },
  'profiles.list': { profiles: [profile] },
  'profiles.update': { profile },
  'profiles.create': { profile },
  'profiles.setKey': keyStatus,
  'inbox.page': { rows: [row], next: { created: row.created, key: row.key } },
  'inbox.counts': counts,
  'inbox.search': { rows: [row], next: null },
  'inbox.thread': { thread: { post, ancestors: [], comment: row, replies: [] }, outbox: [item] },
  'inbox.triage': { changed: 1, undoToken: 'token-1' },
  'inbox.undoTriage': { restored: 1 },
  'inbox.deleteComment': { deleted: true },
  'reply.send': { item },
  'outbox.list': { items: [item] },
  'outbox.undo': { item: { ...item, state: 'cancelled' }, text: item.text },
  'outbox.edit': { item },
  'outbox.cancel': { item: { ...item, state: 'cancelled' } },
  'outbox.retry': { item },
  'outbox.remove': { ok: true },
  'posts.list': { posts: [{ post, commentCount: 4, lastCommentAt: row.created, latest: snapshot, flags: { notOwned: false, preBusiness: false, notFoundAt: null } }] },
  'posts.metrics': { post, latest: snapshot, history: [snapshot], flags: { notOwned: false, preBusiness: false, notFoundAt: null } },
  'posts.setComments': { post: { ...post, disableComments: true } },
  'webhooks.list': webhooks,
  'webhooks.register': webhooks,
  'webhooks.unregister': { webhooks: [], updated: null },
  'webhooks.setSecret': { secretConfigured: true },
  'webhooks.verify': { matches: false, reason: 'The signature does not match' },
  'settings.get': DEFAULT_SETTINGS,
  'settings.update': { ...DEFAULT_SETTINGS, theme: 'dark' },
};
