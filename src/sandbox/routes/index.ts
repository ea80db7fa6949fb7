// Every operation of the service, in one list for the router.
import type { Route } from '../http/api.ts';
import { analyticsRoutes } from './analytics.ts';
import { analyticsSocialRoutes } from './analyticsSocial.ts';
import { commentsDeleteRoutes } from './commentsDelete.ts';
import { commentsPostRoutes } from './commentsPost.ts';
import { commentsReadRoutes } from './commentsRead.ts';
import { messagesReadRoutes } from './messagesRead.ts';
import { messagesSendRoutes } from './messagesSend.ts';
import { postRoutes } from './posts.ts';
import { profileRoutes } from './profiles.ts';
import { replyRoutes } from './replies.ts';
import { reviewRoutes } from './reviews.ts';
import { webhookRoutes } from './webhooks.ts';

export const apiRoutes: Route[] = [
  ...replyRoutes,
  ...commentsReadRoutes,
  ...commentsPostRoutes,
  ...commentsDeleteRoutes,
  ...analyticsRoutes,
  ...analyticsSocialRoutes,
  ...postRoutes,
  ...profileRoutes,
  ...webhookRoutes,
  ...messagesReadRoutes,
  ...messagesSendRoutes,
  ...reviewRoutes,
];
