// Issue 28, item 7 (decision 0064): presence. Ann, a member with her own password, writes straight to
// the team server a presence saying she replies to a comment until 9e15 (shown "for ever" on the old
// code), then 1,001 presence documents of made-up devices (on the old code `team.status` answered
// `internal` and `team.presenceChanged` was dropped). Bob's device shows a presence only up to two
// minutes ahead and at most 100 of them: the status always answers and every window is told.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRESENCE_SHOWN } from '../../../src/main/core/team/teamAdmission.ts';
import type { AppRig } from '../app/appHarness.ts';
import { HostileMember } from './support/hostileMember.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const ITEM = 'instagram:c-presence';

let cores: TeamCores;
let bob: AppRig;
let ann: HostileMember;

beforeAll(async () => {
  cores = await TeamCores.start([ANN, BOB]);
  bob = await cores.startCore(BOB);
  ann = new HostileMember(cores.server.url, ANN.member, ANN.password);
});

afterAll(async () => {
  await cores?.close();
});

const presence = (device: string, until: number) => ({ _id: `presence:ann:${device}`, kind: 'presence', who: 'ann', device, composing: ITEM, until });

describe('a member flooding presence', () => {
  it('a presence until the end of time is not shown; one of a normal length is', async () => {
    await ann.put(presence('forever', 9e15));
    await ann.put(presence('laptop', Date.now() + 45_000));
    const present = await bob.until('ann’s normal presence on bob’s device', async () => {
      const status = await bob.call('team.status', {});
      return status.present.some((entry) => entry.device === 'laptop') ? status.present : null;
    });
    expect(present.map((entry) => entry.device)).toEqual(['laptop']);
  });

  it('1,001 presence documents: the status answers, at most 100 are shown, and windows are told', async () => {
    const toldBefore = bob.eventsNamed('team.presenceChanged').length;
    const until = Date.now() + 60_000;
    await ann.bulk(Array.from({ length: 1001 }, (_, index) => presence(`device-${String(index).padStart(4, '0')}`, until)));
    const status = await bob.until('the flood on bob’s device', async () => {
      const answer = await bob.invoke('team.status', {});
      // On the old code the status stopped answering (`internal`) once the flood arrived.
      if (!answer.ok) return { ok: false as const, code: answer.error.code };
      const data = answer.data as { present: unknown[] };
      return data.present.length > 2 ? { ok: true as const, present: data.present.length } : null;
    });
    expect(status).toEqual({ ok: true, present: MAX_PRESENCE_SHOWN });
    const told = await bob.until('windows told', () => {
      const events = bob.eventsNamed('team.presenceChanged').slice(toldBefore) as { present: unknown[] }[];
      return events.find((event) => event.present.length > 2) ?? null;
    });
    expect(told.present).toHaveLength(MAX_PRESENCE_SHOWN);
  });
});
