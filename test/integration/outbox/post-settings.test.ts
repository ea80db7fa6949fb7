// The post settings queue (comments on/off) on a real SQLite file, driving a real ServiceClient
// against a real sandbox: queued while the service is down, kept through a restart (the file closed
// and opened again), sent once when the service is back; a newer wish replaces an older one; a
// refusal (4xx) fails at once with the service's message, and can be retried or cancelled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostSettingsQueue } from '../../../src/main/core/outbox/postSettingsQueue.ts';
import type { CommentsWish, PostSettingsChange, PostSettingsEvent } from '../../../src/main/core/outbox/postSettingsTypes.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { openFixture, type SandboxFixture, type WorldPost } from '../service/harness.ts';

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 100_000 });
});

afterAll(async () => {
  await fixture.faults({});
  await fixture.close();
});

class QueueHarness {
  readonly dir = mkdtempSync(join(tmpdir(), 'post-settings-'));
  readonly path = join(this.dir, 'post-settings.sqlite');
  readonly events: PostSettingsEvent[] = [];
  client!: ServiceClient;
  queue!: PostSettingsQueue;
  private listeners: (() => void)[] = [];

  constructor() {
    this.open();
  }

  /** Opens the queue on the same file (a restart): a new client, a new queue, not started. */
  open(): PostSettingsQueue {
    this.client = fixture.client();
    this.queue = PostSettingsQueue.open({
      path: this.path,
      client: this.client,
      backoff: { baseMs: 20, maxMs: 200 },
      onEvent: (event) => {
        this.events.push(event);
        for (const listener of this.listeners) listener();
      },
    });
    return this.queue;
  }

  async restart(): Promise<PostSettingsQueue> {
    await this.queue.close();
    await this.client.close();
    return this.open();
  }

