// The post settings queue's rules on a real SQLite file, with a fake clock and a scripted service
// client: a newer wish while a PUT is in flight is sent after it; backoff on errors that can pass,
// on the clock; a nudge makes a waiting change due now; a PUT interrupted by the process stopping
// is sent again after a restart; an unreadable row is skipped, never sent.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PostSettingsQueue } from '../../../src/main/core/outbox/postSettingsQueue.ts';
import { wishOutcome } from '../../../src/main/core/outbox/postSettingsRules.ts';
import type { CommentsWish, PostSettingsChange, PostSettingsEvent, PostSettingsServiceClient } from '../../../src/main/core/outbox/postSettingsTypes.ts';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { HttpError } from '../../../src/main/core/service/errors.ts';
import type { UpdatePostInput } from '../../../src/main/core/service/operations/posts.ts';
import { networkDown, runFor, settle, SteppingClock } from './fakes.ts';

type Answer = Error | 'ok';

/** Answers PUT /post from a script (default: success); `hold` keeps the next PUT in flight until released. */
class ScriptedPosts implements PostSettingsServiceClient {
  readonly calls: { at: number; target: CallTarget; input: UpdatePostInput }[] = [];
  readonly script: Answer[] = [];
  private held: (() => void) | null = null;
  private holdNext = false;
  private readonly clock: SteppingClock;

  constructor(clock: SteppingClock) {
    this.clock = clock;
  }

  hold(): void {
    this.holdNext = true;
  }

  release(): void {
    this.held?.();
    this.held = null;
  }

  async updatePost(target: CallTarget, input: UpdatePostInput) {
    this.calls.push({ at: this.clock.now(), target, input });
    if (this.holdNext) {
      this.holdNext = false;
      await new Promise<void>((resolve) => (this.held = resolve));
    }
    const answer = this.script.shift() ?? 'ok';
    if (answer instanceof Error) throw answer;
    return { status: 'success', id: input.id };
  }
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'post-settings-unit-'));
  dirs.push(dir);
  const path = join(dir, 'post-settings.sqlite');
  const clock = new SteppingClock();
  const client = new ScriptedPosts(clock);
  const events: PostSettingsEvent[] = [];
  const open = () =>
    PostSettingsQueue.open({
      path,
      client,
      clock,
      random: () => 0.5,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      closeGraceMs: 100,
      onEvent: (e) => events.push(e),
    });
  return { path, clock, client, events, open };
}

function wish(commentsEnabled: boolean, serviceCommentsEnabled = true, servicePostId = 'sp-1'): CommentsWish {
  return {
    target: { accountId: 'acc', profileId: 'p1' },
    servicePostId,
    networks: ['instagram'],
    postKeys: [`instagram:${servicePostId}-ig`],
    commentsEnabled,
    serviceCommentsEnabled,
  };
}

const change = (state: PostSettingsChange['state'], outcomeUnknown = false) => ({ state, outcomeUnknown }) as PostSettingsChange;

describe('wishOutcome', () => {
  it('decides between nothing, a new change, replacing and dropping', () => {
    expect(wishOutcome(null, { commentsEnabled: true, serviceCommentsEnabled: true })).toBe('nothing-to-send');
    expect(wishOutcome(null, { commentsEnabled: false, serviceCommentsEnabled: true })).toBe('insert');
    expect(wishOutcome(change('queued'), { commentsEnabled: true, serviceCommentsEnabled: true })).toBe('drop');
    expect(wishOutcome(change('failed'), { commentsEnabled: true, serviceCommentsEnabled: true })).toBe('drop');
    expect(wishOutcome(change('waiting', true), { commentsEnabled: true, serviceCommentsEnabled: true })).toBe('replace');
    expect(wishOutcome(change('sending'), { commentsEnabled: true, serviceCommentsEnabled: true })).toBe('replace');
    expect(wishOutcome(change('queued'), { commentsEnabled: false, serviceCommentsEnabled: true })).toBe('replace');
  });
});

