// The crash test: the outbox drains replies in a child process (drainChild.ts) against a sandbox
// this process runs with dropAfterCommitRate and latency faults; the child is killed with SIGKILL
// at random moments, restarted, killed again, until enough kills have landed while replies were
// draining; a last child drains what is left. Then every reply must be in the sandbox's ledger
// exactly once and `sent` in the outbox, with the reply the outbox recorded being the one the
// service applied.
//
// Bounded: a number of lives and a time limit for the whole run, a time limit per life and for the
// last drain; whatever is started (children, sandbox, temp directory) is stopped in `finally`.
// If the queue runs dry before the kills are done, another batch of replies is queued (counted in
// the report), so every kill lands while replies are draining.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { ReplyOutbox } from '../../src/main/core/outbox/replyOutbox.ts';
import type { NewReply, OutboxItem } from '../../src/main/core/outbox/types.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import { type Network, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../src/shared/networks.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import type { ChildConfig } from './drainChild.ts';

export interface CrashOptions {
  /** Kills to land while replies are draining (at least). */
  kills: number;
  /** Replies queued before the first child starts. */
  replies: number;
  /** Replies queued when the queue runs dry before the kills are done. Default 10. */
  topUpBatch?: number;
  /** Default 0.3. */
  dropAfterCommitRate?: number;
  /** Each life gets a latency fault drawn from this range (ms). Default [20, 120]. */
  latencyMs?: [number, number];
  /** A kill lands within this long after the child says "ready". Default 150 ms. */
  maxLifeMs?: number;
  /** Share of kills that land at any moment from the spawn on (start-up and recovery included). Default 0.15. */
  earlyKillShare?: number;
  /** Replies in flight at once in the child. Default 1. */
  maxConcurrent?: number;
  /** The whole run. Default 10 minutes. */
  timeLimitMs?: number;
  /** One life (a child that never says "ready" is killed and counted as a problem). Default 20 s. */
  lifeLimitMs?: number;
  /** The last, unkilled child. Default 60 s. */
  finalDrainMs?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  ok: boolean;
  problems: string[];
  seed: number;
  kills: number;
  /** Kills that landed after the child was draining and before it had drained. */
  killsWhileDraining: number;
  /** Kills that landed before the child said "ready" (start-up, recovery of the file). */
  killsBeforeReady: number;
  /** Kills that left a reply "sending" on disk: in the middle of a send or of a check of the thread. */
  killsMidSend: number;
  lives: number;
  replies: number;
  sent: number;
  /** Replies the outbox found in the thread after an unknown outcome, rather than from an answer. */
  adopted: number;
  /** Requests that wrote or may have written a reply, over all replies. */
  attempts: number;
  /** comment.reply entries in the ledger for the planned texts. */
  ledgerReplies: number;
  duplicates: number;
  missing: number;
  durationMs: number;
}

const CHILD = fileURLToPath(new URL('./drainChild.ts', import.meta.url));
const ACCOUNT = 'crash-account';

interface WorldPost {
  profileRefId: string;
  platform: Network;
  socialId: string;
  owned: boolean;
  flags: string[];
}

interface World {
  apiKey: string;
  xCredentials: { key: string; secret: string };
  profiles: { refId: string; profileKey: string | null }[];
  posts: WorldPost[];
}

interface LedgerEntry {
  kind: string;
  ids: string[];
  text: string | null;
}

interface LifeOutcome {
  killed: boolean;
  sawReady: boolean;
  sawDrained: boolean;
  exitCode: number | null;
  failures: string[];
  stderr: string;
}

