// Chaos on the post settings queue's file (comments on/off): between two starts, a page of each of
// its tables and indexes is overwritten with garbage, the file is cut short, or a folder takes its
// place. Each time: the queue opens, says in words what happened and what it did, every pending
// change not on a destroyed page is there again and is sent exactly once to a real sandbox, and the
// rows it could not read are listed. `npm test` runs a sample; `npm run test:chaos` every page.
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostSettingsQueue } from '../../src/main/core/outbox/postSettingsQueue.ts';
import type { CommentsWish, PostSettingsChange } from '../../src/main/core/outbox/postSettingsTypes.ts';
import { openFixture, type SandboxFixture, type WorldPost } from '../integration/service/harness.ts';
import { chaosLong } from './support/chaosLevel.ts';
import { type Damage, FOLDER_IN_PLACE, pageCount, pageDamage, TRUNCATIONS } from './support/outboxDamage.ts';

const OBJECTS = ['post_settings', 'sqlite_autoindex_post_settings_1', 'sqlite_autoindex_post_settings_2', 'sqlite_sequence', 'sqlite_schema'];
const CHANGES = 6;

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
});

afterAll(async () => {
  await fixture.close();
});

/** Instagram posts made through the service, each its own service post. */
function posts(): WorldPost[] {
  const found = fixture.world.posts.filter((p) => p.platform === 'instagram' && p.owned && p.serviceId !== null && !p.flags.includes('commentsDisabled'));
  const unique = [...new Map(found.map((p) => [p.serviceId, p])).values()];
  expect(unique.length).toBeGreaterThanOrEqual(CHANGES);
  return unique.slice(0, CHANGES);
}

function wishFor(post: WorldPost, index: number): CommentsWish {
  const servicePostId = post.serviceId as string;
  return {
    target: fixture.target(post.profileRefId),
    servicePostId,
    networks: ['instagram'],
    // Local keys only (never sent): long, so that the rows spread over several pages.
    postKeys: [`instagram:${post.socialId}`, ...Array.from({ length: 40 }, (_, i) => `instagram:padding-${index}-${i}`)],
    commentsEnabled: false,
    serviceCommentsEnabled: true,
  };
}

function open(path: string): PostSettingsQueue {
  return PostSettingsQueue.open({ path, client: fixture.client(), backoff: { baseMs: 20, maxMs: 200 } });
}

async function until(queue: PostSettingsQueue, test: (changes: PostSettingsChange[]) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!test(queue.list())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(queue.list().map((c) => c.state))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function survives(damage: Damage): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-post-settings-'));
  const path = join(dir, 'post-settings.sqlite');
  try {
    let queue = open(path);
    const changes = posts().map((post, i) => queue.request(wishFor(post, i))!);
    await queue.close();
    // A row some broken build wrote: skipped at every load, listed.
    const db = new DatabaseSync(path);
    db.prepare("INSERT INTO post_settings (id, profile_id, service_post_id, change) VALUES ('broken', 'p', 's', 'not json at all')").run();
    db.close();
    const since = await fixture.lastSeq();
    const lost = damage.apply(
      path,
      changes.map((c) => c.id),
      'post_settings',
    );
    queue = open(path);
    try {
      const report = queue.damageReport();
      expect(report, 'a damage report').not.toBeNull();
      expect(report!.problem).toMatch(/post settings queue file .* (is damaged|could not be read|is empty|is not a file)/);
      const readable = changes.filter((c) => !lost.has(c.id));
      const ids = new Set(queue.list().map((c) => c.id));
      for (const change of readable) expect(ids.has(change.id), `change ${change.id} is back`).toBe(true);
      expect(report!.pending).toBe(readable.length);
      queue.start();
      await until(queue, (list) => list.length === 0, 'every change sent');
      const updates = (await fixture.ledger(since)).filter((e) => e.kind === 'post.update');
      for (const change of readable)
        expect(
          updates.filter((e) => e.ids.includes(change.servicePostId)),
          `${change.servicePostId} sent once`,
        ).toHaveLength(1);
      for (const change of changes.filter((c) => lost.has(c.id))) expect(updates.filter((e) => e.ids.includes(change.servicePostId))).toHaveLength(0);
      // The row that could not be read is listed, unless its own page was destroyed.
      expect(queue.setAside().length).toBeGreaterThanOrEqual(report!.setAside);
    } finally {
      await queue.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('chaos: the post settings queue file damaged between two starts', () => {
  it.each(OBJECTS)(
    'a damaged page of %s: opens, tells, keeps every readable change, sends each once',
    async (object) => {
      let pages = 1;
      if (chaosLong) {
        const dir = mkdtempSync(join(tmpdir(), 'chaos-post-settings-'));
        const queue = open(join(dir, 'probe.sqlite'));
        posts().forEach((post, i) => queue.request(wishFor(post, i)));
        await queue.close();
        pages = pageCount(join(dir, 'probe.sqlite'), object);
        rmSync(dir, { recursive: true, force: true });
      }
      for (let index = 0; index < pages; index++) await survives(pageDamage(object, index));
    },
    chaosLong ? 600_000 : 60_000,
  );

  it.each([...TRUNCATIONS, FOLDER_IN_PLACE].map((damage) => [damage.name, damage] as const))(
    '%s: opens, tells, keeps every readable change, sends each once',
    async (_name, damage) => {
      await survives(damage);
    },
    60_000,
  );
});