  /** Resolves when `test` holds; checked on every queue event. */
  until(test: (changes: PostSettingsChange[]) => boolean, what: string, timeoutMs = 15_000): Promise<PostSettingsChange[]> {
    return new Promise((resolve, reject) => {
      const listener = () => {
        if (!test(this.queue.list())) return;
        done();
        resolve(this.queue.list());
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(this.queue.list().map((c) => [c.state, c.lastError?.code]))}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
      };
      this.listeners.push(listener);
      listener();
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.client.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The `index`-th instagram post made through the service with comments on, each of a different service post. */
function instagramPost(index = 0): WorldPost {
  const candidates = fixture.world.posts.filter(
    (p) =>
      p.platform === 'instagram' &&
      p.owned &&
      p.serviceId !== null &&
      fixture.world.posts.every((other) => other.serviceId !== p.serviceId || !other.flags.includes('commentsDisabled')),
  );
  const post = candidates[index];
  if (!post) throw new Error('the seeded world has no such instagram post');
  return post;
}

function wishFor(post: WorldPost, commentsEnabled: boolean, serviceCommentsEnabled: boolean): CommentsWish {
  const servicePostId = post.serviceId as string;
  const networks = fixture.networksOf(servicePostId);
  return {
    target: fixture.target(post.profileRefId),
    servicePostId,
    networks: networks.length > 0 ? networks : [post.platform],
    postKeys: [`${post.platform}:${post.socialId}`],
    commentsEnabled,
    serviceCommentsEnabled,
  };
}

async function updatesOf(servicePostId: string, since: number) {
  return (await fixture.ledger(since)).filter((e) => e.kind === 'post.update' && e.ids.includes(servicePostId));
}

async function commentsDisabledOnService(post: WorldPost): Promise<boolean> {
  const world = await fixture.refresh();
  const now = world.posts.find((p) => p.platform === post.platform && p.socialId === post.socialId);
  if (!now) throw new Error('the post is gone from the sandbox');
  return now.flags.includes('commentsDisabled');
}

/** An outside comment on the post: the sandbox refuses it (HTTP 400, code 110) where comments are off. */
function outsideComment(post: WorldPost): Promise<unknown> {
  return fixture.control('POST', '/comments', {
    platform: post.platform,
    socialPostId: post.socialId,
    profileRefId: post.profileRefId,
    comment: 'Still open?',
  });
}

describe('post settings queue', () => {
  it('queues "comments off" while the service is down, keeps it through a restart, and sends it once when back', async () => {
    const h = new QueueHarness();
    const post = instagramPost(0);
    const servicePostId = post.serviceId as string;
    try {
      const before = await fixture.lastSeq();
      await fixture.faults({ down: true });
      h.queue.start();
      const change = h.queue.request(wishFor(post, false, true));
      expect(change?.state).toBe('queued');
      // On disk before anything else: the first event is "added", and the PUT has not been seen.
      expect(h.events[0]).toMatchObject({ type: 'added', change: { id: change?.id, commentsEnabled: false } });
      await h.until((changes) => changes[0]?.state === 'waiting' && changes[0].failures >= 2, 'the change to wait after two failed tries');
      expect(h.queue.list()[0]?.lastError?.message).toBeTruthy();

      const reopened = await h.restart();
      expect(reopened.list()).toHaveLength(1);
      expect(reopened.list()[0]).toMatchObject({ id: change?.id, servicePostId, commentsEnabled: false, state: 'waiting' });
      reopened.start();
      await h.until((changes) => changes[0]?.state === 'waiting' && changes[0].lastError?.code !== 'interrupted', 'a try after the restart');

      // The control surface answers while the service is down: mark the ledger, then bring it back.
      const back = await fixture.lastSeq();
      await fixture.faults({});
      reopened.nudge();
      await h.until((changes) => changes.length === 0, 'the change to be sent');
      expect(h.events.some((e) => e.type === 'applied' && e.change.id === change?.id && !e.change.commentsEnabled)).toBe(true);
      expect(h.events.at(-1)).toMatchObject({ type: 'removed', reason: 'sent' });

      // Sent exactly once once the service was back (the tries while it was down never arrived).
      expect(await updatesOf(servicePostId, back)).toHaveLength(1);
      expect((await updatesOf(servicePostId, before)).length).toBe(1);
      expect(await commentsDisabledOnService(post)).toBe(true);
      await expect(outsideComment(post)).rejects.toThrow(/HTTP 400.*Comments are disabled on this instagram post/);

      // And the file is empty after another restart: nothing is sent twice.
      const again = await h.restart();
      expect(again.list()).toEqual([]);
    } finally {
      await fixture.faults({});
      // Put the post back as the seeded world had it, for the other tests.
      await fixture
        .client()
        .updatePost(fixture.target(post.profileRefId), { id: servicePostId, disableComments: false, networks: fixture.networksOf(servicePostId) });
      await h.close();
    }
  });

  it('sends only the last wish: off then on again before any try sends nothing; off, on, off sends one "off"', async () => {
    const h = new QueueHarness();
    const post = instagramPost(1);
    const servicePostId = post.serviceId as string;
    try {
      const before = await fixture.lastSeq();
      // Not started: nothing is tried yet, so the service's state is known for certain.
      expect(h.queue.request(wishFor(post, false, true))?.state).toBe('queued');
      expect(h.queue.request(wishFor(post, true, true))).toBeNull();
      expect(h.queue.list()).toEqual([]);
      expect(h.events.map((e) => e.type)).toEqual(['added', 'removed']);
      expect(h.events[1]).toMatchObject({ type: 'removed', reason: 'unneeded' });

      // Off once more, and once more again (a second click of the same wish replaces the first).
      const first = h.queue.request(wishFor(post, false, true));
      const replaced = h.queue.request(wishFor(post, false, true));
      expect(replaced).toMatchObject({ id: first?.id, revision: 2 });
      expect(h.queue.list()).toHaveLength(1);
      // Survives a restart with the latest wish.
      const reopened = await h.restart();
      expect(reopened.list()[0]).toMatchObject({ commentsEnabled: false, revision: 2, state: 'queued' });
      reopened.start();
      await h.until((changes) => changes.length === 0, 'the last wish to be sent');
      const updates = await updatesOf(servicePostId, before);
      expect(updates).toHaveLength(1);
      expect(await commentsDisabledOnService(post)).toBe(true);
    } finally {
      await fixture
        .client()
        .updatePost(fixture.target(post.profileRefId), { id: servicePostId, disableComments: false, networks: fixture.networksOf(servicePostId) });
      await h.close();
    }
  });

  it('while the service is down, off then on again sends the last wish ("on") once when back, since a lost PUT may have been applied', async () => {
    const h = new QueueHarness();
    const post = instagramPost(2);
    const servicePostId = post.serviceId as string;
    try {
      await fixture.faults({ down: true });
      h.queue.start();
      h.queue.request(wishFor(post, false, true));
      await h.until((changes) => changes[0]?.state === 'waiting', 'a failed try');
      // The sandbox drops the connection after the request left: it may have been applied, so the
      // new wish (which equals the service's last known state) is not dropped but sent.
      expect(h.queue.list()[0]).toMatchObject({ outcomeUnknown: true, lastError: { code: 'outcome-unknown' } });
      const after = h.queue.request(wishFor(post, true, true));
      expect(after).toMatchObject({ commentsEnabled: true, state: 'queued', revision: 2 });
      await h.until((changes) => changes[0]?.state === 'waiting' && changes[0].commentsEnabled, 'the new wish to wait');
      const back = await fixture.lastSeq();
      await fixture.faults({});
      h.queue.nudge();
      await h.until((changes) => changes.length === 0, 'the last wish to be sent');
      const updates = await updatesOf(servicePostId, back);
      expect(updates).toHaveLength(1);
      expect(await commentsDisabledOnService(post)).toBe(false);
    } finally {
      await fixture.faults({});
      await h.close();
    }
  });

  it('a refusal (4xx) fails at once with the service’s message; retry fails again; cancel takes it off', async () => {
    const h = new QueueHarness();
    // A service post id the profile does not have: the service refuses the PUT (404).
    const post: WorldPost = { ...instagramPost(0), serviceId: 'no-such-service-post' };
    const servicePostId = 'no-such-service-post';
    try {
      const before = await fixture.lastSeq();
      h.queue.start();
      h.queue.request(wishFor(post, false, true));
      const [failed] = await h.until((changes) => changes[0]?.state === 'failed', 'the change to fail');
      expect(failed?.attempts).toBe(1);
      expect(failed?.lastError).toMatchObject({ message: expect.stringMatching(/No post with service id no-such-service-post/) });
      h.queue.retry(failed!.target, servicePostId);
      await h.until((changes) => changes[0]?.state === 'failed' && changes[0].attempts === 2, 'the retried change to fail again');
      const cancelled = h.queue.cancel(failed!.target, servicePostId);
      expect(cancelled.id).toBe(failed?.id);
      expect(h.queue.list()).toEqual([]);
      expect(h.events.at(-1)).toMatchObject({ type: 'removed', reason: 'cancelled' });
      expect((await h.restart()).list()).toEqual([]);
      expect(await updatesOf(servicePostId, before)).toHaveLength(0);
    } finally {
      await h.close();
    }
  });
});
