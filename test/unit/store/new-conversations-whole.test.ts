// Issue 30: a conversation that is new in a batch is written whole by its insert (its summary
// computed from the batch's messages, messageGroups.ts), its first state started with the batch's
// others, instead of inserted, read back and rewritten: two statements per new conversation besides
// its messages, where there were six. Counted on the real store over a real SQLite file (every
// statement goes through the connection's prepared statements, counted as they run). What the rows
// say must be what reading the messages back says: the last message (of equal times, the one
// stored last), each side's newest, the count, the inbox row's replied flag and the counts.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import { dm } from './messageFixtures.ts';
import { profile, seeded, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

function countingStore(t: TempStore): { store: SqliteStore; runs: () => number } {
  t.store.close();
  const db = new DatabaseSync(t.file);
  let runs = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = (sql: string) => {
    const statement = prepare(sql);
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const real = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        runs += 1;
        return real(...args);
      };
    }
    return statement;
  };
  t.store = new SqliteStore(db, t.clock, t.file);
  return { store: t.store, runs: () => runs };
}

const CONVERSATIONS = 40;
const PER_CONVERSATION = 3;

/** Three messages each; every third ends with the account's answer, every fourth ends in a tie of two at the same minute. */
function batch() {
  return Array.from({ length: CONVERSATIONS }, (_, n) => {
    const conversationId = `conv-${n}`;
    const person = `person-${n}`;
    const base = n * 10;
    const last = n % 3 === 0 ? { action: 'sent' as const, recipientId: person } : { senderId: person };
    return [
      dm({ conversationId, senderId: person, at: base + 1 }),
      dm({ conversationId, senderId: person, at: n % 4 === 0 ? base + 3 : base + 2 }),
      dm({ conversationId, at: base + 3, ...last }),
    ];
  }).flat();
}

describe('new conversations written whole', () => {
  it('takes two statements per new conversation besides its messages', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    const { store, runs } = countingStore(temp);
    const before = runs();
    store.ingestMessages('p-1', batch());
    const statements = runs() - before;
    // Before: six per conversation (insert, start, inbox row, summary read back, inbox and conversation rewritten).
    expect(statements).toBeLessThanOrEqual(CONVERSATIONS * (PER_CONVERSATION + 2) + 20);
  });

  it('says what reading the messages back says, and counts what the inbox holds', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    temp.store.ingestMessages('p-1', batch());
    temp.store.close();
    const db = new DatabaseSync(temp.file, { readOnly: true });
    const stored = db
      .prepare(
        `SELECT cv.conversation_id, cv.last_message_at, cv.last_text, cv.last_action, cv.last_received_at, cv.last_sent_at, cv.message_count, cv.raw, i.replied
         FROM conversations cv JOIN inbox i ON i.id = cv.inbox_id ORDER BY cv.conversation_id`,
      )
      .all();
    const readBack = db
      .prepare(
        `SELECT cv.conversation_id, last.created AS last_message_at, last.text AS last_text, last.action AS last_action,
           (SELECT max(created) FROM messages WHERE conversation = cv.id AND action = 'received') AS last_received_at,
           (SELECT max(created) FROM messages WHERE conversation = cv.id AND action = 'sent') AS last_sent_at,
           (SELECT count(*) FROM messages WHERE conversation = cv.id) AS message_count, last.raw AS raw, last.action = 'sent' AS replied
         FROM conversations cv JOIN messages last ON last.id = (SELECT id FROM messages WHERE conversation = cv.id ORDER BY created DESC, id DESC LIMIT 1)
         ORDER BY cv.conversation_id`,
      )
      .all();
    expect(stored).toHaveLength(CONVERSATIONS);
    expect(stored).toEqual(readBack);
    expect(stored.filter((row) => (row as { replied: number }).replied === 1)).toHaveLength(Math.ceil(CONVERSATIONS / 3));
    const counts = db.prepare('SELECT all_rows, unread, open, done, hidden FROM inbox_counts WHERE kind = 1').all();
    const recount = db
      .prepare(
        `SELECT count(*) AS all_rows, sum(unread) AS unread,
           sum(by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NULL) AS open, sum(done) AS done, sum(hidden) AS hidden
         FROM inbox WHERE kind = 1`,
      )
      .all();
    db.close();
    temp.reopen();
    expect(counts).toEqual(recount);
  });
});
