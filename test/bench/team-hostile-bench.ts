// `npm run bench:team-hostile`: the web host (`npm run web`, a child process as a person runs it)
// joined to a hostile team server of the bench's own (test/integration/team/support/
// hostileTeamServer.ts), one case at a time at the sizes: an endless `_changes` answer, a
// body of 1 GiB, a gzip bomb inflating to 1 GiB, twenty documents of 12 MiB, and a quiet server for
// the baseline. For each: the host's peak resident size (the kernel's VmHWM), how long its slowest
// `team.status` answer took while the case ran, and the states it reported. The target: the
// host below 400 MB and answering.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWebProcess, type WebHostProcess } from '../e2e/webHostProcess.ts';
import { type HostileCase, startHostileServer } from '../integration/team/support/hostileTeamServer.ts';

const MIB = 1024 * 1024;
const GIB = 1024 * MIB;
/** How long each case runs after the host is up (the replication retries a few times meanwhile). */
const CASE_MS = Number(process.env.BENCH_CASE_MS ?? 20_000);

const CASES: { name: string; hostile: HostileCase }[] = [
  { name: 'quiet server (baseline)', hostile: { kind: 'large-documents', count: 0, documentBytes: 0 } },
  { name: 'endless _changes answer', hostile: { kind: 'endless-changes', totalBytes: 64 * GIB } },
  { name: '1 GiB body', hostile: { kind: 'huge-body', totalBytes: GIB } },
  { name: 'gzip bomb (1 GiB inflated)', hostile: { kind: 'gzip-bomb', totalBytes: GIB } },
  { name: 'twenty 12 MiB documents', hostile: { kind: 'large-documents', count: 20, documentBytes: 12 * MIB } },
];

/** A figure of the kernel's for a process (kB in /proc/<pid>/status), in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${field}:`));
  return line ? Number(/(\d+)/.exec(line)?.[1] ?? 0) / 1024 : 0;
}

/** One bridge call over the host's socket; the answer and how long it took. */
async function teamStatus(host: WebHostProcess): Promise<{ ms: number; replication: string }> {
  const started = performance.now();
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge?token=${host.token}`);
  try {
    const replication = await new Promise<string>((resolve, reject) => {
      socket.onerror = () => reject(new Error('the socket failed'));
      socket.onopen = () => socket.send(JSON.stringify({ id: 1, command: 'team.status', input: {} }));
      socket.onmessage = (message) => {
        const parsed = JSON.parse(String(message.data)) as { id?: number; result?: { ok: boolean; data?: { replication: string | null } } };
        if (parsed.id === 1) resolve(parsed.result?.ok ? String(parsed.result.data?.replication) : 'no answer');
      };
    });
    return { ms: performance.now() - started, replication };
  } finally {
    socket.close();
  }
}

async function runCase(name: string, hostile: HostileCase): Promise<void> {
  const server = await startHostileServer(hostile);
  const dataDir = mkdtempSync(join(tmpdir(), 'team-hostile-bench-'));
  const host = await startWebProcess(
    ['--port', '0', '--data-dir', dataDir, '--sync-url', `${server.url}/agency`, '--device-name', 'laptop', '--member', 'bob'],
    {
      env: { ...process.env, SOCIAL_INBOX_TEAM_PASSWORD: 'bob-password' },
    },
  );
  const pid = host.child.pid as number;
  const startMb = procMb(pid, 'VmRSS');
  let slowestMs = 0;
  const states = new Set<string>();
  const until = Date.now() + CASE_MS;
  try {
    while (Date.now() < until) {
      const answer = await teamStatus(host);
      slowestMs = Math.max(slowestMs, answer.ms);
      states.add(answer.replication);
      await new Promise((later) => setTimeout(later, 500));
    }
    const peakMb = procMb(pid, 'VmHWM');
    console.log(
      `${name.padEnd(28)} start ${startMb.toFixed(0).padStart(4)} MB  peak ${peakMb.toFixed(0).padStart(5)} MB  slowest team.status ${slowestMs.toFixed(0).padStart(5)} ms  states seen ${[...states].join(', ')}  harmful answers ${server.harmfulAnswers()}`,
    );
  } finally {
    await host.stop('SIGTERM');
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`team-hostile bench: the web host against a hostile team server, ${CASE_MS / 1000} s per case (target: below 400 MB, answering)`);
// BENCH_CASE=<part of a name> runs only the matching cases.
const only = process.env.BENCH_CASE;
for (const { name, hostile } of CASES) if (only === undefined || name.includes(only)) await runCase(name, hostile);
