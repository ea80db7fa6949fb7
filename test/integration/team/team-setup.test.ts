// Settings → Team in the core, through the bridge as the screen calls it (team.configure,
// team.setMode, team.leave): a device started alone joins a workspace without a restart, changes
// to another (the first is closed: what it decides afterwards is shared only in the new one), keeps
// the team across a restart (team.json and the vault), and leaves. Every address and name is
// checked in main; the password is never in an answer, the data folder or the log.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN_PASSWORD = 'ann-very-secret-pass';
const ANN = { member: 'ann', device: 'laptop', password: ANN_PASSWORD };

let team: TeamCores;
let rig: AppRig;

/** Every file under the folder, as text (LevelDB's and SQLite's files too). */
function everyFile(dir: string): { path: string; text: string }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? everyFile(path) : [{ path, text: readFileSync(path).toString('latin1') }];
  });
}

/** The `change:` documents of a workspace on the server (as its admin). */
async function changesIn(workspace: string): Promise<string[]> {
  return (await team.documents<{ _id: string }>('change:', workspace)).map((doc) => doc._id);
}

/** The device's core, started alone: it joins (or finds the team it joined) through Settings → Team. */
const start = () => team.startCore(ANN, { joined: false });

const upToDate = (what: string) =>
  rig.until(what, async () => {
    const status = await rig.call('team.status', {});
    return status.replication === 'up-to-date' ? status : null;
  });

async function firstComment(index: number): Promise<string> {
  return rig.until('comments in the inbox', async () => {
    const rows = (await rig.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 20 })).rows;
    return rows[index]?.key ?? null;
  });
}

beforeAll(async () => {
  team = await TeamCores.start([ANN], { workspaces: ['agency', 'studio'] });
  rig = await start();
}, 60_000);

afterAll(async () => {
  await team?.close();
});

describe('Settings → Team through the bridge', () => {
  const agency = () => ({ serverUrl: `${team.server.url}/`, workspace: 'agency', member: 'ann', device: 'laptop', mode: 'team' as const });

  it('starts alone: not joined, no problem, no password saved', async () => {
    expect(await rig.call('team.status', {})).toMatchObject({ joined: false, problem: null, serverUrl: null, passwordSaved: false, mode: 'team' });
  });

  it('refuses plain http to another computer, a bad workspace, a name with a colon and a first join without a password, in words', async () => {
    const refused = async (input: unknown) => {
      const answer = await rig.invoke('team.configure', input);
      if (answer.ok) throw new Error('accepted');
      return answer.error;
    };
    expect(await refused({ ...agency(), serverUrl: 'http://couch.example.org', password: ANN_PASSWORD })).toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/must use https/),
    });
    expect(await refused({ ...agency(), workspace: 'Agency!', password: ANN_PASSWORD })).toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/workspace name/),
    });
    expect(await refused({ ...agency(), device: 'lap:top', password: ANN_PASSWORD })).toMatchObject({
      code: 'refused',
      message: expect.stringMatching(/device name/),
    });
    expect(await refused(agency())).toMatchObject({ code: 'refused', message: expect.stringMatching(/Enter the password/) });
    expect(await refused({ ...agency(), password: ANN_PASSWORD, extra: 1 })).toMatchObject({ code: 'invalid-input' });
    expect(await refused({ ...agency(), mode: 'sometimes', password: ANN_PASSWORD })).toMatchObject({ code: 'invalid-input' });
    expect((await rig.call('team.status', {})).joined).toBe(false);
  });

  it('says the server refused a wrong password', async () => {
    const status = await rig.call('team.configure', { ...agency(), password: 'not-the-password' });
    expect(status).toMatchObject({ joined: true, passwordSaved: true });
    expect(await rig.until('the password refused', async () => ((await rig.call('team.status', {})).replication === 'refused' ? true : null))).toBe(true);
  }, 60_000);

  it('joins without a restart, shares a triage there, and never shows the password', async () => {
    const answer = await rig.call('team.configure', { ...agency(), password: ANN_PASSWORD });
    expect(answer).toMatchObject({
      joined: true,
      workspace: 'agency',
      member: 'ann',
      device: 'laptop',
      serverUrl: team.server.url.replace(/\/$/, ''),
      passwordSaved: true,
    });
    expect(JSON.stringify(answer)).not.toContain(ANN_PASSWORD);
    await upToDate('joined agency');
    const key = await firstComment(0);
    await rig.call('inbox.triage', { keys: [key], done: true });
    await rig.until('the triage on the server', async () => ((await changesIn('agency')).some((id) => id.includes(key)) ? true : null));
  }, 60_000);

  it('changes to another workspace without a restart: the first is closed, the new one gets what follows', async () => {
    const status = await rig.call('team.configure', { ...agency(), workspace: 'studio', mode: 'solo' });
    expect(status).toMatchObject({ joined: true, workspace: 'studio', mode: 'solo', passwordSaved: true });
    await upToDate('joined studio');
    const key = await firstComment(1);
    await rig.call('inbox.triage', { keys: [key], addLabels: ['moved'] });
    await rig.until('the triage in studio', async () => ((await changesIn('studio')).some((id) => id.includes(key)) ? true : null));
    expect((await changesIn('agency')).some((id) => id.includes(key))).toBe(false);
  }, 60_000);

  it('keeps the team and its mode across a restart (team.json and the vault), never the password in a file or the log', async () => {
    await team.closeCore(rig);
    rig = await start();
    expect(await upToDate('joined again after the restart')).toMatchObject({ joined: true, workspace: 'studio', mode: 'solo' });
    const saved = JSON.parse(readFileSync(join(rig.dataDir, 'team.json'), 'utf8')) as unknown;
    expect(saved).toMatchObject({ team: { workspace: 'studio', member: 'ann', device: 'laptop' } });
    for (const file of everyFile(rig.dataDir)) expect(file.text.includes(ANN_PASSWORD), file.path).toBe(false);
    expect(JSON.stringify(rig.logs)).not.toContain(ANN_PASSWORD);
  }, 60_000);

  it('sets the mode of the workspace joined, and refuses it with no team', async () => {
    expect(await rig.call('team.setMode', { mode: 'team' })).toMatchObject({ mode: 'team', workspace: 'studio' });
    expect(JSON.parse(readFileSync(join(rig.dataDir, 'team.json'), 'utf8'))).toMatchObject({
      modes: { [`${team.server.url.replace(/\/$/, '')}/studio`]: 'team' },
    });
  });

  it('leaves: works alone again, forgets the password, shares nothing more', async () => {
    const status = await rig.call('team.leave', {});
    expect(status).toMatchObject({ joined: false, problem: null, workspace: null, passwordSaved: false });
    expect(rig.vault.teamPasswords.size).toBe(0);
    expect(JSON.parse(readFileSync(join(rig.dataDir, 'team.json'), 'utf8'))).toMatchObject({ team: null });
    const before = await changesIn('studio');
    const key = await firstComment(2);
    await rig.call('inbox.triage', { keys: [key], done: true });
    await team.closeCore(rig).catch(() => undefined);
    expect(await changesIn('studio')).toEqual(before);
    const refused = await rig.invoke('team.setMode', { mode: 'solo' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringMatching(/Join a team first/) } });
    rig = await start();
    expect(await rig.call('team.status', {})).toMatchObject({ joined: false, problem: null });
  }, 60_000);
});
