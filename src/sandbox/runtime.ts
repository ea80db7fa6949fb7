// What every handler of the sandbox may use: the world, the clock and the services around it.
// One object, built once by startSandbox, so handlers take no globals and tests can build their own.
import type { Plan } from '../shared/networks.ts';
import type { Faults } from './http/faults.ts';
import type { RateLimiter } from './http/rateLimit.ts';
import type { WebhookDispatcher } from './webhooks/dispatcher.ts';
import type { World } from './world/world.ts';

export interface SandboxRuntime {
  world: World;
  plan: Plan;
  now: () => Date;
  /** How often the service refreshes a post's analytics. */
  analyticsRefreshMs: number;
  faults: Faults;
  rateLimiter: RateLimiter;
  webhooks: WebhookDispatcher;
  messaging: MessagingRules;
}

/** The Messages API's limits that tests may lower. */
export interface MessagingRules {
  /** facebook and instagram refuse a reply this long after the person's last message. */
  replyWindowMs: number;
  /** Conversations a profile may send in per calendar month (UTC). */
  activeConversationLimit: number;
}
