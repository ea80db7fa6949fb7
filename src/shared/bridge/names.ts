// The names of the bridge's commands and events, without zod: the preload is built from these
// (one function per command) and must stay small. contract.ts checks at compile time, and a unit
// test at run time, that they are exactly the contract's keys.

export const COMMAND_NAMES = [
  'status.get',
  'sync.setPaused',
  'sync.refresh',
  'accounts.list',
  'accounts.add',
  'accounts.remove',
  'accounts.updateKeys',
  'accounts.keyStatus',
  'accounts.resetSandbox',
  'profiles.list',
  'profiles.update',
  'profiles.create',
  'profiles.setKey',
  'inbox.page',
  'inbox.counts',
  'inbox.search',
  'inbox.thread',
  'inbox.triage',
  'inbox.viewSize',
  'inbox.triageView',
  'inbox.undoTriage',
  'inbox.deleteComment',
  'reply.send',
  'outbox.list',
  'outbox.undo',
  'outbox.edit',
  'outbox.cancel',
  'outbox.retry',
  'outbox.remove',
  'posts.list',
  'posts.metrics',
  'posts.markSeen',
  'posts.threads',
  'posts.groupThread',
  'posts.ungroupThread',
  'posts.track',
  'posts.untrack',
  'posts.setComments',
  'posts.commentsChanges',
  'posts.retryCommentsChange',
  'posts.cancelCommentsChange',
  'webhooks.list',
  'webhooks.register',
  'webhooks.unregister',
  'webhooks.setSecret',
  'webhooks.verify',
  'settings.get',
  'settings.update',
] as const;

export const EVENT_NAMES = [
  'comments.new',
  'inbox.countsChanged',
  'outbox.changed',
  'connectivity.changed',
  'posts.changed',
  'sync.progress',
  'sync.problem',
  'notification.open',
  'settings.changed',
  'keys.warning',
  'store.recovered',
  'accounts.changed',
] as const;

/** The IPC channel of a command (Electron): one per command, so the main side can check the name. */
export const COMMAND_CHANNEL_PREFIX = 'bridge:';
/** The one IPC channel events travel on, as `{name, payload}`. */
export const EVENT_CHANNEL = 'bridge:event';
