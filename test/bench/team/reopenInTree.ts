// The child of team-reopen-compare.ts: opens a prepared copy with one tree's openTeamWorkspace
// REOPENS times (open, then items(), as bench:team's reopen without the close before it) and prints
// one JSON line per open: its wall and CPU time. Usage: <tree> <serverUrl> <dataDir> <items> <reopens>.
import type { openTeamWorkspace as OpenTeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';

const [tree, serverUrl, dataDir, items, reopens] = process.argv.slice(2);
if (!tree || !serverUrl || !dataDir || !items || !reopens) throw new Error('usage: <tree> <serverUrl> <dataDir> <items> <reopens>');
const { openTeamWorkspace } = (await import(`${tree}/src/main/core/team/teamWorkspace.ts`)) as { openTeamWorkspace: typeof OpenTeamWorkspace };
for (let run = 0; run < Number(reopens); run += 1) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const workspace = await openTeamWorkspace({
    serverUrl,
    workspace: 'big',
    member: 'bob',
    device: 'newcomer',
    credentials: { username: 'bob', password: 'bob-password' },
    dataDir,
  });
  const count = workspace.items().length;
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (count !== Number(items)) throw new Error(`reopened with ${count} items`);
  console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));
  await workspace.close();
}
