// Chaos on the reply outbox's file: between two starts, a page of each of its tables (items, the
// claims, the rows set aside, SQLite's own) is overwritten with garbage, the file is cut short, or a
// folder takes its place. Each time: the outbox opens, says in words what happened and what it
// did, every pending reply that was not on a destroyed page is there again and is sent exactly once
// to a real sandbox, no reply sent before is sent again, and the rows set aside are still listed.
// `npm test` runs a sample (the first page of each table, the truncations, the folder); the long
// run (`npm run test:chaos`) damages every page of every table and index.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../src/main/core/outbox/types.ts';
import { countOf, OutboxHarness, openFixture, uniqueText } from '../integration/outbox/harness.ts';
import type { SandboxFixture } from '../integration/service/harness.ts';
import { chaosLong } from './support/chaosLevel.ts';
import { type Damage, FOLDER_IN_PLACE, pageCount, pageDamage, TRUNCATIONS } from './support/outboxDamage.ts';

const OBJECTS = ['items', 'claims', 'quarantine', 'sqlite_sequence', 'sqlite_autoindex_items_1', 'sqlite_schema'];
const SENT_BEFORE = 3;
const PENDING = 6;
/** Long enough that the items spread over several pages (two or three a page), short enough not to overflow one. */
const padding = (label: string) => `${label} ${'·'.repeat(600)}`;

let fixture: SandboxFixture;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
});

afterAll(async () => {
  await fixture.close();
});

interface Arranged {
  harness: OutboxHarness;
  sent: OutboxItem[];
  pending: OutboxItem[];
  setAsideItemId: string;
}

/** An outbox file with replies sent, replies pending (never tried) and one row set aside; closed. */
async function arrange(): Promise<Arranged> {
  const harness = new OutboxHarness(fixture);
  const refId = fixture.world.profiles[3]!.refId;
  const post = harness.postOf(refId, 'facebook');
  const sent: OutboxItem[] = [];
  harness.outbox.start();
  for (let i = 0; i < SENT_BEFORE; i++) {
    const comment = await harness.outsideComment(post);
    sent.push(harness.outbox.enqueue(harness.replyTo(refId, comment, uniqueText(padding(`sent ${i}`)))));
  }
  await harness.until((items) => items.filter((i) => i.state === 'sent').length === SENT_BEFORE, 'the first replies sent');
  harness.outbox.pause();
  const pending: OutboxItem[] = [];
  for (let i = 0; i < PENDING; i++) {
    const comment = await harness.outsideComment(post);
    pending.push(harness.outbox.enqueue(harness.replyTo(refId, comment, uniqueText(padding(`pending ${i}`)))));
  }
  await harness.outbox.close();
  await harness.client.close();
  // A row written by some broken build: set aside at the next open, and listed from then on.
  const db = new DatabaseSync(harness.path);
  db.prepare(
    "INSERT INTO items (id, account_id, request, answers, state) VALUES ('broken-row', 'sandbox-account', '{\"to\":\"socialComment\",\"comment\":\"Text of a broken row\"}', 'x', 'nonsense')",
  ).run();
  db.close();
  harness.open();
  expect(harness.outbox.quarantined().map((r) => r.itemId)).toContain('broken-row');
  await harness.outbox.close();
  await harness.client.close();
  return { harness, sent: sent.map((i) => ({ ...i, state: 'sent' })), pending, setAsideItemId: 'broken-row' };
}

async function survives(damage: Damage): Promise<void> {
  const { harness, sent, pending } = await arrange();
  try {
    const lost = damage.apply(
      harness.path,
      [...sent, ...pending].map((i) => i.id),
      'items',
    );
    const ledgerBefore = await harness.replyTexts();
    // The outbox opens.
    const outbox = harness.open();
    // The person is told, in words, what happened and what was done.
    const report = outbox.damageReport();
    expect(report, 'a damage report').not.toBeNull();
    expect(report!.problem).toMatch(/reply outbox file .* (is damaged|could not be read|is empty|is not a file)/);
    expect(report!.movedTo).toMatch(/\.damaged-/);
    // Every pending reply not on a destroyed page is back, and goes out exactly once.
    const readable = pending.filter((i) => !lost.has(i.id));
    const ids = new Set(outbox.list().map((i) => i.id));
    for (const item of readable) expect(ids.has(item.id), `pending reply ${item.id} is back`).toBe(true);
    expect(report!.pending).toBe(readable.length);
    outbox.start();
    await harness.until((items) => readable.every((r) => items.find((i) => i.id === r.id)?.state === 'sent'), 'the readable replies sent');
    const ledger = await harness.replyTexts();
    for (const item of readable) expect(countOf(ledger, item.text), `"${item.text.slice(0, 12)}" sent once`).toBe(1);
    // Nothing sent before goes out again; nothing lost is invented.
    for (const item of [...sent, ...pending.filter((i) => lost.has(i.id))]) expect(countOf(ledger, item.text)).toBe(countOf(ledgerBefore, item.text));
    // The rows set aside are listed (the one set aside before, unless its own page was destroyed).
    const setAside = outbox.quarantined();
    expect(setAside.length).toBeGreaterThanOrEqual(report!.setAside);
  } finally {
    await harness.close();
  }
}

describe('chaos: the reply outbox file damaged between two starts', () => {
  it.each(OBJECTS)(
    'a damaged page of %s: opens, tells, keeps every readable pending reply, sends each once',
    async (object) => {
      // The short run damages the object's first page (its root); the long run each of its pages.
      const probe = await arrange();
      const pages = chaosLong ? pageCount(probe.harness.path, object) : 1;
      await probe.harness.close();
      for (let index = 0; index < pages; index++) await survives(pageDamage(object, index));
    },
    chaosLong ? 600_000 : 60_000,
  );

  it.each([...TRUNCATIONS, FOLDER_IN_PLACE].map((damage) => [damage.name, damage] as const))(
    '%s: opens, tells, keeps every readable pending reply, sends each once',
    async (_name, damage) => {
      await survives(damage);
    },
    60_000,
  );
});
