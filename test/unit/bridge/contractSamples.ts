// Valid inputs and outputs of every command of the bridge contract, typed by the contract, so a
// change of a schema breaks these at compile time. The fuzz test mutates the inputs into
// near-valid ones; the dispatcher tests answer with the outputs.
import type { CommandInput, CommandName, CommandOutput } from '../../../src/shared/bridge/contract.ts';
import type { AccountKeyStatus, AccountSummary, ProfileView } from '../../../src/shared/domain/accounts.ts';
import type { InboxCounts, InboxRow, ViewCounts } from '../../../src/shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import type { AnalyticsSnapshot, PostView } from '../../../src/shared/domain/posts.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';
import type { ClientReport, ResponsivenessView } from '../../../src/shared/domain/clientReport.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';

const responsiveness: ResponsivenessView = {
  period: { start: 1_790_000_000_000, end: 1_792_000_000_000 },
  asOf: 1_793_000_000_000,
  counts: 'business',
  totals: { received: 3, answered: 1, unanswered: 1, hidden: 1, deleted: 0 },
  byChannel: [{ network: 'instagram', kind: 'comment', received: 3, answered: 1, unanswered: 1, hidden: 1, deleted: 0 }],
  answeredBySource: { 'outbox-confirmed': 1, 'seen-by-sync': 0 },
  firstResponse: { medianMs: 600_000, p90Ms: 600_000 },
  distribution: [{ key: 'under-1h', label: 'under 1 h', fromMs: 0, toMs: 3_600_000, count: 1 }],
  target: { minutes: 240, clock: 'business', within: 1, missed: 1, pending: 0, share: 0.5 },
  slowestUnanswered: [{ id: 'instagram:c2', network: 'instagram', kind: 'comment', createdAt: 1_790_000_100_000, ageMs: 86_400_000 }],
};

