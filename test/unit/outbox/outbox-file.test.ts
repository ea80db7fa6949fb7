// The outbox's file: rows parsed defensively (a malformed row is quarantined with its reason and
// the queue drains around it), one process at a time, and files it cannot read are refused with a
// typed error and left untouched.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxError } from '../../../src/main/core/outbox/errors.ts';
import { OUTBOX_SCHEMA_VERSION } from '../../../src/main/core/outbox/migrations.ts';
import { ReplyOutbox } from '../../../src/main/core/outbox/replyOutbox.ts';
import { type ItemRow, parseItemRow, rowValuesOf } from '../../../src/main/core/outbox/rowCodec.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { SteppingClock, OutboxBench, ScriptedClient, settle, socialReply } from './fakes.ts';

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-file-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'outbox.sqlite');
}

function openAt(path: string): ReplyOutbox {
  const clock = new SteppingClock();
  return ReplyOutbox.open({ path, client: new ScriptedClient(clock), accountIdentity: async () => null, clock });
}

const good: OutboxItem = {
  id: '3f1c1a52-8c1e-4a55-9b0e-0d7c1b8d2f11',
  seq: 1,
  target: { accountId: 'acct', profileId: 'p1' },
  kind: 'reply',
  request: { to: 'socialComment', commentId: 'c1', platform: 'facebook', comment: 'Hi' },
  thread: null,
  answers: 'facebook:c1',
  text: 'Hi',
  created: 1_000,
  sendAfter: 6_000,
  state: 'waiting',
  results: { facebook: { state: 'failed', code: '215', message: 'gone', at: 2_000 } },
  attempts: 1,
  firstAttemptAt: 1_500,
  lastAttemptAt: 1_500,
  lastError: { code: '215', message: 'gone' },
  nextAttemptAt: 9_000,
  outcomeUnknown: false,
  failures: 1,
  updated: 2_000,
};

function rowOf(item: OutboxItem, overrides: Record<string, unknown> = {}): ItemRow {
  return { seq: item.seq, ...rowValuesOf(item), ...overrides };
}

describe('parsing rows', () => {
  it('reads back every field of an item it wrote', () => {
    expect(parseItemRow(rowOf(good))).toEqual({ ok: true, item: good });
  });

  it.each([
    ['request is not valid JSON', { request: '{"to":' }],
    ['state "bogus" is not a state', { state: 'bogus' }],
    ['id is not a non-empty text', { id: '' }],
    ['account_id is not a non-empty text', { account_id: null }],
    ['attempts is not a whole number', { attempts: -1 }],
    ['created is not a whole number', { created: 'yesterday' }],
    ['results names "myspace"', { results: '{"myspace":{}}' }],
    ['results.facebook is not a result', { results: '{"facebook":{"state":"sent"}}' }],
    ['request.platform is not a network', { request: '{"to":"socialComment","commentId":"c1","platform":"orkut","comment":"Hi"}' }],
    ['could never be sent', { request: '{"to":"socialComment","commentId":"c1","platform":"facebook","comment":"  "}' }],
    ['could never be sent', { request: '{"to":"serviceComment","commentId":"s1","platforms":["facebook"],"comment":"Hi"}' }],
    ['last_error is not {code, message}', { last_error: '{"code":5}' }],
    ['outcome_unknown is neither 0 nor 1', { outcome_unknown: 7 }],
    ['no attempt is recorded', { outcome_unknown: 1, first_attempt_at: null }],
  ])('says what is wrong: %s', (reason, overrides) => {
    const parsed = parseItemRow(rowOf(good, overrides));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  it('quarantines malformed rows on open with the reason, tells listeners, and drains the rest', async () => {
    const bench = new OutboxBench({ undoMs: 0 });
    cleanups.push(() => bench.dispose());
    const kept = bench.outbox.enqueue(socialReply('Fine', 'c-1'));
    const broken = bench.outbox.enqueue(socialReply('Broken', 'c-2'));
    await bench.outbox.close();
    const db = new DatabaseSync(bench.path);
    db.prepare("UPDATE items SET request = '{not json' WHERE id = ?").run(broken.id);
    db.prepare("INSERT INTO items (id, state) VALUES ('half-a-row', 'queued')").run();
    db.close();

    const outbox = bench.open();
    expect(outbox.list().map((i) => i.id)).toEqual([kept.id]);
    const quarantined = outbox.quarantined();
    expect(quarantined.map((q) => [q.itemId, q.reason])).toEqual([
      [broken.id, 'request is not valid JSON'],
      ['half-a-row', 'request is not a non-empty text'],
    ]);
    expect(JSON.parse(quarantined[0]!.row)).toMatchObject({ id: broken.id, request: '{not json' });
    expect(bench.events.filter((e) => e.type === 'quarantined')).toHaveLength(2);

    outbox.start();
    await settle();
    expect(bench.client.replies.map((r) => r.input.comment)).toEqual(['Fine']);
    // Quarantined once: a restart does not find them again in the queue.
    expect((await bench.reopen()).quarantined()).toHaveLength(2);
  });
});

describe('the file', () => {
  it('is owned by one process at a time: a second open is refused as locked', async () => {
    const path = tempPath();
    const first = openAt(path);
    cleanups.push(() => first.close());
    let error: unknown;
    try {
      openAt(path);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OutboxError);
    expect((error as OutboxError).code).toBe('locked');
  });

  it('keeps a file that is not a database aside, byte for byte, and opens a fresh outbox that says so', async () => {
    const path = tempPath();
    const garbage = Buffer.from("this is not SQLite at all, but someone's notes ".repeat(200));
    writeFileSync(path, garbage);
    const outbox = openAt(path);
    const report = outbox.damageReport();
    expect(report).toMatchObject({ kind: 'damaged', restored: 0, pending: 0 });
    expect(readFileSync(join(dirname(path), report!.movedTo)).equals(garbage)).toBe(true);
    expect(outbox.list()).toEqual([]);
    await outbox.close();
    // The fresh file is sound: the next start has nothing to report.
    const again = openAt(path);
    expect(again.damageReport()).toBeNull();
    await again.close();
  });

  it('refuses a file written by a newer version of the app', () => {
    const path = tempPath();
    const db = new DatabaseSync(path);
    db.exec(`PRAGMA user_version = ${OUTBOX_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => openAt(path)).toThrow(expect.objectContaining({ code: 'newer-file' }));
  });

  it('creates its schema on a new file and records the version', async () => {
    const path = tempPath();
    await openAt(path).close();
    const db = new DatabaseSync(path);
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    const journal = (db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode;
    db.close();
    expect(version).toBe(OUTBOX_SCHEMA_VERSION);
    expect(journal).toBe('wal');
  });
});