describe('PostSettingsQueue', () => {
  it('sends a newer wish that came while a PUT was in flight after it, and only then leaves the queue', async () => {
    const { client, events, open } = setup();
    const queue = open();
    client.hold();
    queue.start();
    queue.request(wish(false));
    await settle();
    expect(queue.list()[0]?.state).toBe('sending');
    const replaced = queue.request(wish(true));
    expect(replaced).toMatchObject({ state: 'sending', commentsEnabled: true, revision: 2 });
    client.release();
    await settle();
    await settle();
    expect(client.calls.map((c) => c.input.disableComments)).toEqual([true, false]);
    expect(queue.list()).toEqual([]);
    const applied = events.filter((e) => e.type === 'applied').map((e) => (e.type === 'applied' ? e.change.commentsEnabled : null));
    expect(applied).toEqual([false, true]);
    await queue.close();
  });

  it('a second identical wish while in flight is sent once', async () => {
    const { client, open } = setup();
    const queue = open();
    client.hold();
    queue.start();
    queue.request(wish(false));
    await settle();
    queue.request(wish(false));
    client.release();
    await settle();
    await settle();
    expect(client.calls).toHaveLength(1);
    expect(queue.list()).toEqual([]);
    await queue.close();
  });

  it('waits with backoff on the clock while offline, goes at once on nudge, and fails at once on a 4xx', async () => {
    const { clock, client, open } = setup();
    const queue = open();
    client.script.push(networkDown(), networkDown());
    queue.start();
    queue.request(wish(false));
    await settle();
    expect(queue.list()[0]).toMatchObject({ state: 'waiting', failures: 1, nextAttemptAt: clock.now() + 750 });
    await runFor(clock, 800, 50);
    expect(client.calls).toHaveLength(2);
    expect(queue.list()[0]).toMatchObject({ state: 'waiting', failures: 2 });
    // The next try is 1.5 s away; connectivity returns now.
    queue.nudge();
    await settle();
    expect(client.calls).toHaveLength(3);
    expect(queue.list()).toEqual([]);

    client.script.push(
      new HttpError({
        operation: 'updatePost',
        status: 404,
        code: 404,
        serviceMessage: 'No post with service id sp-2 for this profile',
        errors: [],
        hint: undefined,
        body: {},
        retryable: false,
        writeOutcome: 'not-applied',
      }),
    );
    queue.request(wish(false, true, 'sp-2'));
    await settle();
    expect(queue.list()[0]).toMatchObject({ state: 'failed', lastError: { message: 'No post with service id sp-2 for this profile' } });
    await runFor(clock, 120_000, 10_000);
    expect(client.calls).toHaveLength(4);
    await queue.close();
  });

  it('after a restart a change left "sending" on disk waits, marked interrupted, and is sent again', async () => {
    const { path, client, open } = setup();
    const queue = open();
    queue.request(wish(false));
    await queue.close();
    // Simulate the process having died mid-PUT: mark the row as sending on disk.
    const db = new DatabaseSync(path);
    const row = db.prepare('SELECT id, change FROM post_settings').get() as { id: string; change: string };
    db.prepare('UPDATE post_settings SET change = ? WHERE id = ?').run(
      JSON.stringify({ ...JSON.parse(row.change), state: 'sending', outcomeUnknown: true, attempts: 1 }),
      row.id,
    );
    db.prepare("INSERT INTO post_settings (id, profile_id, service_post_id, change) VALUES ('broken', 'p1', 'sp-9', '{not json')").run();
    db.close();

    const events: PostSettingsEvent[] = [];
    const reopened = PostSettingsQueue.open({ path, client, clock: new SteppingClock(), onEvent: (e) => events.push(e) });
    expect(reopened.list()).toHaveLength(1);
    expect(reopened.list()[0]).toMatchObject({ state: 'waiting', lastError: { code: 'interrupted' } });
    expect(events).toContainEqual({ type: 'unreadable', id: 'broken', reason: 'not JSON' });
    reopened.start();
    await settle();
    expect(client.calls.map((c) => c.input)).toEqual([{ id: 'sp-1', disableComments: true, networks: ['instagram'] }]);
    expect(reopened.list()).toEqual([]);
    await reopened.close();
  });

  it('retry and cancel are refused while sending, allowed when failed', async () => {
    const { client, open } = setup();
    const queue = open();
    client.hold();
    queue.start();
    queue.request(wish(false));
    await settle();
    const target = { profileId: 'p1' };
    expect(() => queue.cancel(target, 'sp-1')).toThrow(/being sent/);
    expect(() => queue.retry(target, 'sp-1')).toThrow(/being sent/);
    expect(() => queue.cancel(target, 'sp-404')).toThrow(/no comments change/);
    client.release();
    await settle();
    await queue.close();
  });
});
