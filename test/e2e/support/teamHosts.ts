// Two people of one agency on one team workspace, for the team journeys: `npm run sync-server` as its
// own process (a workspace "agency" with members ann and bob), one test sandbox they both read, and
// two web hosts started with the real command line (`--sync-url`, `--device-name`, `--member`, the
// password through SOCIAL_INBOX_TEAM_PASSWORD), each on its own data folder. Everything stops and is
// removed by `close()`.
import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HookFront, startHookFront } from '../../support/hookFront.ts';
import { startSyncServerProcess } from '../../support/syncServerProcess.ts';
import { AppHost } from './appHost.ts';
import type { TestSandbox } from './sandboxControl.ts';

export const TEAM_WORKSPACE = 'agency';
export const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
export const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

export interface TeamHosts {
  /** The workspace's address, as `--sync-url` takes it. */
  syncUrl: string;
  ann: AppHost;
  bob: AppHost;
  /** With `live`: the team proxy's live-updates route (hookFront.ts), to register with the service. */
  liveUrl: string | null;
  close(): Promise<void>;
}

export interface TeamHostsOptions {
  /** `--poll-hot-ms` for both hosts. */
  pollHotMs?: number;
  /** Seconds a reply waits for its undo (default 1, as the other journeys). */
  undoSeconds?: number;
  /** Live updates (decision 0072): the events database and the test HTTPS front standing in for Caddy's route. */
  live?: boolean;
}

/** Starts the sync server and both hosts (through their first sync); the caller closes them. */
export async function startTeamHosts(sandbox: TestSandbox, options: TeamHostsOptions = {}): Promise<TeamHosts> {
  const root = mkdtempSync(join(tmpdir(), 'e2e-team-'));
  const membersFile = join(root, 'members.json');
  writeFileSync(membersFile, JSON.stringify({ [ANN.member]: ANN.password, [BOB.member]: BOB.password }));
  let server: { child: ChildProcess; url: string } | null = null;
  const hosts: AppHost[] = [];
  let front: HookFront | null = null;
  const close = async () => {
    for (const host of hosts) await host.dispose();
    await front?.stop();
    if (server) {
      const child = server.child;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    server = await startSyncServerProcess({
      dataDir: join(root, 'server'),
      workspaces: [TEAM_WORKSPACE],
      membersFile,
      adminPassword: 'e2e-admin-password',
      ...(options.live ? { hookPassword: 'e2e-hook-password' } : {}),
    });
    if (options.live) front = await startHookFront({ syncUrl: server.url, workspace: TEAM_WORKSPACE, hookPassword: 'e2e-hook-password' });
    const syncUrl = `${server.url.replace(/\/$/, '')}/${TEAM_WORKSPACE}`;
    const hostOf = (who: typeof ANN) =>
      new AppHost({
        sandboxUrl: sandbox.url,
        undoSeconds: options.undoSeconds ?? 1,
        dataDir: mkdtempSync(join(root, `${who.member}-`)),
        ...(options.pollHotMs === undefined ? {} : { pollHotMs: options.pollHotMs }),
        team: { syncUrl, ...who },
      });
    const ann = hostOf(ANN);
    const bob = hostOf(BOB);
    hosts.push(ann, bob);
    await Promise.all([ann.start(), bob.start()]);
    await Promise.all([ann.synced(), bob.synced()]);
    return { syncUrl, ann, bob, liveUrl: front?.url ?? null, close };
  } catch (error) {
    await close();
    throw error;
  }
}