const clientReport: ClientReport = {
  profileId: 'p1',
  clientTitle: 'Bakery',
  settings: defaultClientSettings('Europe/Berlin'),
  current: responsiveness,
  previous: { ...responsiveness, period: { start: 1_788_000_000_000, end: 1_790_000_000_000 } },
  byDay: [{ day: '2026-10-01', received: 3 }],
  topPosts: [],
  growth: { collected: false },
};

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
const account: AccountSummary = {
  accountId: 'sandbox',
  title: 'Sandbox',
  baseUrl: 'http://127.0.0.1:4010/api',
  kind: 'sandbox',
  online: true,
  profileCount: 5,
};
const profile: ProfileView = {
  accountId: 'sandbox',
  profileId: 'p1',
  title: 'Acme',
  isPrimary: false,
  networks: { instagram: { id: 'i1', username: 'acme' } },
  color: '#aa3300',
  linkedNetworks: ['instagram'],
};
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
  'status.acknowledgeStoreRecovery': [{}],
  'sync.setPaused': [{ paused: true }],
  'sync.refresh': [{ postKey: 'instagram:post1' }, { profileId: 'p1' }],
  'accounts.list': [{}],
  'accounts.add': [
    { title: 'Studio', baseUrl: 'https://api.example.com/api', apiKey: SAMPLE_SECRET },
    { title: 'Local', baseUrl: 'http://127.0.0.1:4010/api', apiKey: SAMPLE_SECRET, xCredentials: { key: 'xk-123456', secret: 'xs-123456' } },
  ],
  'accounts.remove': [{ accountId: 'a1' }],
  'accounts.updateKeys': [
    { accountId: 'a1', apiKey: SAMPLE_SECRET },
    { accountId: 'a1', xCredentials: null },
  ],
  'accounts.keyStatus': [{ accountId: 'a1' }],
  'accounts.resetSandbox': [{}],
  'profiles.list': [{}, { accountId: 'a1' }],
  'profiles.update': [
    { profileId: 'p1', color: '#aa3300' },
    { profileId: 'p1', title: 'Acme', color: null },
  ],
  'profiles.create': [{ accountId: 'a1', title: 'New client' }],
  'profiles.setKey': [{ profileId: 'p1', profileKey: SAMPLE_SECRET }],
  'inbox.page': [
    {},
    { filter: { view: 'needsReply', unreadOnly: true, platforms: ['instagram'] }, limit: 50 },
    { filter: {}, cursor: { created: row.created, key: row.key } },
  ],
  'inbox.counts': [{}, { platforms: ['tiktok'] }],
  'inbox.search': [{ text: 'love' }, { text: 'shop', filter: { profileIds: ['p1'] } }],
  'inbox.thread': [{ key: 'instagram:c1' }],
  'inbox.triage': [
    { keys: ['instagram:c1'], done: true },
    { keys: ['instagram:c1', 'tiktok:c2'], snoozedUntil: 1_900_000_000_000, addLabels: ['vip'] },
  ],
  'inbox.viewSize': [{}, { filter: { view: 'needsReply', profileIds: ['p1'], text: 'shop' } }],
  'inbox.triageView': [
    { filter: { view: 'needsReply', profileIds: ['p1'] }, newest: { created: row.created, key: row.key }, count: 523, done: true },
    { newest: { created: row.created, key: row.key }, count: 1, unread: false, snoozedUntil: null },
  ],
  'inbox.undoTriage': [{ undoToken: 'token-1' }],
  'inbox.deleteComment': [{ key: 'facebook:c1' }],
  'reply.send': [
    { commentKey: 'instagram:c1', text: 'Thanks!' },
    { commentKey: 'facebook:c9', text: 'See this', mediaUrls: ['https://example.com/a.png'] },
  ],
  'outbox.list': [{}, { states: ['failed', 'queued'] }],
  'outbox.undo': [{ id: 'o1' }],
  'outbox.edit': [{ id: 'o1', text: 'Thank you!' }],
  'outbox.cancel': [{ id: 'o1' }],
  'outbox.retry': [{ id: 'o1' }],
  'outbox.remove': [{ id: 'o1' }],
  'outbox.setAside': [{}],
  'posts.list': [{ profileId: 'p1' }],
  'posts.metrics': [{ postKey: 'instagram:post1' }],
  'posts.markSeen': [{ postKey: 'instagram:post1', snapshotId: 7 }],
  'posts.threads': [{ profileId: 'p1' }],
  'posts.groupThread': [{ profileId: 'p1', postKeys: ['twitter:1', 'twitter:2'] }],
  'posts.ungroupThread': [{ profileId: 'p1', headKey: 'twitter:1' }],
  'posts.track': [
    { profileId: 'p1', platform: 'youtube', reference: 'https://youtu.be/Oxzc9eRHtgz' },
    { profileId: 'p1', platform: 'twitter', reference: '1665850872980556211' },
  ],
  'posts.untrack': [{ postKey: 'youtube:Oxzc9eRHtgz' }],
  'posts.setComments': [{ postKey: 'instagram:post1', enabled: false }],
  'posts.commentsChanges': [{}],
  'posts.retryCommentsChange': [{ postKey: 'instagram:post1' }],
  'posts.cancelCommentsChange': [{ postKey: 'instagram:post1' }],
  'webhooks.list': [{ profileId: 'p1' }],
  'webhooks.register': [{ profileId: 'p1', action: 'comments', url: 'https://example.com/hook' }],
  'webhooks.unregister': [{ profileId: 'p1', action: 'comments' }],
  'webhooks.setSecret': [{ profileId: 'p1', secret: SAMPLE_SECRET }],
  'webhooks.verify': [{ profileId: 'p1', body: '{"a":1}', timestamp: '1700000000', signature: 'ab'.repeat(32) }],
  'settings.get': [{}],
  'settings.update': [{ theme: 'dark' }, { undoSeconds: 10, notifications: false }],
  'report.get': [{ profileId: 'p1', from: '2026-10-01', to: '2026-10-31' }],
  'report.settings.get': [{ profileId: 'p1' }],
  'report.settings.update': [
    { profileId: 'p1', settings: defaultClientSettings('Europe/Berlin') },
    { profileId: 'p1', settings: { timeZone: 'UTC', businessHours: null, responseTarget: null } },
  ],
};

