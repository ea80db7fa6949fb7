// The process the crash test kills: the core's outbox on a data directory, draining against the
// sandbox the driver runs. It says "ready" once it is draining and "drained" when every reply has
// an outcome, then closes and exits (and "settle-wait <id>" when a write starts to wait out the settle window); the driver kills it with SIGKILL at random moments before that.
//
// Configuration comes in the CRASH_CHILD environment variable (JSON of ChildConfig): the sandbox's
// base URL and keys, the outbox file, the outbox settings, and the settle mode: the built-in
// sandbox account's rules (an unknown outcome is checked and settled at once) or a real service
// account's (a check that finds nothing waits out the 11-minute window before resending), the
// latter on the driver's simulated clock (simulatedClock.ts).
import { systemClock } from '../../src/main/core/clock.ts';
import { ReplyOutbox } from '../../src/main/core/outbox/replyOutbox.ts';
import { identitiesFromUser } from '../../src/main/core/outbox/userIdentities.ts';
import type { OutboxItem } from '../../src/main/core/outbox/types.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import { fileClock } from './simulatedClock.ts';

/** Whose settle rules the outbox follows: the built-in sandbox account's, or a real service account's. */
export type SettleMode = 'sandbox' | 'service';

export interface ChildConfig {
  outboxPath: string;
  baseUrl: string;
  apiKey: string;
  xCredentials: { key: string; secret: string };
  /** refId → Profile-Key of the user profiles. */
  profileKeys: Record<string, string>;
  maxConcurrent: number;
  settle: SettleMode;
  /** The driver's simulated clock (service mode); null runs on the system clock. */
  clockPath: string | null;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

const config = JSON.parse(process.env.CRASH_CHILD ?? 'null') as ChildConfig | null;
if (!config) {
  process.stderr.write('drainChild: CRASH_CHILD is not set\n');
  process.exit(2);
}

const client = new ServiceClient({
  vault: {
    account: async () => ({ baseUrl: config.baseUrl, apiKey: config.apiKey, xCredentials: config.xCredentials }),
    profileKey: async (_account, profileId) => {
      const key = config.profileKeys[profileId];
      if (!key) throw new Error('unknown profile');
      return key;
    },
  },
  // A short answer timeout: the latency faults then also produce timeouts with unknown outcomes.
  transportOptions: { headersTimeoutMs: 2_000, connectTimeoutMs: 2_000 },
});

let finished = false;
const finishedStates = new Set(['sent', 'failed', 'cancelled']);

function allFinished(items: readonly OutboxItem[]): boolean {
  return items.every((item) => finishedStates.has(item.state));
}

async function finish(outbox: ReplyOutbox): Promise<void> {
  if (finished) return;
  finished = true;
  for (const item of outbox.list()) {
    if (item.state === 'failed') say(`failed ${item.id} ${item.lastError?.code ?? ''} ${item.lastError?.message ?? ''}`);
  }
  say('drained');
  await outbox.close();
  await client.close();
  process.exit(0);
}

let opened: ReplyOutbox | undefined;
const outbox = ReplyOutbox.open({
  path: config.outboxPath,
  client,
  accountIdentity: identitiesFromUser(client),
  undoMs: 0,
  backoff: { baseMs: 20, maxMs: 250 },
  clock: config.clockPath === null ? systemClock : fileClock(config.clockPath),
  // The sandbox account's rule (its service answers live: a check may conclude at once), as the app
  // sets it (accountRuntime.ts); a service account's is the outbox's own default window, left unset as the app leaves it.
  ...(config.settle === 'sandbox' ? { reconcileSettleMs: 0 } : {}),
  maxConcurrent: config.maxConcurrent,
  onEvent: (event) => {
    // A check found nothing too soon after the attempt: the write waits out the settle window (service mode).
    if (event.type === 'changed' && event.item.state === 'waiting' && event.item.lastError?.code === 'checking') say(`settle-wait ${event.item.id}`);
    if (opened && !finished && allFinished(opened.list())) void finish(opened);
  },
});
opened = outbox;
for (const row of outbox.quarantined()) say(`quarantined ${row.itemId ?? '?'} ${row.reason}`);
outbox.start();
say('ready');
if (allFinished(outbox.list())) void finish(outbox);
