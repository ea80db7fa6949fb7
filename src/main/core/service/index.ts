// The service client's public surface.
export type { AnalyticsBatchResult, AnalyticsIdResult } from './analyticsResults.ts';
export { type Clock, systemClock } from '../clock.ts';
export type { AccountCredentials, CallTarget, CredentialVault, XCredentials } from './credentials.ts';
export * from './errors.ts';
export type { ServiceClientEvent, ServiceEventListener } from './events.ts';
export {
  type AccountAnalyticsAnswer,
  type AccountAnalyticsFailure,
  type AccountAnalyticsFound,
  type AccountAnalyticsInput,
  AccountAnalyticsRefusedError,
  type AccountAnalyticsResult,
} from './operations/accountAnalytics.ts';
export type { AnalyticsByServiceIdInput, AnalyticsBySocialIdsInput } from './operations/analytics.ts';
export type { CommentsAddress, DeleteCommentInput, PostCommentInput } from './operations/comments.ts';
export {
  type ConversationMessages,
  type GetConversationInput,
  type ListConversationsInput,
  type ListMessagesInput,
  type MessageRefusal,
  MessageRefusedError,
  type SendMessageInput,
} from './operations/messages.ts';
export type { DeletePostInput, NetworkHistoryInput, UpdatePostInput } from './operations/posts.ts';
export type { ReplyInput, ReplyResult } from './operations/replies.ts';
export type { RegisterWebhookInput } from './operations/webhooks.ts';
export type { BudgetState, WhenSpent } from './rateBudget.ts';
export type { CallOptions } from './requestRunner.ts';
export { ServiceClient, type ServiceClientPorts } from './serviceClient.ts';
export type { HttpRequest, HttpResponse, HttpTransport } from './transport.ts';
export { TransportFailure } from './transport.ts';
export { UndiciTransport, type UndiciTransportOptions } from './undiciTransport.ts';
