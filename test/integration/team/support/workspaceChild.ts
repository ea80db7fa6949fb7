// One device's team workspace in a process of its own, for tests that kill it hard (SIGKILL) in the
// middle of a replication. Argument: JSON {serverUrl, workspace, member, device, password, dataDir,
// record?}. With `record: N` it records N changes (`<device>-<n>` marks `facebook:<device>-m<n>` done), 100
// per call, and prints "recorded <count>" after each call has returned (the change is then on the
// device's disk). It prints "arrived <count>" with the number of items that have come from other
// devices so far, and stays open until killed.
import { openTeamWorkspace } from '../../../../src/main/core/team/teamWorkspace.ts';

const settings = JSON.parse(process.argv[2] ?? '{}') as {
  serverUrl: string;
  workspace: string;
  member: string;
  device: string;
  password: string;
  dataDir: string;
  record?: number;
};

const workspace = await openTeamWorkspace({
  serverUrl: settings.serverUrl,
  workspace: settings.workspace,
  member: settings.member,
  device: settings.device,
  credentials: { username: settings.member, password: settings.password },
  dataDir: settings.dataDir,
  retry: { firstMs: 50, longestMs: 400 },
});
const arrived = new Set<string>();
workspace.subscribe((update) => {
  for (const item of update.items) arrived.add(item.itemKey);
  process.stdout.write(`arrived ${arrived.size}\n`);
});
process.stdout.write('open\n');
for (let recorded = 0; recorded < (settings.record ?? 0); recorded += 100) {
  const changes = Array.from({ length: Math.min(100, (settings.record ?? 0) - recorded) }, (_, index) => {
    const n = recorded + index;
    return {
      id: `${settings.device}-${n}`,
      itemKey: `facebook:${settings.device}-m${n}`,
      field: 'done' as const,
      from: false,
      to: true,
      who: settings.member,
      device: settings.device,
      at: n,
    };
  });
  await workspace.record(changes);
  process.stdout.write(`recorded ${recorded + changes.length}\n`);
}
setInterval(() => undefined, 60_000);
