// Issue 22's assignment, notes, history and notices, end to end in the core: the sync server, one
// sandbox and two app cores (Ann's laptop, Bob's desktop), each through its own TCP proxy (the rig of
// support/teamCores.ts). Ann assigns a comment to Bob: it is in Bob's "Assigned to me" and its count,
// not in Ann's. Bob's note arrives on Ann's core and the item's history there names both. A done
// and a snooze made at once (a partition) resolve the same on both, and both people get one notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

let team: TeamCores;

const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

async function assignedToMe(rig: AppRig): Promise<string[]> {
  return (await rig.call('inbox.page', { filter: { view: 'assignedToMe' }, limit: 100 })).rows.map((row) => row.key);
}

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  for (const who of [ANN, BOB]) await team.startCore(who);
}, 60_000);

afterAll(async () => {
  await team?.close();
});

describe('assignment, notes, history and notices across two cores', () => {
  it('lists this member and the others its device knows of, before anyone decided anything', async () => {
    const members = await laptop().until('Ann’s core knows Bob', async () => {
      const answer = await laptop().call('team.members', {});
      return answer.members.includes('bob') ? answer : null;
    });
    expect(members).toEqual({ joined: true, me: 'ann', members: ['ann', 'bob'] });
  });

  it('puts an item Ann assigns to Bob in Bob’s “Assigned to me” and its count, not in Ann’s', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 0);
    const { changed } = await laptop().call('inbox.assign', { keys: [key], assignee: 'bob' });
    expect(changed).toBe(1);
    await desktop().until('the item in Bob’s Assigned to me', async () => ((await assignedToMe(desktop())).includes(key) ? true : null));
    expect(await assignedToMe(laptop())).not.toContain(key);
    expect((await desktop().call('inbox.counts', {})).total.assignedToMe).toBe(1);
    expect((await laptop().call('inbox.counts', {})).total.assignedToMe).toBe(0);
    const row = (await desktop().call('inbox.page', { filter: { view: 'assignedToMe' } })).rows.find((candidate) => candidate.key === key);
    expect(row?.assignee).toBe('bob');
    // Done, it leaves the view.
    await desktop().call('inbox.triage', { keys: [key], done: true });
    expect(await assignedToMe(desktop())).not.toContain(key);
    expect((await desktop().call('inbox.counts', {})).total.assignedToMe).toBe(0);
  }, 60_000);

  it('refuses a name that is no member of the team', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 1);
    const answer = await laptop().invoke('inbox.assign', { keys: [key], assignee: 'mallory' });
    expect(answer).toMatchObject({ ok: false });
    expect(JSON.stringify(answer)).toContain('mallory is not a member of this team');
  });

  it('shows Bob’s note on Ann’s core, and the item’s history there names both', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 2);
    await laptop().call('inbox.assign', { keys: [key], assignee: 'bob' });
    await desktop().until('the assignment on Bob’s core', async () => ((await desktop().call('team.itemHistory', { key })).assignee === 'bob' ? true : null));
    await desktop().call('inbox.setNote', { key, note: '  Wants a refund; be kind  ' });
    const item = await laptop().until('Bob’s note on Ann’s core', async () => {
      const answer = await laptop().call('team.itemHistory', { key });
      return answer.note !== null ? answer : null;
    });
    expect(item.note).toBe('Wants a refund; be kind');
    expect(item.history.map((entry) => [entry.who, entry.device, entry.act])).toEqual([
      ['ann', 'laptop', { kind: 'change', field: 'assignee', from: null, to: 'bob', undo: false }],
      ['bob', 'desktop', { kind: 'change', field: 'note', from: null, to: 'Wants a refund; be kind', undo: false }],
    ]);
  }, 60_000);

  it('resolves a done and a snooze made at once the same on both cores, and tells both people once', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 3);
    const until = Date.now() + 3 * 24 * 3600_000;
    team.proxies.get(BOB.device)!.cut();
    await desktop().until('Bob’s core offline', async () => ((await desktop().call('team.status', {})).serverReachable ? null : true));
    await laptop().call('inbox.triage', { keys: [key], done: true });
    await desktop().call('inbox.triage', { keys: [key], snoozedUntil: until });
    team.proxies.get(BOB.device)!.heal();
    // The snooze shows the item again sooner than done does: it stays snoozed, on both.
    for (const rig of [laptop(), desktop()]) {
      await rig.until('the snooze kept', async () => {
        const row = (await rig.call('inbox.page', { filter: { view: 'snoozed' }, limit: 100 })).rows.find((candidate) => candidate.key === key);
        return row?.snoozedUntil === until && !row.done ? true : null;
      });
    }
    const onLaptop = await laptop().until(
      'Ann told',
      async () => (await laptop().call('team.notices', {})).notices.find((notice) => notice.itemKey === key) ?? null,
    );
    const onDesktop = await desktop().until(
      'Bob told',
      async () => (await desktop().call('team.notices', {})).notices.find((notice) => notice.itemKey === key) ?? null,
    );
    expect(onLaptop).toMatchObject({
      register: 'visibility',
      other: 'bob',
      keptMine: false,
      mine: { field: 'done', to: true },
      theirs: { field: 'snoozedUntil', to: until },
      state: { done: false, snoozedUntil: until },
    });
    expect(onDesktop).toMatchObject({ other: 'ann', keptMine: true, mine: { field: 'snoozedUntil', to: until }, theirs: { field: 'done', to: true } });
    expect(laptop().eventsNamed('team.noticesChanged').length).toBeGreaterThan(0);
    // Once: dismissed, it is not told again, even after a restart of the core.
    await laptop().call('team.dismissNotice', { id: onLaptop.id });
    expect((await laptop().call('team.notices', {})).notices.filter((notice) => notice.itemKey === key)).toEqual([]);
    await team.closeCore(laptop());
    await team.startCore(ANN);
    expect((await laptop().call('team.notices', {})).notices.filter((notice) => notice.itemKey === key)).toEqual([]);
    expect((await desktop().call('team.notices', {})).notices.filter((notice) => notice.itemKey === key)).toHaveLength(1);
  }, 90_000);
});
