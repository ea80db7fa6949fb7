// The reply outbox's public surface.
export { backoffDelay, DEFAULT_BACKOFF } from './backoff.ts';
export { OutboxActionError, OutboxError, type OutboxErrorCode, OutboxInputError } from './errors.ts';
export { OUTBOX_SCHEMA_VERSION } from './migrations.ts';
export { ReplyOutbox } from './replyOutbox.ts';
export type {
  AccountIdentityPort,
  BackoffSettings,
  NetworkResult,
  NewReply,
  OutboxErrorInfo,
  OutboxEvent,
  OutboxItem,
  OutboxListener,
  OutboxServiceClient,
  OutboxState,
  QuarantinedRow,
  ReplyOutboxOptions,
  ServiceThread,
} from './types.ts';
export { OUTBOX_STATES } from './types.ts';
export { identitiesFromUser, type UserLookup } from './userIdentities.ts';
export { PostSettingsQueue } from './postSettingsQueue.ts';
export { POST_SETTINGS_SCHEMA_VERSION } from './postSettingsRepository.ts';
export type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsListener, PostSettingsState } from './postSettingsTypes.ts';
