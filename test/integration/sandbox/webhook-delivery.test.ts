// Webhook delivery (public-facts.md, "Webhook delivery"): a signed JSON POST of the `comments` event
// to the registered HTTPS URL, routing from a user profile to the primary profile, retries, and the
// sandbox's own rule that only loopback URLs are really called. A real HTTPS receiver on 127.0.0.1
// with a self-signed certificate made by openssl for this run.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type SandboxClient, userProfiles, type World } from './harness.ts';

type Post = World['posts'][number];

interface Received {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
}

interface Delivery {
  id: number;
  eventId: string;
  action: string;
  profileRefId: string;
  url: string;
  attempt: number;
  at: string;
  outcome: string;
  httpStatus: number | null;
  error: string | null;
}

/** An HTTPS receiver: records every request; answers with the status set for its path (default 200). */
class Receiver {
  readonly received: Received[] = [];
  readonly statusOf = new Map<string, number[]>();
  private server!: Server;
  port = 0;

  async start(key: Buffer, cert: Buffer): Promise<void> {
    this.server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, method: req.method ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
        // A list of statuses is answered in turn; the last one repeats.
        const plan = this.statusOf.get(path) ?? [200];
        const status = plan.length > 1 ? (plan.shift() as number) : (plan[0] as number);
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `https://127.0.0.1:${this.port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

let clockMs = Date.now();
let tempDir: string;
let keys: [Buffer, Buffer];
const receiverKeys = (): [Buffer, Buffer] => keys;
let receiver: Receiver;
let client: SandboxClient;
let world: World;
let primary: World['profiles'][number];

beforeAll(async () => {
  tempDir = mkdtempSync(join(tmpdir(), 'sandbox-hooks-'));
  const keyPath = join(tempDir, 'key.pem');
  const certPath = join(tempDir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', keyPath, '-out', certPath], {
    stdio: 'ignore',
  });
  keys = [readFileSync(keyPath), readFileSync(certPath)];
  receiver = new Receiver();
  await receiver.start(...receiverKeys());
  client = await openSandbox({ now: () => new Date(clockMs), rateLimit: 1_000_000, webhookRetryDelaysMs: [50, 100] });
  world = await client.snapshot();
  primary = world.profiles.find((p) => p.profileKey === null)!;
});
afterAll(async () => {
  await client.sandbox.close();
  await receiver.close();
  rmSync(tempDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await delay(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function deliveries(): Promise<Delivery[]> {
  return (await client.control('GET', '/deliveries')).json as Delivery[];
}

function sign(raw: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

async function inject(post: Post, comment: string, from?: { id: string; username: string }) {
  const reply = await client.control('POST', '/comments', {
    platform: post.platform,
    socialPostId: post.socialId,
    profileRefId: post.profileRefId,
    comment,
    ...(from ? { from } : {}),
  });
  expect(reply.status).toBe(200);
  return reply.json as { commentId: string; created: string };
}

function postOf(refId: string, withService: boolean, platform?: string): Post {
  const post = world.posts.find(
    (p) =>
      p.profileRefId === refId &&
      (p.serviceId !== null) === withService &&
      p.owned &&
      !p.flags.includes('commentsDisabled') &&
      (!platform || p.platform === platform),
  );
  if (!post) throw new Error('no such post');
  return post;
}

describe('the comments event: a signed JSON POST to the registered HTTPS URL', () => {
  const secret = 'primary-secret-1';

  beforeAll(async () => {
    const reply = await client.api('POST', '/hook/webhook', { body: { action: 'comments', url: receiver.url('/primary'), secret } });
    expect(reply.status).toBe(200);
  });

  it('an outside comment on a service post: body {action: comments, created, refId, platform, postId, socialPostId, id, comment, from}', async () => {
    const post = postOf(primary.refId, true, 'instagram');
    clockMs += 1000;
    const seen = receiver.at('/primary').length;
    const record = await inject(post, 'Do you ship to Canada?', { id: '17841400000000001', username: 'maple_fan' });
    const got = await until('the delivery', () => receiver.at('/primary')[seen]);
    expect(got.method).toBe('POST');
    expect(String(got.headers['content-type'])).toMatch(/^application\/json/);
    const body = JSON.parse(got.raw.toString('utf8'));
    expect(Object.keys(body).sort()).toEqual(['action', 'comment', 'created', 'from', 'id', 'platform', 'postId', 'refId', 'socialPostId']);
    expect(body).toEqual({
      action: 'comments',
      created: record.created,
      refId: primary.refId,
      platform: 'instagram',
      postId: post.serviceId,
      socialPostId: post.socialId,
      id: record.commentId,
      comment: 'Do you ship to Canada?',
      from: { id: '17841400000000001', username: 'maple_fan' },
    });
    expect(Math.abs(Date.parse(body.created) - clockMs)).toBeLessThan(1000);
  });

  it('X-Authorization-Timestamp is the Unix time in seconds; X-Authorization-Content-SHA256 the HMAC-SHA256 hex of the raw body keyed by the secret', async () => {
    const post = postOf(primary.refId, true, 'linkedin');
    clockMs += 5000;
    const seen = receiver.at('/primary').length;
    await inject(post, 'Signed, sealed, delivered');
    const got = await until('the delivery', () => receiver.at('/primary')[seen]);
    expect(got.headers['x-authorization-timestamp']).toBe(String(Math.floor(clockMs / 1000)));
    const signature = got.headers['x-authorization-content-sha256'];
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(signature).toBe(sign(got.raw, secret));
    expect(signature).not.toBe(sign(got.raw, 'another-secret'));
  });

  it('/__sandbox/deliveries shows the attempt as delivered (HTTP 200, attempt 1)', async () => {
    const post = postOf(primary.refId, true, 'threads');
    const before = (await deliveries()).length;
    const seen = receiver.at('/primary').length;
    await inject(post, 'Love this');
    await until('the delivery', () => receiver.at('/primary')[seen]);
    const record = await until('the delivered record', async () => (await deliveries()).slice(before).find((d) => d.outcome === 'delivered'));
    expect(record).toMatchObject({ action: 'comments', profileRefId: primary.refId, url: receiver.url('/primary'), attempt: 1, httpStatus: 200, error: null });
    expect((await deliveries()).slice(before)).toHaveLength(1);
  });

  it('a post made outside the service: no postId, socialPostId only', async () => {
    const post = postOf(primary.refId, false);
    const seen = receiver.at('/primary').length;
    await inject(post, 'Saw this on my feed');
    const got = await until('the delivery', () => receiver.at('/primary')[seen]);
    const body = JSON.parse(got.raw.toString('utf8'));
    expect(body).not.toHaveProperty('postId');
    expect(body.socialPostId).toBe(post.socialId);
    expect(body.platform).toBe(post.platform);
  });

  it('a reply by someone outside (parentCommentId) raises the event too', async () => {
    const post = postOf(primary.refId, true, 'instagram');
    const parent = await inject(post, 'Top-level question?');
    await until('the first delivery', () => receiver.received.find((r) => r.raw.toString().includes(parent.commentId)));
    const seen = receiver.at('/primary').length;
    const reply = await client.control('POST', '/comments', {
      platform: post.platform,
      socialPostId: post.socialId,
      profileRefId: post.profileRefId,
      parentCommentId: parent.commentId,
      comment: 'Same question here',
    });
    expect(reply.status).toBe(200);
    const got = await until('the reply delivery', () => receiver.at('/primary')[seen]);
    expect(JSON.parse(got.raw.toString('utf8'))).toMatchObject({ action: 'comments', id: reply.json.commentId, comment: 'Same question here' });
  });

  it('POST /hook/webhook/secret changes the key later deliveries are signed with', async () => {
    const rotated = 'primary-secret-2';
    expect((await client.api('POST', '/hook/webhook/secret', { body: { secret: rotated } })).status).toBe(200);
    const seen = receiver.at('/primary').length;
    await inject(postOf(primary.refId, true, 'instagram'), 'After the rotation');
    const got = await until('the delivery', () => receiver.at('/primary')[seen]);
    expect(got.headers['x-authorization-content-sha256']).toBe(sign(got.raw, rotated));
    expect(got.headers['x-authorization-content-sha256']).not.toBe(sign(got.raw, secret));
    await client.api('POST', '/hook/webhook/secret', { body: { secret } });
  });
});

describe("routing: a user profile's event goes to its own webhook for the action, else to the primary profile's", () => {
  it('a user profile without a comments webhook: delivered to the primary profile’s URL, refId the user profile’s, signed with the primary’s secret', async () => {
    const profile = userProfiles(world)[0]!;
    const listed = await client.api('GET', '/hook/webhook', { profileKey: profile.profileKey });
    expect(listed.json).not.toHaveProperty('comments');
    const before = (await deliveries()).length;
    const seen = receiver.at('/primary').length;
    const post = postOf(profile.refId, true);
    await inject(post, 'Routed to the agency');
    const got = await until('the delivery', () => receiver.at('/primary')[seen]);
    const body = JSON.parse(got.raw.toString('utf8'));
    expect(body).toMatchObject({ action: 'comments', refId: profile.refId, socialPostId: post.socialId, postId: post.serviceId });
    expect(got.headers['x-authorization-content-sha256']).toBe(sign(got.raw, 'primary-secret-1'));
    const record = await until('the record', async () => (await deliveries()).slice(before).find((d) => d.outcome === 'delivered'));
    expect(record.url).toBe(receiver.url('/primary'));
  });

  it('once the user profile registers its own comments webhook, its events go there and not to the primary’s', async () => {
    const profile = userProfiles(world)[1]!;
    const own = await client.api('POST', '/hook/webhook', {
      body: { action: 'comments', url: receiver.url(`/client-${profile.refId}`), secret: 'client-secret' },
      profileKey: profile.profileKey,
    });
    expect(own.status).toBe(200);
    expect(own.json.refId).toBe(profile.refId);
    const atPrimary = receiver.at('/primary').length;
    await inject(postOf(profile.refId, true), 'Straight to the client');
    const got = await until('the delivery', () => receiver.at(`/client-${profile.refId}`)[0]);
    expect(JSON.parse(got.raw.toString('utf8')).refId).toBe(profile.refId);
    expect(got.headers['x-authorization-content-sha256']).toBe(sign(got.raw, 'client-secret'));
    await delay(100);
    expect(receiver.at('/primary')).toHaveLength(atPrimary);
  });

  it('an event of the primary profile never goes to a user profile’s webhook', async () => {
    const profile = userProfiles(world)[1]!;
    const atClient = receiver.at(`/client-${profile.refId}`).length;
    const seen = receiver.at('/primary').length;
    await inject(postOf(primary.refId, true, 'instagram'), 'Primary only');
    await until('the delivery', () => receiver.at('/primary')[seen]);
    expect(receiver.at(`/client-${profile.refId}`)).toHaveLength(atClient);
  });
});

describe('retries: "after a failure, two more tries"', () => {
  it('a receiver that answers 500 gets 3 attempts in all, each recorded failed with HTTP 500, then no more', async () => {
    const profile = userProfiles(world)[2]!;
    const path = '/always-500';
    receiver.statusOf.set(path, [500]);
    await client.api('POST', '/hook/webhook', { body: { action: 'comments', url: receiver.url(path) }, profileKey: profile.profileKey });
    const before = (await deliveries()).length;
    await inject(postOf(profile.refId, true), 'Will this ever arrive?');
    const records = await until('three failed attempts', async () => {
      const mine = (await deliveries()).slice(before);
      return mine.length >= 3 && mine.every((d) => d.outcome !== 'pending') ? mine : undefined;
    });
    // Past both retry delays (50 ms, 100 ms): nothing more comes.
    await delay(400);
    const after = (await deliveries()).slice(before);
    expect(after).toHaveLength(3);
    expect(after.map((d) => d.attempt)).toEqual([1, 2, 3]);
    expect(new Set(after.map((d) => d.eventId)).size).toBe(1);
    for (const d of after) expect(d).toMatchObject({ outcome: 'failed', httpStatus: 500, url: receiver.url(path) });
    expect(receiver.at(path)).toHaveLength(3);
    expect(records[0]!.eventId).toBe(after[0]!.eventId);
    // Each try is the same event: the same body.
    expect(new Set(receiver.at(path).map((r) => r.raw.toString())).size).toBe(1);
  });

  it('a receiver that fails once and then answers 200: two attempts, the second delivered', async () => {
    const profile = userProfiles(world)[3]!;
    const path = '/flaky';
    receiver.statusOf.set(path, [503, 200]);
    await client.api('POST', '/hook/webhook', { body: { action: 'comments', url: receiver.url(path) }, profileKey: profile.profileKey });
    const before = (await deliveries()).length;
    await inject(postOf(profile.refId, true), 'Second time lucky');
    await until('the delivered attempt', async () => (await deliveries()).slice(before).find((d) => d.outcome === 'delivered'));
    await delay(300);
    const mine = (await deliveries()).slice(before);
    expect(mine.map((d) => [d.attempt, d.outcome, d.httpStatus])).toEqual([
      [1, 'failed', 503],
      [2, 'delivered', 200],
    ]);
    expect(receiver.at(path)).toHaveLength(2);
  });
});

describe('retries when the receiver cannot be reached', () => {
  it('a loopback URL where nothing listens: 3 attempts, each failed with the error and no HTTP status', async () => {
    const closed = new Receiver();
    await closed.start(...receiverKeys());
    const url = closed.url('/gone');
    await closed.close();
    const profile = userProfiles(world)[3]!;
    await client.api('POST', '/hook/webhook', { body: { action: 'comments', url }, profileKey: profile.profileKey });
    const before = (await deliveries()).length;
    await inject(postOf(profile.refId, true), 'Into the void');
    await until('three failed attempts', async () => {
      const mine = (await deliveries()).slice(before);
      return mine.length >= 3 && mine.every((d) => d.outcome !== 'pending') ? mine : undefined;
    });
    await delay(300);
    const mine = (await deliveries()).slice(before);
    expect(mine.map((d) => [d.attempt, d.outcome, d.httpStatus])).toEqual([
      [1, 'failed', null],
      [2, 'failed', null],
      [3, 'failed', null],
    ]);
    for (const d of mine) expect(typeof d.error).toBe('string');
  });
});

describe('the sandbox calls only loopback URLs: any other is registered but its deliveries are recorded not-sent', () => {
  it('https://example.com/hook: registration succeeds; the event is one record, not-sent, and is not retried', async () => {
    const profile = userProfiles(world)[0]!;
    const registered = await client.api('POST', '/hook/webhook', {
      body: { action: 'comments', url: 'https://example.com/hook' },
      profileKey: profile.profileKey,
    });
    expect(registered.status).toBe(200);
    expect((await client.api('GET', '/hook/webhook', { profileKey: profile.profileKey })).json.comments).toBe('https://example.com/hook');
    const before = (await deliveries()).length;
    const seen = receiver.received.length;
    await inject(postOf(profile.refId, true), 'Nobody will hear this');
    await delay(300);
    const mine = (await deliveries()).slice(before);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ url: 'https://example.com/hook', outcome: 'not-sent', attempt: 1, httpStatus: null });
    expect(receiver.received).toHaveLength(seen);
  });
});

describe('"only for comments made outside the service": comments and replies through the service raise no event', () => {
  it('POST /comments/:id and POST /comments/reply/:commentId add no delivery; an outside comment right after does', async () => {
    const post = postOf(primary.refId, true, 'instagram');
    const before = (await deliveries()).length;
    const seen = receiver.at('/primary').length;
    const comment = await client.api('POST', `/comments/${post.serviceId}`, { body: { comment: 'Thanks all!', platforms: ['instagram'] } });
    expect(comment.status).toBe(200);
    const reply = await client.api('POST', `/comments/reply/${comment.json.commentId}`, { body: { comment: 'And one more thing', platforms: ['instagram'] } });
    expect(reply.status).toBe(200);
    const legacy = await client.api('POST', '/comments', { body: { id: post.serviceId, comment: 'Legacy form', platforms: ['instagram'] } });
    expect(legacy.status).toBe(200);
    // The control: an outside comment goes through the same pipeline and does arrive.
    const outside = await inject(post, 'Outside voice');
    const got = await until('the outside delivery', () => receiver.at('/primary')[seen]);
    expect(JSON.parse(got.raw.toString('utf8')).id).toBe(outside.commentId);
    await delay(100);
    expect(receiver.at('/primary')).toHaveLength(seen + 1);
    expect((await deliveries()).slice(before)).toHaveLength(1);
  });
});
