// What bench:team and its reduced entry for profiling (team-reopen-bench.ts) share: the server seeded
// with `count` item states marked done by another device, and the wait until a device has folded
// them all. (To compare with an older tree, copy this file along with the bench.)
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import type { TeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';

/** Writes `count` changes into `<serverUrl>/<workspace>` as the server's admin, 1,000 per request. */
export async function seedDoneChanges(serverUrl: string, workspace: string, adminAuth: string, count: number): Promise<void> {
  // Stamped in the past: a device refuses stamps more than an hour ahead of its clock (decision 0064),
  // and the first version of the bench stamped them in 2027.
  const seedBase = Date.now() - 24 * 3600_000;
  for (let batch = 0; batch < count / 1000; batch += 1) {
    const docs = Array.from({ length: 1000 }, (_, offset) => {
      const index = batch * 1000 + offset;
      const itemKey = `facebook:item${index}`;
      const hlc = formatStamp(seedBase + index, 0, 'seeder');
      const change = { id: `s${index}`, itemKey, field: 'done', from: false, to: true, who: 'ann', device: 'seeder', at: seedBase + index };
      return { _id: `change:${itemKey}:${hlc}`, kind: 'change', who: 'ann', device: 'seeder', hlc, seen: [], change };
    });
    const response = await fetch(`${serverUrl}/${workspace}/_bulk_docs`, {
      method: 'POST',
      headers: { authorization: adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ docs }),
    });
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  }
}

/** Resolves once the workspace has folded `count` items, counted through its subscription (what the app listens to). */
export function untilFolded(workspace: TeamWorkspace, count: number): Promise<void> {
  const arrived = new Set(workspace.items().map((item) => item.itemKey));
  return new Promise<void>((resolve) => {
    if (arrived.size >= count) return resolve();
    const stop = workspace.subscribe((update) => {
      for (const item of update.items) arrived.add(item.itemKey);
      if (arrived.size >= count) {
        stop();
        resolve();
      }
    });
  });
}
