// Issue 28, item 3 (decision 0064): a lease for ever. Ann, a member with her own password, writes the
// lease of a client in her name with `until: 9e15` (a device following it would not ask again for
// 285,657 years, and new comments of that client would never arrive). Bob's device believes a lease
// at most one lease length (90 s) and the slack (60 s) beyond when it first saw it, and takes the
// lease over once that has passed on its own clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_SLACK_MS, MAX_LEASE_MS } from '../../../src/main/core/team/leaseTerms.ts';
import { HostileRig } from './support/hostileRig.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const SCOPE = 'p-bloom@service.example';

let rig: HostileRig;

beforeAll(async () => {
  rig = await HostileRig.start([ANN, BOB]);
});

afterAll(async () => {
  await rig?.close();
});

describe('a lease written to last for ever', () => {
  it('is believed at most a lease and the slack beyond when it was seen, then taken over', async () => {
    const bob = await rig.open(BOB);
    expect((await bob.takeLease(SCOPE, 6_000)).status).toBe('held-by-me');
    const ann = rig.hostile(ANN);
    const current = await ann.get<{ _rev: string }>(`lease:${SCOPE}`);
    // Over bob's live lease, in her own name (a server whose validation refuses an `until` beyond the lease's length gets the admin's write: decision 0065).
    await ann.put({ _id: `lease:${SCOPE}`, _rev: current!._rev, kind: 'lease', holder: ANN.member, device: ANN.device, until: 9e15 });

    const seenAt = rig.clock;
    const followed = await bob.takeLease(SCOPE, 6_000);
    expect(followed).toMatchObject({ status: 'held-by-other', holder: 'ann', device: 'laptop' });
    expect((followed as { until: number }).until).toBeLessThanOrEqual(seenAt + MAX_LEASE_MS + LEASE_SLACK_MS);

    // Still hers a little before the believed end, however often bob asks…
    rig.clock = seenAt + MAX_LEASE_MS + LEASE_SLACK_MS - 1_000;
    expect((await bob.takeLease(SCOPE, 6_000)).status).toBe('held-by-other');
    // …and bob's once it has passed: his device polls the client again.
    rig.clock = seenAt + MAX_LEASE_MS + LEASE_SLACK_MS + 1;
    expect(await bob.takeLease(SCOPE, 6_000)).toMatchObject({ status: 'held-by-me', until: rig.clock + 6_000 });
    expect(await ann.get(`lease:${SCOPE}`)).toMatchObject({ holder: 'bob', device: 'desktop' });
  });
});
