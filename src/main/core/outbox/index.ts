// The outbox's public surface: the one durable task queue, and its kinds (replies and direct
// messages in the reply outbox, comments on/off switches in the post settings queue).
export { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { OutboxActionError, OutboxError, type OutboxErrorCode, OutboxInputError } from './errors.ts';
export { OUTBOX_SCHEMA_VERSION } from './migrations.ts';
export { ReplyOutbox } from './replyOutbox.ts';
export { TaskQueue, type TaskKind, type QueuedTask, type TaskRows } from './taskQueue.ts';
export type {
  AccountIdentityPort,
  BackoffSettings,
  MessageItem,
  NetworkResult,
  NewMessage,
  NewReply,
  OutboxErrorInfo,
  OutboxEvent,
  OutboxItem,
  OutboxListener,
  OutboxServiceClient,
  OutboxState,
  QuarantinedRow,
  ReplyItem,
  ReplyOutboxOptions,
  ServiceThread,
} from './types.ts';
export { OUTBOX_STATES } from './types.ts';
export { identitiesFromUser, type UserLookup } from './userIdentities.ts';
export { PostSettingsQueue } from './postSettingsQueue.ts';
export { POST_SETTINGS_SCHEMA_VERSION } from './postSettingsRepository.ts';
export type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsListener, PostSettingsState } from './postSettingsTypes.ts';
