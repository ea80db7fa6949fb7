// One device's workspace against a hostile team server (hostileTeamServer.ts), with the process's
// memory watched throughout: the resident size is sampled every few milliseconds from before the
// workspace opens until the server sent its harmful answer a second time (the replication read the
// first, failed or refused it, and retried), so the peak a buffered body would cause is seen.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTeamWorkspace, type TeamWorkspace } from '../../../../src/main/core/team/teamWorkspace.ts';
import { type HostileCase, type HostileServer, startHostileServer } from './hostileTeamServer.ts';

const MIB = 1024 * 1024;

/** Waits until `check` holds (a guard against hangs, not a speed target). */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, waitMs = 110_000): Promise<void> {
  for (let waited = 0; waited < waitMs; waited += 25) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`never happened: ${what}`);
}

export interface HostileRun {
  server: HostileServer;
  workspace: TeamWorkspace;
  /** The highest resident size seen, above the one before the workspace opened (MiB). */
  peakGrowthMib: () => number;
  /** What the device's copy of the workspace takes on disk (MiB). */
  storedMib: () => number;
  close: () => Promise<void>;
}

/** Opens a workspace against a fresh hostile server and waits for its harmful answer to be sent `answers` times. */
export async function runHostileCase(hostile: HostileCase, answers = 2): Promise<HostileRun> {
  const root = mkdtempSync(join(tmpdir(), 'team-hostile-'));
  const server = await startHostileServer(hostile);
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const workspace = await openTeamWorkspace({
    serverUrl: server.url,
    workspace: 'agency',
    member: 'bob',
    device: 'laptop',
    credentials: { username: 'bob', password: 'bob-password' },
    dataDir: join(root, 'laptop'),
    retry: { firstMs: 100, longestMs: 500 },
  });
  await eventually(`the server sent its harmful answer ${answers} times`, () => server.harmfulAnswers() >= answers);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    server,
    workspace,
    peakGrowthMib: () => (peak - start) / MIB,
    storedMib: () => folderBytes(join(root, 'laptop')) / MIB,
    close: async () => {
      clearInterval(sampler);
      await workspace.close();
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function folderBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
