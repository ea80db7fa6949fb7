// Which clients have messaging off (issue 19, item 14): learnt from the sync's refusal (code 361),
// forgotten when the client's messages come in, listed for accounts still here.
import { describe, expect, it } from 'vitest';
import { MessagingOff } from '../../../src/main/core/app/messagingOff.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';

function refused(profileId: string, code: number, kind: 'messaging' | 'service' = 'messaging'): SyncEvent {
  return { type: 'sync-error', accountId: 'acc', profileId, error: { kind, message: 'refused', status: 403, code } };
}

describe('clients whose messaging is off', () => {
  it('learns it from the refusal with code 361 only, keeps the first time, and forgets it when messages come', () => {
    const off = new MessagingOff();
    const active = new Set(['p-1', 'p-2', 'p-3']);
    off.observe(refused('p-1', 361), 1_000);
    off.observe(refused('p-1', 361), 2_000);
    // A link to renew (362) or another trouble is not "messaging off".
    off.observe(refused('p-2', 362), 1_000);
    off.observe(refused('p-3', 361, 'service'), 1_000);
    expect(off.profiles(active)).toEqual([{ profileId: 'p-1', since: 1_000 }]);
    // A removed account's client is not listed.
    expect(off.profiles(new Set(['p-2']))).toEqual([]);
    off.observe({ type: 'new-messages', accountId: 'acc', profileId: 'p-1', platform: 'instagram', keys: [], firstFetch: false }, 3_000);
    expect(off.profiles(active)).toEqual([]);
  });
});
