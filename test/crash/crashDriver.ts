// The crash test: the outbox drains replies and direct messages (every third write is a message to
// a person who just wrote to a client) in a child process (drainChild.ts) against a sandbox this
// process runs with dropAfterCommitRate and latency faults; the child is killed with SIGKILL at
// random moments, restarted, killed again, until enough kills have landed while writes were
// draining; a last child drains what is left. Then every write must be in the sandbox's ledger
// exactly once (`comment.reply`, `message.send` or, for every fifth write, a reply to a new review,
// `review.reply`) and `sent` in the outbox, with the id the outbox
// recorded being the one the service applied.
//
// Two settle modes: `sandbox` (the built-in account's rules: an unknown outcome is settled by one
// check of the thread at once) and `service` (a real service account's: a check that finds nothing
// waits out the 11-minute window of decision 0011 before anything is resent), the latter on a
// simulated clock that the driver runs faster than real time and shares with the sandbox and every
// child through a file (simulatedClock.ts), so the window passes in seconds and never goes back.
//
// Bounded: a number of lives and a time limit for the whole run, a time limit per life and for the
// last drain; whatever is started (children, sandbox, temp directory) is stopped in `finally`.
// If the queue runs dry before the kills are done, another batch of replies is queued (counted in
// the report), so every kill lands while replies are draining.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../../src/main/core/clock.ts';
import { ReplyOutbox } from '../../src/main/core/outbox/replyOutbox.ts';
import type { TaskPayload } from '../../src/main/core/outbox/outboxTaskKind.ts';
import type { NewMessage, NewReply, OutboxItem, ReviewReplyItem } from '../../src/main/core/outbox/types.ts';
import type { CallTarget } from '../../src/main/core/service/credentials.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import {
  MESSAGE_REPLY_WINDOW_MS,
  MESSAGE_REPLY_WINDOW_NETWORKS,
  type MessageNetwork,
  type Network,
  REPLY_BY_SOCIAL_ID_NETWORKS,
} from '../../src/shared/networks.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { ChildLives, type LifeOutcome } from './childLives.ts';
import { readOutboxOnDisk } from './outboxOnDisk.ts';
import { seeded } from './seededRandom.ts';
import type { ChildConfig } from './drainChild.ts';
import type { CrashOptions, CrashReport } from './crashReport.ts';
import { SimulatedTime } from './simulatedClock.ts';

type ReviewPayload = TaskPayload<ReviewReplyItem>;

export type { CrashOptions, CrashReport };

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
  conversations: { profileRefId: string; platform: MessageNetwork }[];
}

interface LedgerEntry {
  kind: string;
  ids: string[];
  text: string | null;
}