export const SAMPLE_OUTPUTS: { [N in CommandName]: CommandOutput<N> } = {
  'status.get': {
    connectivity: [{ accountId: 'sandbox', online: true, reason: 'traffic', at: 1 }],
    sync: [{ accountId: 'sandbox', profileId: 'p1', state: 'idle', postsDone: 3, postsTotal: 3, nextDueAt: null }],
    syncPaused: false,
    storeRecovery: null,
    keyWarning: null,
    outboxHealth: [
      {
        accountId: 'sandbox',
        accountTitle: 'Sandbox',
        queue: 'replies',
        state: 'recovered',
        message: 'The reply outbox of “Sandbox” was damaged on disk.',
        movedTo: 'outbox-sandbox.sqlite.damaged-x',
        restored: 3,
        pending: 2,
        setAside: 1,
        at: 1,
      },
    ],
    keyProblem: null,
  },
  'status.acknowledgeStoreRecovery': { ok: true },
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
  'inbox.viewSize': { count: 523, newest: { created: row.created, key: row.key } },
  'inbox.triageView': { changed: 523, undoToken: 'token-2' },
  'inbox.undoTriage': { restored: 1 },
  'inbox.deleteComment': { deleted: true },
  'reply.send': { item },
  'outbox.list': { items: [item] },
  'outbox.undo': { item: { ...item, state: 'cancelled' }, text: item.text },
  'outbox.edit': { item },
  'outbox.cancel': { item: { ...item, state: 'cancelled' } },
  'outbox.retry': { item },
  'outbox.remove': { ok: true },
  'outbox.setAside': {
    rows: [
      {
        key: 'sandbox:reply:1',
        accountId: 'sandbox',
        accountTitle: 'Sandbox',
        kind: 'reply',
        at: 1,
        text: 'Thanks!',
        answers: 'instagram:c1',
        reason: 'state "x" is not a state of the outbox',
      },
    ],
  },
  'posts.list': {
    posts: [{ post, commentCount: 4, lastCommentAt: row.created, latest: snapshot, flags: { notOwned: false, preBusiness: false, notFoundAt: null } }],
  },
  'posts.metrics': { post, latest: snapshot, history: [snapshot], flags: { notOwned: false, preBusiness: false, notFoundAt: null } },
  'posts.markSeen': { previous: null, seen: { at: Date.parse('2025-01-02T10:00:00.000Z'), snapshot } },
  'posts.threads': { threads: [{ headKey: 'twitter:1', keys: ['twitter:1', 'twitter:2'], announced: 3 }] },
  'posts.groupThread': { threads: [{ headKey: 'twitter:1', keys: ['twitter:1', 'twitter:2'], announced: null, manual: true }] },
  'posts.ungroupThread': { threads: [] },
  'posts.track': { post: { ...post, trackedAt: '2025-01-02T10:00:00.000Z' } },
  'posts.untrack': { ok: true },
  'posts.setComments': { post: { ...post, disableComments: true } },
  'posts.commentsChanges': {
    posts: [{ ...post, commentsChange: { enabled: false, state: 'queued', message: 'The service could not be reached', nextAttemptAt: 1_700_000_000_000 } }],
  },
  'posts.retryCommentsChange': { post: { ...post, commentsChange: { enabled: false, state: 'sending', message: null, nextAttemptAt: null } } },
  'posts.cancelCommentsChange': { post: { ...post, commentsChange: null } },
  'webhooks.list': webhooks,
  'webhooks.register': webhooks,
  'webhooks.unregister': { webhooks: [], updated: null },
  'webhooks.setSecret': { secretConfigured: true },
  'webhooks.verify': { matches: false, reason: 'The signature does not match' },
  'settings.get': DEFAULT_SETTINGS,
  'settings.update': { ...DEFAULT_SETTINGS, theme: 'dark' },
  'report.get': clientReport,
  'report.settings.get': { settings: defaultClientSettings('Europe/Berlin') },
  'report.settings.update': { settings: { timeZone: 'UTC', businessHours: null, responseTarget: null } },
};
