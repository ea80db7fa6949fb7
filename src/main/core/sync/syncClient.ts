// The part of the service client the sync uses. The ServiceClient is the implementation; naming the
// subset keeps the scheduler's needs visible and lets a unit test pass a client of its own.
import type { ServiceClient } from '../service/serviceClient.ts';

export type SyncClient = Pick<
  ServiceClient,
  | 'user'
  | 'history'
  | 'networkHistory'
  | 'getComments'
  | 'analyticsBySocialIds'
  | 'analyticsByServiceId'
  | 'listConversations'
  | 'getConversation'
  | 'accountAnalytics'
  | 'budgetOf'
>;
