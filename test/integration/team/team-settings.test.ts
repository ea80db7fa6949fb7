// Issue 22's shared settings, merged per field: each client's report settings (business hours,
// time zone, response target) on two app cores of one workspace (the sync server, one sandbox, a
// TCP proxy per device: the rig of support/teamCores.ts). A change on one device reaches the other; edits of
// different fields made on both sides of a partition both survive; the same field edited on both
// ends with the later edit on both; each device's document holds only the fields it changed, and
// the server refuses one written in another member's name. The saved replies the same way, per
// reply: edits of different replies both survive, the later edit of one reply wins, and a reply
// removed on one device stays removed although the other saved its list meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import type { SavedReply } from '../../../src/shared/savedReplies.ts';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores, WORKSPACE } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

let team: TeamCores;

const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);
const settingsOn = async (rig: AppRig, profileId: string) => (await rig.call('report.settings.get', { profileId })).settings;
const update = (rig: AppRig, profileId: string, settings: ClientSettings) => rig.call('report.settings.update', { profileId, settings });
const upToDate = (rig: AppRig) =>
  rig.until('up to date with the team', async () => ((await rig.call('team.status', {})).replication === 'up-to-date' ? true : null));
/** Cuts the desktop off the team server and waits until it knows (as two-cores.test.ts does). */
async function cutDesktop(): Promise<void> {
  // Both idle first: a cut in the middle of a replication's batch meets the engine's open "socket hang up" defect (docs/team.md).
  await Promise.all([upToDate(laptop()), upToDate(desktop())]);
  team.proxies.get(BOB.device)!.cut();
  await desktop().until('the desktop offline', async () => ((await desktop().call('team.status', {})).serverReachable ? null : true));
}

const WEEKDAYS = { start: '09:00', end: '17:00' };
const FIRST: ClientSettings = {
  timeZone: 'Europe/Berlin',
  businessHours: { monday: WEEKDAYS, tuesday: WEEKDAYS, wednesday: WEEKDAYS, thursday: WEEKDAYS, friday: WEEKDAYS },
  responseTarget: { minutes: 240, clock: 'business' },
};

let profileId = '';

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  for (const who of [ANN, BOB]) await team.startCore(who);
  const profiles = await laptop().until('the sandbox profiles on both', async () => {
    const [onLaptop, onDesktop] = [(await laptop().call('profiles.list', {})).profiles, (await desktop().call('profiles.list', {})).profiles];
    return onLaptop.length > 0 && onDesktop.length > 0 ? onLaptop : null;
  });
  profileId = profiles[0]!.profileId;
}, 60_000);

afterAll(async () => {
  await team?.close();
});

