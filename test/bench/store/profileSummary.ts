// Self time by function from a .cpuprofile (the inspector's or `node --cpu-prof`'s JSON): the top
// entries, with their file and line, and each one's share of the profile.
//   node test/bench/store/profileSummary.ts <file.cpuprofile> [top]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const top = Number(process.argv[3] ?? 15);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const node = byId.get(id)!;
  const delta = profile.timeDeltas[index] ?? 0;
  const frame = node.callFrame;
  const name = `${frame.functionName || '(anonymous)'} ${frame.url ? `${basename(frame.url)}:${frame.lineNumber + 1}` : ''}`;
  self.set(name, (self.get(name) ?? 0) + delta);
  total += delta;
});
const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
console.log(`total ${(total / 1000).toFixed(0)} ms`);
for (const [name, us] of rows) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
