// npm run bench:outbox: the reply outbox's figures, printed (recorded by hand in BENCHMARKS.md).
//
// 1. enqueue: 1,000 replies written one by one to a fresh outbox file (WAL, synchronous=FULL: each
//    is on disk before enqueue returns); p50, p95, max.
// 2. open: a file of 10,000 items (1,000 waiting, 9,000 sent) opened, parsed and recovered; median
//    of 5 opens.
// 3. drain: 200 replies over the 5 profiles of a sandbox (rate limit lifted, no faults), 2 in flight;
//    replies per second and requests per reply.
// 4. drain under faults: the same with dropAfterCommitRate 0.3; requests per reply (the checks of
//    the thread), and that each reply is in the ledger exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { ReplyOutbox } from '../../src/main/core/outbox/replyOutbox.ts';
import type { NewReply } from '../../src/main/core/outbox/types.ts';
import { identitiesFromUser } from '../../src/main/core/outbox/userIdentities.ts';
import { ServiceClient } from '../../src/main/core/service/serviceClient.ts';
import { type Network, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../src/shared/networks.ts';
import { startSandbox } from '../../src/sandbox/index.ts';

const ACCOUNT = 'bench';
const dir = mkdtempSync(join(tmpdir(), 'outbox-bench-'));
const notUsed = () => Promise.reject(new Error('not used'));
const noClient = { reply: notUsed, getComments: notUsed, sendMessage: notUsed, getConversation: notUsed };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const fmt = (n: number, digits = 2) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function reply(i: number): NewReply {
  return {
    target: { accountId: ACCOUNT },
    answers: `facebook:c${i}`,
    request: { to: 'socialComment', commentId: `c${i}`, platform: 'facebook', comment: `Reply number ${i}` },
  };
}

function benchEnqueue(): void {
  const path = join(dir, 'enqueue.sqlite');
  const outbox = ReplyOutbox.open({ path, client: noClient, accountIdentity: async () => null });
  const times: number[] = [];
  for (let i = 0; i < 1_000; i++) {
    const start = performance.now();
    outbox.enqueue(reply(i));
    times.push(performance.now() - start);
  }
  void outbox.close();
  console.log(
    `enqueue (1,000, synchronous=FULL): p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms`,
  );
}

async function benchOpen(): Promise<void> {
  const path = join(dir, 'open.sqlite');
  const outbox = ReplyOutbox.open({ path, client: noClient, accountIdentity: async () => null });
  for (let i = 0; i < 10_000; i++) outbox.enqueue(reply(i));
  await outbox.close();
  const db = new DatabaseSync(path);
  db.exec(
    `UPDATE items SET state = 'sent', results = '{"facebook":{"state":"sent","socialCommentId":"x","serviceCommentId":"y","postUrl":null,"adopted":false,"at":1}}', attempts = 1, first_attempt_at = 1, last_attempt_at = 1 WHERE seq > 1000`,
  );
  db.exec(
    `UPDATE items SET state = 'waiting', attempts = 1, first_attempt_at = 1, last_attempt_at = 1, outcome_unknown = 1, next_attempt_at = 1 WHERE seq <= 1000`,
  );
  db.close();
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    const opened = ReplyOutbox.open({ path, client: noClient, accountIdentity: async () => null });
    times.push(performance.now() - start);
    if (opened.list().length !== 10_000) throw new Error('open lost items');
    await opened.close();
  }
  console.log(`open (10,000 items: 1,000 waiting, 9,000 sent): median ${fmt(percentile(times, 50), 1)} ms (runs ${times.map((t) => fmt(t, 1)).join(', ')})`);
}

async function benchDrain(label: string, dropAfterCommitRate: number): Promise<void> {
  const sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000 });
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.controlUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return response.json();
  };
  try {
    const world = (await control('GET', '/world')) as {
      xCredentials: { key: string; secret: string };
      profiles: { refId: string; profileKey: string | null }[];
      posts: { profileRefId: string; platform: Network; socialId: string; owned: boolean; flags: string[] }[];
    };
    let requests = 0;
    const client = new ServiceClient({
      vault: {
        account: async () => ({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials }),
        profileKey: async (_a, id) => world.profiles.find((p) => p.refId === id)?.profileKey ?? '',
      },
      onEvent: (event) => {
        if (event.type === 'request') requests++;
      },
    });
    const posts = world.posts.filter((p) => p.owned && p.flags.length === 0 && REPLY_BY_SOCIAL_ID_NETWORKS.includes(p.platform));
    const primary = world.profiles.find((p) => p.profileKey === null)!.refId;
    const replies: NewReply[] = [];
    for (let i = 0; i < 200; i++) {
      const post = posts[(i * 7) % posts.length]!;
      const comment = (await control('POST', '/comments', { platform: post.platform, socialPostId: post.socialId, comment: `Question ${i}` })) as {
        commentId: string;
        commentUrn?: string;
        videoId?: string;
      };
      replies.push({
        target: post.profileRefId === primary ? { accountId: ACCOUNT } : { accountId: ACCOUNT, profileId: post.profileRefId },
        answers: `${post.platform}:${comment.commentId}`,
        request: {
          to: 'socialComment',
          commentId: comment.commentId,
          platform: post.platform,
          comment: `${label} reply ${i}`,
          ...(comment.commentUrn ? { commentUrn: comment.commentUrn } : {}),
          ...(comment.videoId ? { videoId: comment.videoId } : {}),
        },
      });
    }
    await control('PUT', '/faults', { dropAfterCommitRate });
    let opened: ReplyOutbox | undefined;
    let finished = () => {};
    const drained = new Promise<void>((resolve) => (finished = resolve));
    const outbox = ReplyOutbox.open({
      path: join(dir, `drain-${label}.sqlite`),
      client,
      accountIdentity: identitiesFromUser(client),
      undoMs: 0,
      reconcileSettleMs: 0,
      backoff: { baseMs: 10, maxMs: 100 },
      onEvent: (event) => {
        if (event.type === 'changed' && opened?.list().every((i) => i.state === 'sent' || i.state === 'failed')) finished();
      },
    });
    for (const r of replies) outbox.enqueue(r);
    opened = outbox;
    const start = performance.now();
    outbox.start();
    await drained;
    const seconds = (performance.now() - start) / 1000;
    const items = outbox.list();
    await outbox.close();
    await client.close();
    const ledger = (await control('GET', '/ledger')) as { kind: string; text: string | null }[];
    const texts = new Map<string, number>();
    for (const e of ledger) if (e.kind === 'comment.reply' && e.text) texts.set(e.text, (texts.get(e.text) ?? 0) + 1);
    const once = replies.every((r) => texts.get(r.request.comment) === 1);
    const adopted = items.filter((i) => Object.values(i.results).some((r) => r?.state === 'sent' && r.adopted)).length;
    console.log(
      `drain (${label}): ${items.filter((i) => i.state === 'sent').length}/200 sent in ${fmt(seconds)} s = ${fmt(200 / seconds, 0)} replies/s; ` +
        `${fmt(requests / 200)} requests per reply; ${adopted} adopted after a lost answer; each exactly once in the ledger: ${once ? 'yes' : 'NO'}`,
    );
  } finally {
    await sandbox.close();
  }
}

try {
  benchEnqueue();
  await benchOpen();
  await benchDrain('no faults', 0);
  await benchDrain('dropAfterCommitRate 0.3', 0.3);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