/** A small seeded generator (mulberry32), so a failing run can be repeated with its seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seeded(seed);
  const log = options.log ?? (() => {});
  const settings = {
    topUpBatch: options.topUpBatch ?? 10,
    dropAfterCommitRate: options.dropAfterCommitRate ?? 0.3,
    latencyMs: options.latencyMs ?? ([20, 120] as [number, number]),
    maxLifeMs: options.maxLifeMs ?? 150,
    earlyKillShare: options.earlyKillShare ?? 0.15,
    maxConcurrent: options.maxConcurrent ?? 1,
    timeLimitMs: options.timeLimitMs ?? 10 * 60_000,
    lifeLimitMs: options.lifeLimitMs ?? 20_000,
    finalDrainMs: options.finalDrainMs ?? 60_000,
  };
  const maxLives = options.kills * 3 + 20;
  const report: CrashReport = {
    ok: false,
    problems: [],
    seed,
    kills: 0,
    killsWhileDraining: 0,
    killsBeforeReady: 0,
    killsMidSend: 0,
    lives: 0,
    replies: 0,
    sent: 0,
    adopted: 0,
    attempts: 0,
    ledgerReplies: 0,
    duplicates: 0,
    missing: 0,
    durationMs: 0,
  };

  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000 });
  const dir = mkdtempSync(join(tmpdir(), 'outbox-crash-'));
  const outboxPath = join(dir, 'outbox.sqlite');
  let child: ChildProcess | null = null;
  let childExited: Promise<void> = Promise.resolve();
  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status}`);
    return response.json();
  };

  try {
    const world = (await control('GET', '/world')) as World;
    const primary = world.profiles.find((p) => p.profileKey === null)?.refId;
    const targetOf = (refId: string) => (refId === primary ? { accountId: ACCOUNT } : { accountId: ACCOUNT, profileId: refId });
    const posts = world.posts.filter((p) => p.owned && p.flags.length === 0 && REPLY_BY_SOCIAL_ID_NETWORKS.includes(p.platform));
    const config: ChildConfig = {
      outboxPath,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      xCredentials: world.xCredentials,
      profileKeys: Object.fromEntries(world.profiles.flatMap((p) => (p.profileKey === null ? [] : [[p.refId, p.profileKey]]))),
      maxConcurrent: settings.maxConcurrent,
    };
    // The parent's own client only satisfies the outbox's ports: the parent never starts a drain.
    const parentClient = new ServiceClient({
      vault: {
        account: async () => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials }),
        profileKey: async (_a, id) => config.profileKeys[id] ?? '',
      },
    });
    const openHere = () => ReplyOutbox.open({ path: outboxPath, client: parentClient, accountIdentity: async () => null, undoMs: 0 });
    const plan: string[] = [];

    const queueReplies = async (count: number): Promise<void> => {
      const replies: NewReply[] = [];
      for (let i = 0; i < count; i++) {
        const post = posts[(plan.length + i) % posts.length]!;
        const comment = (await control('POST', '/comments', {
          platform: post.platform,
          socialPostId: post.socialId,
          comment: `Question ${plan.length + i}`,
        })) as {
          commentId: string;
          commentUrn?: string;
          videoId?: string;
        };
        const text = `Crash reply ${String(plan.length + i + 1).padStart(3, '0')} ${random().toString(36).slice(2, 10)}`;
        replies.push({
          target: targetOf(post.profileRefId),
          answers: `${post.platform}:${comment.commentId}`,
          request: {
            to: 'socialComment',
            commentId: comment.commentId,
            platform: post.platform,
            comment: text,
            ...(comment.commentUrn ? { commentUrn: comment.commentUrn } : {}),
            ...(comment.videoId ? { videoId: comment.videoId } : {}),
          },
        });
      }
      const outbox = openHere();
      try {
        for (const reply of replies) {
          outbox.enqueue(reply);
          plan.push(reply.request.comment);
        }
      } finally {
        await outbox.close();
      }
    };

    /**
     * What a life left on disk, read with plain SQL (not through the outbox, so that recovering a
     * reply left "sending" stays the next child's job): replies still to go, and those in flight.
     */
    const afterLife = (): { pending: number; sending: number } => {
      const db = new DatabaseSync(outboxPath);
      try {
        const count = (states: string) => (db.prepare(`SELECT count(*) AS n FROM items WHERE state IN (${states})`).get() as { n: number }).n;
        return { pending: count("'queued', 'waiting', 'sending'"), sending: count("'sending'") };
      } finally {
        db.close();
      }
    };

    const live = (killAfterMs: number | null, fromSpawn: boolean): Promise<LifeOutcome> =>
      new Promise((resolve) => {
        const outcome: LifeOutcome = { killed: false, sawReady: false, sawDrained: false, exitCode: null, failures: [], stderr: '' };
        const proc = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', CHILD], {
          env: { ...process.env, CRASH_CHILD: JSON.stringify(config) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = proc;
        childExited = new Promise((exited) => proc.once('exit', () => exited()));
        let killTimer: NodeJS.Timeout | undefined;
        const kill = () => {
          if (proc.exitCode !== null || proc.signalCode !== null) return;
          outcome.killed = true;
          proc.kill('SIGKILL');
        };
        const armKill = () => {
          if (killAfterMs !== null) killTimer = setTimeout(kill, killAfterMs);
        };
        const lifeLimit = setTimeout(
          () => {
            if (!outcome.sawReady || killAfterMs !== null) outcome.failures.push('the child did not finish within its time limit');
            kill();
          },
          killAfterMs === null ? settings.finalDrainMs : settings.lifeLimitMs,
        );
        if (fromSpawn) armKill();
        let buffered = '';
        proc.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
          buffered += chunk;
          let newline: number;
          while ((newline = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, newline);
            buffered = buffered.slice(newline + 1);
            if (line === 'ready') {
              outcome.sawReady = true;
              if (!fromSpawn) armKill();
            } else if (line === 'drained') outcome.sawDrained = true;
            else if (line.startsWith('failed ') || line.startsWith('quarantined ')) outcome.failures.push(line);
          }
        });
        proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
          outcome.stderr = (outcome.stderr + chunk).slice(-4000);
        });
        proc.on('exit', (code) => {
          clearTimeout(killTimer);
          clearTimeout(lifeLimit);
          outcome.exitCode = code;
          child = null;
          resolve(outcome);
        });
      });

    await queueReplies(options.replies);
    log(`seed ${seed}: ${options.replies} replies queued; killing until ${options.kills} kills have landed while draining`);

    while (report.killsWhileDraining < options.kills) {
      if (report.lives >= maxLives || performance.now() - started > settings.timeLimitMs) {
        report.problems.push(`bounds reached after ${report.lives} lives and ${report.kills} kills`);
        break;
      }
      const latencyMs = Math.round(settings.latencyMs[0] + random() * (settings.latencyMs[1] - settings.latencyMs[0]));
      await control('PUT', '/faults', { dropAfterCommitRate: settings.dropAfterCommitRate, latencyMs });
      const early = random() < settings.earlyKillShare;
      // Early kills land anywhere in the first 400 ms: module loading, opening and recovering the file, the first sends.
      const killAfter = Math.round(random() * (early ? 400 : settings.maxLifeMs));
      const outcome = await live(killAfter, early);
      report.lives++;
      report.problems.push(...outcome.failures);
      if (outcome.killed) {
        report.kills++;
        if (!outcome.sawReady) report.killsBeforeReady++;
        else if (!outcome.sawDrained) report.killsWhileDraining++;
      } else if (outcome.exitCode !== 0) {
        report.problems.push(`a child exited with code ${outcome.exitCode}: ${outcome.stderr.trim().slice(-500)}`);
        break;
      }
      if (report.problems.length > 0) break;
      if (report.kills % 10 === 0 && outcome.killed) log(`${report.kills} kills (${report.killsWhileDraining} while draining), ${report.lives} lives`);
      const left = afterLife();
      if (outcome.killed && left.sending > 0) report.killsMidSend++;
      if (left.pending === 0 && report.killsWhileDraining < options.kills) {
        await queueReplies(settings.topUpBatch);
        log(`queue ran dry: ${settings.topUpBatch} more replies queued (${plan.length} in all)`);
      }
    }

    if (report.problems.length === 0) {
      await control('PUT', '/faults', { dropAfterCommitRate: settings.dropAfterCommitRate, latencyMs: settings.latencyMs[0] });
      const last = await live(null, false);
      report.lives++;
      report.problems.push(...last.failures);
      if (!last.sawDrained) report.problems.push(`the last child did not drain the queue (exit ${last.exitCode}): ${last.stderr.trim().slice(-500)}`);
    }
    await control('DELETE', '/faults');

    // The verdict: the outbox's view and the service's ledger.
    const outbox = openHere();
    let items: OutboxItem[];
    try {
      items = outbox.list();
      const quarantined = outbox.quarantined();
      if (quarantined.length > 0) report.problems.push(`${quarantined.length} rows were quarantined: ${quarantined[0]?.reason}`);
    } finally {
      await outbox.close();
    }
    await parentClient.close();
    const ledger = ((await control('GET', '/ledger')) as LedgerEntry[]).filter((e) => e.kind === 'comment.reply');
    report.replies = plan.length;
    report.sent = items.filter((i) => i.state === 'sent').length;
    report.attempts = items.reduce((sum, i) => sum + i.attempts, 0);
    report.adopted = items.filter((i) => Object.values(i.results).some((r) => r?.state === 'sent' && r.adopted)).length;
    const planned = new Set(plan);
    report.ledgerReplies = ledger.filter((e) => e.text !== null && planned.has(e.text)).length;
    for (const text of plan) {
      const entries = ledger.filter((e) => e.text === text);
      if (entries.length === 0) report.missing++;
      if (entries.length > 1) report.duplicates++;
      const item = items.find((i) => i.text === text);
      if (!item) {
        report.problems.push(`"${text}" is not in the outbox`);
        continue;
      }
      if (item.state !== 'sent') report.problems.push(`"${text}" is ${item.state} (${item.lastError?.code ?? ''})`);
      const recorded = Object.values(item.results)[0];
      const entry = entries[0];
      if (recorded?.state === 'sent' && recorded.socialCommentId !== null && entry && !entry.ids.includes(recorded.socialCommentId)) {
        report.problems.push(`"${text}": the outbox recorded ${recorded.socialCommentId}, the service applied ${entry.ids.join(', ')}`);
      }
    }
    if (report.missing > 0) report.problems.push(`${report.missing} replies are not in the ledger`);
    if (report.duplicates > 0) report.problems.push(`${report.duplicates} replies are in the ledger more than once`);
    if (items.length !== plan.length) report.problems.push(`the outbox holds ${items.length} items for ${plan.length} replies`);
    report.ok = report.problems.length === 0;
  } finally {
    const running = child as ChildProcess | null;
    if (running?.exitCode === null && running.signalCode === null) {
      running.kill('SIGKILL');
      await childExited;
    }
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    report.durationMs = Math.round(performance.now() - started);
  }
  return report;
}
