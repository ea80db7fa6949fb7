// Hostile answers to replies, through the real outbox: a reply enqueued while something answers in
// the service's place (a captive portal's 200 HTML, JSON of another shape, a redirect, deep JSON, a
// bomb, a trickle) is never marked sent and never reaches the service; it waits with its outcome
// unknown. When the hostility ends (the server forwards to the sandbox again), the outbox reads
// the thread, finds nothing and sends it: exactly once on the sandbox's ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CredentialVault } from '../../src/main/core/service/credentials.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import { countOf, OutboxHarness, openFixture, uniqueText } from '../integration/outbox/harness.ts';
import type { SandboxFixture } from '../integration/service/harness.ts';
import { chaosLong, chaosRounds } from './support/chaosLevel.ts';
import { type HostileMode, type HostileServer, startHostileServer } from './support/hostileServer.ts';

const MB = 1024 * 1024;

const ALL: { name: string; mode: HostileMode }[] = [
  { name: 'HTML 200 (captive portal)', mode: { kind: 'html-200' } },
  { name: 'JSON of another shape', mode: { kind: 'canned', status: 200, contentType: 'application/json', body: '{"ok":true}' } },
  { name: 'redirect to a login page', mode: { kind: 'redirect', status: 302, location: 'http://login.portal.example/' } },
  { name: 'JSON 100,000 levels deep', mode: { kind: 'deep-json', depth: 100_000 } },
  { name: 'gzip bomb', mode: { kind: 'bomb', encoding: 'gzip', inflatedBytes: 128 * MB } },
  { name: 'trickle', mode: { kind: 'trickle', everyMs: 20 } },
  { name: 'truncated JSON', mode: { kind: 'truncated' } },
  { name: 'right JSON, HTML content type', mode: { kind: 'canned', status: 200, contentType: 'text/html', body: '{"status":"success","commentId":"x"}' } },
];
// The short form keeps the cases each of which once broke the promise, or could have.
const SCENARIOS = chaosLong ? ALL : ALL.slice(0, 6);

let fixture: SandboxFixture;
let server: HostileServer;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
  server = await startHostileServer({ mode: { kind: 'pass' }, upstream: fixture.sandbox.url });
});
afterAll(async () => {
  await server.close();
  await fixture.close();
});

/** The sandbox's keys, but every request goes through the hostile server. */
function throughServer(vault: CredentialVault): CredentialVault {
  return {
    account: async (accountId, signal) => ({ ...(await vault.account(accountId, signal)), baseUrl: server.baseUrl }),
    profileKey: (accountId, profileId, signal) => vault.profileKey(accountId, profileId, signal),
  };
}

describe.each(Array.from({ length: chaosRounds(1, 3) }, (_, round) => round + 1))('round %i', () => {
  it.each(SCENARIOS)('$name: the reply is not sent while it lasts, then sent exactly once', async ({ mode }) => {
    const client = new ServiceClient({ vault: throughServer(fixture.vault), transportOptions: { deadlineMs: 800 } });
    const h = new OutboxHarness(fixture, { wrapClient: () => client });
    try {
      const refId = fixture.world.profiles[1]!.refId;
      const comment = await h.outsideComment(h.postOf(refId, 'facebook'));
      const text = uniqueText('Reply behind a portal');

      server.mode = mode;
      h.outbox.start();
      const { id } = h.outbox.enqueue(h.replyTo(refId, comment, text));
      // Settled one way or the other: sent (the bug) or waiting with its outcome unknown, checked once more.
      const item = await h.untilItem(id, (i) => i.state === 'sent' || (i.state === 'waiting' && i.outcomeUnknown && i.failures >= 2), 'the reply to settle');
      expect(item.state).toBe('waiting');
      expect(item.outcomeUnknown).toBe(true);
      expect(item.lastError?.message).toBeTruthy();
      expect(countOf(await h.replyTexts(), text)).toBe(0);

      server.mode = { kind: 'pass' };
      h.outbox.nudge();
      await h.untilItem(id, (i) => i.state === 'sent', 'the reply to be sent once the portal is gone', 30_000);
      expect(countOf(await h.replyTexts(), text)).toBe(1);
    } finally {
      server.mode = { kind: 'pass' };
      await h.close();
      await client.close();
    }
  });
});
