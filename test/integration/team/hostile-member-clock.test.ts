// Issue 28, items 5 and 6 (decision 0064): a poisoned clock. Ann, a member with her own password,
// writes straight to the team server (5) a change stamped 23 hours ahead with the counter at its
// largest (on the old code bob's next stamp had a seven-digit counter, which carol refused, and
// `recordEvent` threw for up to a day), and (6) a shared setting stamped at the end of time (which
// won over every later edit). Bob's device refuses both (stamps more than an hour ahead of its
// clock), goes on recording, and what it writes carol takes; bob's later edit of the setting wins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStamp, MAX_AHEAD_MS, parseStamp } from '../../../src/main/core/team/hybridClock.ts';
import { HostileRig, until } from './support/hostileRig.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const CAROL = { member: 'carol', device: 'tablet', password: 'carol-password' };
const ITEM = 'instagram:c-clock';
const HOUR = 60 * 60 * 1000;

let rig: HostileRig;

beforeAll(async () => {
  rig = await HostileRig.start([ANN, BOB, CAROL]);
});

afterAll(async () => {
  await rig?.close();
});

describe('a member poisoning the clock', () => {
  it('a change stamped a day ahead is refused, and bob goes on writing stamps every device takes', async () => {
    const bob = await rig.open(BOB);
    const ann = rig.hostile(ANN);
    const ahead = formatStamp(rig.clock + 23 * HOUR, 999_999, ANN.device);
    // Within the hour, the largest counter: believed, and the counter must not outgrow its six digits.
    const nearly = formatStamp(rig.clock + HOUR / 2, 999_999, ANN.device);
    for (const [hlc, id] of [
      [ahead, 'change-ahead'],
      [nearly, 'change-nearly'],
    ] as const) {
      await ann.put({
        _id: `change:${ITEM}:${hlc}`,
        kind: 'change',
        who: 'ann',
        device: 'laptop',
        hlc,
        seen: [],
        change: { id, itemKey: ITEM, field: 'note', from: null, to: `ann at ${hlc}`, who: 'ann', device: 'laptop', at: rig.clock },
      });
    }
    await until('bob receiving both', () => bob.entries(ITEM).length + bob.refused().length >= 2);
    expect(bob.refused().map((error) => [error.documentId, error.message])).toEqual([
      [`change:${ITEM}:${ahead}`, 'A shared entry was left out: it is dated more than an hour ahead of this device’s clock.'],
    ]);

    await bob.recordEvent(ITEM, 'message-received', rig.clock);
    await bob.record([{ id: 'change-bob-note', itemKey: ITEM, field: 'note', from: null, to: 'bob’s note', who: 'bob', device: 'desktop', at: rig.clock }]);
    const stamps = bob
      .entries(ITEM)
      .filter((entry) => entry.who === 'bob')
      .map((entry) => parseStamp(entry.hlc)!);
    expect(stamps).toHaveLength(2);
    for (const stamp of stamps) expect(stamp.ms).toBeLessThanOrEqual(rig.clock + MAX_AHEAD_MS);
    // Bob's note was written after seeing ann's: it is the item's note.
    expect(bob.item(ITEM)?.state.note).toBe('bob’s note');

    const carol = await rig.open(CAROL);
    await until('carol having bob’s entries', () => carol.entries(ITEM).filter((entry) => entry.who === 'bob').length === 2);
    expect(carol.refused().map((error) => error.documentId)).toEqual([`change:${ITEM}:${ahead}`]);
    expect(carol.item(ITEM)?.state.note).toBe('bob’s note');
  });

  it('a shared setting stamped at the end of time is refused, and a later edit wins', async () => {
    const bob = await rig.open({ ...BOB, device: 'desktop-2' });
    const ann = rig.hostile(ANN);
    const forever = `999999999999999.000000.${ANN.device}`;
    const id = `settings:saved-replies:workspace:${ANN.device}`;
    await ann.put({
      _id: id,
      kind: 'settings',
      who: 'ann',
      device: 'laptop',
      scope: 'saved-replies',
      id: 'workspace',
      fields: { 'reply-1.text': { value: 'ann’s text for ever', at: forever, who: 'ann', device: 'laptop' } },
    });
    await until('bob receiving ann’s settings', () => bob.refused().length > 0 || bob.settings('saved-replies', 'workspace').size > 0);
    await bob.writeSettings('saved-replies', 'workspace', { 'reply-1.text': 'bob’s later text' });
    expect(bob.settings('saved-replies', 'workspace').get('reply-1.text')?.value).toBe('bob’s later text');
    expect(bob.refused().map((error) => error.documentId)).toContain(id);
  });
});
