// The process the crash test kills: the core's outbox on a data directory, draining against the
// sandbox the driver runs. It says "ready" once it is draining and "drained" when every reply has
// an outcome, then closes and exits; the driver kills it with SIGKILL at random moments before that.
//
// Configuration comes in the CRASH_CHILD environment variable (JSON of ChildConfig): the sandbox's
// base URL and keys, the outbox file, the outbox settings.
import { ReplyOutbox } from '../../src/main/core/outbox/replyOutbox.ts';
import { identitiesFromUser } from '../../src/main/core/outbox/userIdentities.ts';
import type { OutboxItem } from '../../src/main/core/outbox/types.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';

export interface ChildConfig {
  outboxPath: string;
  baseUrl: string;
  apiKey: string;
  xCredentials: { key: string; secret: string };
  /** refId → Profile-Key of the user profiles. */
  profileKeys: Record<string, string>;
  maxConcurrent: number;
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
  // The sandbox answers live (no comment cache): a check may conclude at once.
  reconcileSettleMs: 0,
  maxConcurrent: config.maxConcurrent,
  onEvent: () => {
    if (opened && !finished && allFinished(opened.list())) void finish(opened);
  },
});
opened = outbox;
for (const row of outbox.quarantined()) say(`quarantined ${row.itemId ?? '?'} ${row.reason}`);
outbox.start();
say('ready');
if (allFinished(outbox.list())) void finish(outbox);