describe('a client’s report settings on two cores of one team', () => {
  it('shows the settings saved on one device on the other', async () => {
    await update(laptop(), profileId, FIRST);
    const seen = await desktop().until('the desktop has Ann’s settings', async () => {
      const settings = await settingsOn(desktop(), profileId);
      return settings.timeZone === FIRST.timeZone ? settings : null;
    });
    expect(seen).toEqual(FIRST);
  });

  it('keeps both edits of different fields made on both sides of a partition', async () => {
    await cutDesktop();
    await update(laptop(), profileId, { ...FIRST, responseTarget: { minutes: 120, clock: 'business' } });
    await update(desktop(), profileId, { ...(await settingsOn(desktop(), profileId)), timeZone: 'Europe/Paris' });
    team.proxies.get(BOB.device)!.heal();
    const both = { ...FIRST, timeZone: 'Europe/Paris', responseTarget: { minutes: 120, clock: 'business' } };
    for (const rig of [laptop(), desktop()]) {
      await rig.until('both edits', async () => (JSON.stringify(await settingsOn(rig, profileId)) === JSON.stringify(both) ? true : null));
    }
    expect(await settingsOn(laptop(), profileId)).toEqual(both);
    expect(await settingsOn(desktop(), profileId)).toEqual(both);
    // The desktop shared what it changed, nothing of what it took in from the laptop.
    await upToDate(desktop());
    const desktopDoc = await team.document(`settings:client:${profileId}:desktop`);
    expect(Object.keys(desktopDoc.fields as object)).toEqual(['timeZone']);
  }, 60_000);

  it('ends the same field edited on both devices with the later edit, on both', async () => {
    await cutDesktop();
    const current = await settingsOn(laptop(), profileId);
    await update(laptop(), profileId, { ...current, responseTarget: { minutes: 60, clock: 'wall' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await update(desktop(), profileId, { ...(await settingsOn(desktop(), profileId)), responseTarget: { minutes: 30, clock: 'wall' } });
    team.proxies.get(BOB.device)!.heal();
    for (const rig of [laptop(), desktop()]) {
      await rig.until('the later target', async () => ((await settingsOn(rig, profileId)).responseTarget?.minutes === 30 ? true : null));
    }
    await Promise.all([upToDate(laptop()), upToDate(desktop())]);
    expect(await settingsOn(laptop(), profileId)).toEqual({ ...current, responseTarget: { minutes: 30, clock: 'wall' } });
    expect(await settingsOn(desktop(), profileId)).toEqual(await settingsOn(laptop(), profileId));
  }, 60_000);

  it('keeps another device’s field when a form opened before it arrived saves a different field (decision 0063)', async () => {
    await Promise.all([upToDate(laptop()), upToDate(desktop())]);
    // Ann opens the form; Bob changes the time zone; Ann's form still shows the old one when she saves the target.
    const opened = await settingsOn(laptop(), profileId);
    await update(desktop(), profileId, { ...(await settingsOn(desktop(), profileId)), timeZone: 'Asia/Tokyo' });
    await laptop().until('Bob’s time zone on the laptop', async () => ((await settingsOn(laptop(), profileId)).timeZone === 'Asia/Tokyo' ? true : null));
    await laptop().call('report.settings.update', { profileId, settings: { ...opened, responseTarget: { minutes: 90, clock: 'wall' } }, opened });
    const both = { ...opened, timeZone: 'Asia/Tokyo', responseTarget: { minutes: 90, clock: 'wall' } };
    for (const rig of [laptop(), desktop()]) {
      await rig.until('Ann’s target', async () => ((await settingsOn(rig, profileId)).responseTarget?.minutes === 90 ? true : null));
    }
    await Promise.all([upToDate(laptop()), upToDate(desktop())]);
    expect(await settingsOn(laptop(), profileId)).toEqual(both);
    expect(await settingsOn(desktop(), profileId)).toEqual(both);
  }, 60_000);

  it('refuses a settings document written in another member’s name', async () => {
    const bobAuth = `Basic ${Buffer.from(`${BOB.member}:${BOB.password}`).toString('base64')}`;
    const ansDoc = await team.document(`settings:client:${profileId}:laptop`);
    const response = await fetch(`${team.server.url}/${WORKSPACE}/${encodeURIComponent(`settings:client:${profileId}:laptop`)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: bobAuth },
      body: JSON.stringify({ ...ansDoc, who: 'bob' }),
    });
    expect(response.status).toBe(403);
    const forged = await fetch(`${team.server.url}/${WORKSPACE}/${encodeURIComponent('settings:client:p:phone')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: bobAuth },
      body: JSON.stringify({ kind: 'settings', who: 'ann', device: 'phone', scope: 'client', id: 'p', fields: {} }),
    });
    expect(forged.status).toBe(403);
  });
});

describe('the saved replies on two cores of one team', () => {
  const savedOn = async (rig: AppRig) => (await rig.call('settings.get', {})).savedReplies;
  const save = (rig: AppRig, savedReplies: SavedReply[]) => rig.call('settings.update', { savedReplies });
  const edit = (replies: SavedReply[], title: string, text: string) => replies.map((reply) => (reply.title === title ? { ...reply, text } : reply));
  const same = async (rig: AppRig, expected: SavedReply[]) =>
    rig.until('the saved replies merged', async () => (JSON.stringify(await savedOn(rig)) === JSON.stringify(expected) ? true : null));

  it('keeps edits of different replies made on both sides of a partition, and a removed reply removed', async () => {
    const start = await savedOn(laptop());
    expect(await savedOn(desktop())).toEqual(start);
    const [first, second, third] = start.map((reply) => reply.title);
    await cutDesktop();
    // Ann edits the first and removes the third; Bob, not knowing, edits the second and saves his whole list.
    await save(
      laptop(),
      edit(start, first!, 'Thanks a lot, {name}!').filter((reply) => reply.title !== third),
    );
    await save(desktop(), edit(start, second!, 'Hi {name}, check your messages!'));
    team.proxies.get(BOB.device)!.heal();
    const expected = edit(edit(start, first!, 'Thanks a lot, {name}!'), second!, 'Hi {name}, check your messages!').filter((reply) => reply.title !== third);
    await same(laptop(), expected);
    await same(desktop(), expected);
    expect(await savedOn(desktop())).toEqual(await savedOn(laptop()));
  }, 60_000);

  it('ends one reply edited on both devices with the later edit, and shares a new one', async () => {
    const start = await savedOn(laptop());
    const title = start[0]!.title;
    await cutDesktop();
    await save(laptop(), edit(start, title, 'Ann’s words, {name}.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Sent without an id (as before ids existed): it is given one from its title (decision 0063).
    await save(desktop(), [
      ...edit(await savedOn(desktop()), title, 'Bob’s words, {name}.'),
      { title: 'Opening hours', text: 'We are open 9 to 5, {name}.' } as SavedReply,
    ]);
    team.proxies.get(BOB.device)!.heal();
    const expected = [...edit(start, title, 'Bob’s words, {name}.'), { id: 'Opening hours', title: 'Opening hours', text: 'We are open 9 to 5, {name}.' }];
    await same(laptop(), expected);
    await same(desktop(), expected);
    // What each applied from the other was not shared back: Bob's document holds none of Ann's words
    // (with ids it holds each reply's fields and order keys, not whole replies: decision 0063).
    await upToDate(laptop());
    const bobs = await team.document('settings:saved-replies:workspace:desktop');
    const bobsWords = JSON.stringify(bobs.fields);
    expect(bobsWords).toContain('Bob’s words');
    expect(bobsWords).not.toContain('Thanks a lot');
    expect(bobsWords).not.toContain('Ann’s words');
  }, 60_000);

  it('keeps a rename on one device and an edit of the text on the other: one reply, by its id (decision 0063)', async () => {
    const start = await savedOn(laptop());
    const reply = start[0]!;
    await cutDesktop();
    await save(
      laptop(),
      start.map((one) => (one.id === reply.id ? { ...one, title: 'Thanks!' } : one)),
    );
    await save(
      desktop(),
      (await savedOn(desktop())).map((one) => (one.id === reply.id ? { ...one, text: 'Thank you, {name}, truly.' } : one)),
    );
    team.proxies.get(BOB.device)!.heal();
    const expected = start.map((one) => (one.id === reply.id ? { id: reply.id, title: 'Thanks!', text: 'Thank you, {name}, truly.' } : one));
    await same(laptop(), expected);
    await same(desktop(), expected);
  }, 60_000);

  it('ends replies added on both sides of a partition in the same order on both, and follows a reorder', async () => {
    const start = await savedOn(laptop());
    await cutDesktop();
    await save(laptop(), [...start, { id: 'r-prices', title: 'Prices', text: 'Our prices are on the website, {name}.' }]);
    await save(desktop(), [...(await savedOn(desktop())), { id: 'r-parking', title: 'Parking', text: 'Park behind the shop, {name}.' }]);
    team.proxies.get(BOB.device)!.heal();
    const merged = await laptop().until('both new replies on the laptop', async () => {
      const list = await savedOn(laptop());
      return list.some((one) => one.id === 'r-parking') && list.some((one) => one.id === 'r-prices') ? list : null;
    });
    await same(desktop(), merged);
    expect(merged.slice(0, start.length)).toEqual(start);
    // Bob moves the last reply to the top: Ann's list follows.
    const moved = [merged[merged.length - 1]!, ...merged.slice(0, -1)];
    await save(desktop(), moved);
    await same(laptop(), moved);
    await same(desktop(), moved);
  }, 60_000);

  it('keeps another device’s rename and new reply when an editor opened before they arrived saves (decision 0063)', async () => {
    await Promise.all([upToDate(laptop()), upToDate(desktop())]);
    const opened = await savedOn(laptop());
    const [renamed, edited] = [opened[0]!, opened[1]!];
    const late = { id: 'r-late', title: 'Late', text: 'Sorry we are late, {name}.' };
    await save(desktop(), [...(await savedOn(desktop())).map((one) => (one.id === renamed.id ? { ...one, title: 'Renamed by Bob' } : one)), late]);
    await laptop().until('Bob’s reply on the laptop', async () => ((await savedOn(laptop())).some((one) => one.id === late.id) ? true : null));
    // Ann's editor still shows the list as it was: she edits the second reply's text and saves.
    const mine = opened.map((one) => (one.id === edited.id ? { ...one, text: 'Edited by Ann, {name}.' } : one));
    await laptop().call('settings.update', { savedReplies: mine, savedRepliesOpened: opened });
    const expected = [
      ...opened.map((one) =>
        one.id === renamed.id ? { ...one, title: 'Renamed by Bob' } : one.id === edited.id ? { ...one, text: 'Edited by Ann, {name}.' } : one,
      ),
      late,
    ];
    await same(laptop(), expected);
    await same(desktop(), expected);
  }, 60_000);
});