export async function runCrashTest(options: CrashOptions): Promise<CrashReport> {
  const started = performance.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seeded(seed);
  const log = options.log ?? (() => {});
  const service = options.settle === 'service';
  const settings = {
    topUpBatch: options.topUpBatch ?? 10,
    dropAfterCommitRate: options.dropAfterCommitRate ?? 0.3,
    latencyMs: options.latencyMs ?? ([20, 120] as [number, number]),
    // Service mode: lives long enough for a check of the thread to finish inside the window, and
    // requests lost without being applied (the only unknown outcomes a check finds nothing for).
    downShare: options.downShare ?? (service ? 0.25 : 0),
    maxLifeMs: options.maxLifeMs ?? (service ? 600 : 150),
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
    messages: 0,
    reviews: 0,
    sent: 0,
    adopted: 0,
    attempts: 0,
    ledgerReplies: 0,
    duplicates: 0,
    missing: 0,
    durationMs: 0,
    settle: options.settle ?? 'sandbox',
    settleWaits: 0,
    simulatedMinutes: 0,
  };

  const dir = mkdtempSync(join(tmpdir(), 'outbox-crash-'));
  const outboxPath = join(dir, 'outbox.sqlite');
  const time = report.settle === 'service' ? new SimulatedTime(join(dir, 'clock'), Date.now()) : null;
  const startedAt = time?.now() ?? 0;
  const pace = { speed: 10, jumpMs: 60_000, drainSpeed: 100, ...options.simulatedClock };
  let stopTime = time?.run(pace.speed);
  const now = () => time?.now() ?? Date.now();
  const clock = { now, sleep: (ms: number, signal?: AbortSignal) => systemClock.sleep(ms, signal) };
  const waited = new Set<string>();
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', rateLimit: 1_000_000, ...(time ? { now: () => new Date(time.now()) } : {}) });
  let lives: ChildLives | null = null;
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
      settle: report.settle,
      clockPath: time?.path ?? null,
    };
    // The parent's own client only satisfies the outbox's ports: the parent never starts a drain.
    const parentClient = new ServiceClient({
      vault: {
        account: async () => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials }),
        profileKey: async (_a, id) => config.profileKeys[id] ?? '',
      },
    });
    const openHere = () => ReplyOutbox.open({ path: outboxPath, client: parentClient, accountIdentity: async () => null, undoMs: 0, clock });
    const plan: string[] = [];

    // Where people can write to a client: each (profile, network) the world has conversations on.
    // A pair that refuses (a profile with messaging off) is dropped at its first refusal.
    const chats = [...new Map(world.conversations.map((c) => [`${c.profileRefId}\n${c.platform}`, c])).values()];
    let dmCount = 0;

    /** A person writes to a client (a new conversation); the client's answer to them. */
    const directMessage = async (text: string): Promise<NewMessage | null> => {
      while (chats.length > 0) {
        const chat = chats[dmCount % chats.length]!;
        try {
          const written = (await control('POST', '/messages', { profileRefId: chat.profileRefId, platform: chat.platform, message: 'Hello, a question' })) as {
            conversationId: string;
            recipientId: string;
          };
          dmCount++;
          const windowed = MESSAGE_REPLY_WINDOW_NETWORKS.includes(chat.platform);
          return {
            target: targetOf(chat.profileRefId),
            answers: `dm:${chat.platform}:${written.conversationId}`,
            request: {
              platform: chat.platform,
              conversationId: written.conversationId,
              recipientId: written.recipientId,
              message: text,
              replyWindowClosesAt: windowed ? now() + MESSAGE_REPLY_WINDOW_MS : null,
            },
          };
        } catch {
          chats.splice(dmCount % chats.length, 1);
        }
      }
      return null;
    };

    /** A customer reviews a client (a new review, Google and Facebook in turn); the client's public reply. */
    let reviewCount = 0;
    const reviewReply = async (text: string): Promise<{ target: CallTarget; answers: string; payload: ReviewPayload }> => {
      const platform = reviewCount++ % 2 === 0 ? 'gmb' : 'facebook';
      const made = (await control('POST', '/reviews', { platform, rating: platform === 'gmb' ? 2 : 'negative', review: 'Not what we hoped' })) as {
        profileRefId: string;
        review: { id: string };
      };
      return {
        target: targetOf(made.profileRefId),
        answers: `review:${platform}:${made.review.id}`,
        payload: { kind: 'review-reply', request: { platform, reviewId: made.review.id, reply: text }, thread: null },
      };
    };

    const queueReplies = async (count: number): Promise<void> => {
      const writes: (
        { kind: 'reply'; input: NewReply } | { kind: 'message'; input: NewMessage } | { kind: 'review'; input: Awaited<ReturnType<typeof reviewReply>> }
      )[] = [];
      for (let i = 0; i < count; i++) {
        const n = plan.length + i;
        const text = `Crash write ${String(n + 1).padStart(3, '0')} ${random().toString(36).slice(2, 10)}`;
        const every = options.messageEvery ?? 3;
        const message = n % every === every - 1 ? await directMessage(text) : null;
        if (message) {
          writes.push({ kind: 'message', input: message });
          continue;
        }
        const reviewEvery = options.reviewEvery ?? 5;
        if (n % reviewEvery === reviewEvery - 1) {
          writes.push({ kind: 'review', input: await reviewReply(text) });
          continue;
        }
        const post = posts[n % posts.length]!;
        const comment = (await control('POST', '/comments', {
          platform: post.platform,
          socialPostId: post.socialId,
          comment: `Question ${n}`,
        })) as {
          commentId: string;
          commentUrn?: string;
          videoId?: string;
        };
        const request = {
          to: 'socialComment' as const,
          commentId: comment.commentId,
          platform: post.platform,
          comment: text,
          ...(comment.commentUrn ? { commentUrn: comment.commentUrn } : {}),
          ...(comment.videoId ? { videoId: comment.videoId } : {}),
        };
        writes.push({ kind: 'reply', input: { target: targetOf(post.profileRefId), answers: `${post.platform}:${comment.commentId}`, request } });
      }
      const outbox = openHere();
      try {
        for (const write of writes) {
          const item =
            write.kind === 'reply'
              ? outbox.enqueue(write.input)
              : write.kind === 'message'
                ? outbox.enqueueMessage(write.input)
                : outbox.enqueueTask(write.input);
          plan.push(item.text);
          if (item.kind === 'message') report.messages++;
          if (item.kind === 'review-reply') report.reviews++;
        }
      } finally {
        await outbox.close();
      }
    };

    const afterLife = (): { pending: number; sending: number } => {
      const left = readOutboxOnDisk(outboxPath);
      // Nothing the child wrote may be dated after the driver's clock: its time came from the file only.
      if (time && left.lastUpdated > time.now())
        report.problems.push(`the child wrote a time ${left.lastUpdated - time.now()} ms ahead of the simulated clock`);
      return left;
    };

    lives = new ChildLives(CHILD, config, { lifeLimitMs: settings.lifeLimitMs, finalDrainMs: settings.finalDrainMs });
    const running = lives;
    const live = (killAfterMs: number | null, fromSpawn: boolean): Promise<LifeOutcome> => running.live(killAfterMs, fromSpawn);

    await queueReplies(options.replies);
    log(`seed ${seed}: ${options.replies} replies queued; killing until ${options.kills} kills have landed while draining`);

    while (report.killsWhileDraining < options.kills) {
      if (report.lives >= maxLives || performance.now() - started > settings.timeLimitMs) {
        report.problems.push(`bounds reached after ${report.lives} lives and ${report.kills} kills`);
        break;
      }
      const latencyMs = Math.round(settings.latencyMs[0] + random() * (settings.latencyMs[1] - settings.latencyMs[0]));
      // Drawn only when asked for, so that a sandbox-mode seed replays as it did before service mode.
      const down = settings.downShare > 0 && random() < settings.downShare;
      if (time) time.advance(random() * pace.jumpMs);
      await control('PUT', '/faults', { dropAfterCommitRate: settings.dropAfterCommitRate, latencyMs, down });
      const early = random() < settings.earlyKillShare;
      // Early kills land anywhere in the first 400 ms: module loading, opening and recovering the file, the first sends.
      const killAfter = Math.round(random() * (early ? 400 : settings.maxLifeMs));
      const outcome = await live(killAfter, early);
      report.lives++;
      report.problems.push(...outcome.failures);
      for (const id of outcome.settleWaits) waited.add(id);
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

    if (report.problems.length === 0 && time) {
      // Service mode: one more life against a service that loses every request, killed after a
      // second: the last child then finds writes whose outcome is unknown and that were never
      // applied, sooner than the window allows, and must wait it out before it resends them.
      if (afterLife().pending === 0) await queueReplies(settings.topUpBatch);
      await control('PUT', '/faults', { latencyMs: settings.latencyMs[0], down: true });
      const lost = await live(1_000, false);
      report.lives++;
      if (lost.killed) report.kills++;
      report.problems.push(...lost.failures);
      for (const id of lost.settleWaits) waited.add(id);
    }
    if (report.problems.length === 0) {
      await control('PUT', '/faults', { dropAfterCommitRate: settings.dropAfterCommitRate, latencyMs: settings.latencyMs[0] });
      stopTime?.();
      stopTime = time?.run(pace.drainSpeed);
      const last = await live(null, false);
      report.lives++;
      for (const id of last.settleWaits) waited.add(id);
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
    const ledger = ((await control('GET', '/ledger')) as LedgerEntry[]).filter(
      (e) => e.kind === 'comment.reply' || e.kind === 'message.send' || e.kind === 'review.reply',
    );
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
    if (report.missing > 0) report.problems.push(`${report.missing} writes are not in the ledger`);
    if (report.duplicates > 0) report.problems.push(`${report.duplicates} writes are in the ledger more than once`);
    if (items.length !== plan.length) report.problems.push(`the outbox holds ${items.length} items for ${plan.length} writes`);
    if (report.messages === 0) report.problems.push('no direct message was queued: the world has no conversation to answer');
    if (report.reviews === 0) report.problems.push('no reply to a review was queued');
    report.ok = report.problems.length === 0;
  } finally {
    stopTime?.();
    report.settleWaits = waited.size;
    report.simulatedMinutes = time ? Math.round((time.now() - startedAt) / 60_000) : 0;
    await lives?.stop();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    report.durationMs = Math.round(performance.now() - started);
  }
  return report;
}
