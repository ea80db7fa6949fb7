// What the host may set of a profile's sync (accountSync.ts passes them on to every profile); each
// says its default, which profileSync.ts applies.
import type { MessagePolicy } from './messagePolicy.ts';
import type { PollPolicy } from './pollPolicy.ts';
import type { PacerOptions } from './requestPacer.ts';

export interface ProfileSyncOptions {
  policy?: Partial<PollPolicy>;
  /** How often direct messages are read (messagePolicy.ts). */
  messagePolicy?: Partial<MessagePolicy>;
  pacer?: PacerOptions;
  /** How often the post lists are read again; default 3 minutes. */
  discoveryIntervalMs?: number;
  /** Posts asked of each network's list; default 1,000 (the service's maximum). */
  networkHistoryLimit?: number;
  /** How long a partial analytics batch waits for more due posts; default 5 minutes. */
  analyticsBatchDelayMs?: number;
  /** How long the sync of a profile rests after its keys or plan were refused; default 30 minutes. */
  holdMs?: number;
  /** How long twitter is left out after the X key pair was missing or refused; default 30 minutes. */
  twitterRetryMs?: number;
  /** A sleep that ends this much later than planned means the machine slept; default 1 minute. */
  clockJumpMs?: number;
  /** In a team: how long a profile's lease lasts unless renewed; default three hot poll intervals (decision 0060). */
  leaseMs?: number;
}
