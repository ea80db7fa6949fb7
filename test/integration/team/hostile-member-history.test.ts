// Issue 28, item 4 (decision 0064): the audit rewritten. Bob's device records a new message from the
// person and bob marks the item done; Ann, a member with her own password, then writes straight to the
// team server (1) a change document of her own reusing the id of bob's change ("ann: not done"),
// (2) an event whose id names bob's event although her document is hers, and (3) a second revision
// of bob's own change document (the server's validation refuses that one, decision 0065, so the
// admin's credentials write it: a server that did not refuse). Every device, bob's included, keeps
// bob's entries as they were, refuses Ann's, and still does after a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import type { TeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { HostileRig, until } from './support/hostileRig.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const CAROL = { member: 'carol', device: 'tablet', password: 'carol-password' };
const ITEM = 'instagram:c-audit';

let rig: HostileRig;

beforeAll(async () => {
  rig = await HostileRig.start([ANN, BOB, CAROL]);
});

afterAll(async () => {
  await rig?.close();
});

/** The item's audit as a device shows it: who did what. */
function audit(workspace: TeamWorkspace): string[] {
  return workspace
    .entries(ITEM)
    .map((entry) => (entry.kind === 'change' ? `${entry.who}: ${entry.change.field} ${String(entry.change.to)}` : `${entry.who}: ${entry.event}`));
}

describe('a member rewriting the audit', () => {
  it('is refused: entries are their documents’, never replaced, on every device and after a restart', async () => {
    let bob = await rig.open(BOB);
    const at = rig.clock;
    await bob.recordEvent(ITEM, 'message-received', at);
    await bob.record([{ id: 'change-bob-done', itemKey: ITEM, field: 'done', from: false, to: true, who: 'bob', device: 'desktop', at }]);
    const before = ['bob: message-received', 'bob: done true'].sort();
    expect(audit(bob).sort()).toEqual(before);
    const carol = await rig.open(CAROL);
    await until('carol has bob’s entries', () => audit(carol).length === 2);

    const ann = rig.hostile(ANN);
    const bobEvent = bob.entries(ITEM).find((entry) => entry.kind === 'event')!;
    const bobChangeDoc = (await ann.get<Record<string, unknown> & { _id: string; _rev: string }>(
      `change:${ITEM}:${bob.entries(ITEM).find((e) => e.kind === 'change')!.hlc}`,
    ))!;
    const annHlc = formatStamp(at + 1_000, 0, ANN.device);
    const writes = [
      // (1) Her own change, reusing bob's change id.
      await ann.put({
        _id: `change:${ITEM}:${annHlc}`,
        kind: 'change',
        who: 'ann',
        device: 'laptop',
        hlc: annHlc,
        seen: [],
        change: { id: 'change-bob-done', itemKey: ITEM, field: 'done', from: true, to: false, who: 'ann', device: 'laptop', at: at + 1_000 },
      }),
      // (2) Her own event, named as bob's.
      await ann.put({
        _id: `event:${ITEM}:${formatStamp(at + 2_000, 0, ANN.device)}`,
        kind: 'event',
        id: bobEvent.id,
        itemKey: ITEM,
        who: 'ann',
        device: 'laptop',
        hlc: formatStamp(at + 2_000, 0, ANN.device),
        seen: [],
        event: 'reply-sent',
        at: at + 2_000,
      }),
      // (3) Bob's own change document, rewritten.
      await ann.put({ ...bobChangeDoc, change: { ...(bobChangeDoc.change as object), to: false } }),
    ];
    expect(writes[2]!.asAdmin).toBe(true);

    for (const [name, workspace] of [
      ['bob', bob],
      ['carol', carol],
    ] as const) {
      // Until all three arrived: refused (or, on the old code, taken).
      await until(
        `${name} receiving ann's documents`,
        () => workspace.refused().length >= 3 || audit(workspace).some((line) => line.startsWith('ann')) || audit(workspace).includes('bob: done false'),
      );
      expect(audit(workspace).sort(), name).toEqual(before);
      expect(workspace.item(ITEM)?.state.done, name).toBe(true);
      expect(
        workspace
          .refused()
          .map((error) => error.documentId)
          .sort(),
        name,
      ).toEqual(writes.map((write) => write.id).sort());
    }

    // After a restart, read from the device's own copy: still bob's.
    await rig.closeWorkspace(bob);
    bob = await rig.open(BOB);
    expect(audit(bob).sort()).toEqual(before);
    expect(bob.item(ITEM)?.state.done).toBe(true);
  });
});
