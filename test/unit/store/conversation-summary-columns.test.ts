// Issue 30, fifth round: a conversation's summary columns are bound from one list
// (messageGroups.ts's SUMMARY_COLUMNS) by both the insert of a new conversation and the rewrite of
// a known one. Whichever path wrote a row, it must say what reading its messages back says: the
// last message (text, action, raw record, time), each side's newest and the count. Real store, real
// SQLite file; a later batch adds to every conversation so the rewrite runs for each.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { dm } from './messageFixtures.ts';
import { profile, seeded, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const CONVERSATIONS = 12;

const SUMMARY_AS_STORED = `
  SELECT cv.conversation_id, cv.last_message_at, cv.last_text, cv.last_action, cv.last_received_at, cv.last_sent_at, cv.message_count, cv.raw
  FROM conversations cv ORDER BY cv.conversation_id`;

const SUMMARY_READ_BACK = `
  SELECT cv.conversation_id, last.created AS last_message_at, last.text AS last_text, last.action AS last_action,
    (SELECT max(created) FROM messages WHERE conversation = cv.id AND action = 'received') AS last_received_at,
    (SELECT max(created) FROM messages WHERE conversation = cv.id AND action = 'sent') AS last_sent_at,
    (SELECT count(*) FROM messages WHERE conversation = cv.id) AS message_count, last.raw AS raw
  FROM conversations cv JOIN messages last ON last.id = (SELECT id FROM messages WHERE conversation = cv.id ORDER BY created DESC, id DESC LIMIT 1)
  ORDER BY cv.conversation_id`;

function summaries(t: TempStore): { stored: unknown[]; readBack: unknown[] } {
  t.store.close();
  const db = new DatabaseSync(t.file, { readOnly: true });
  const stored = db.prepare(SUMMARY_AS_STORED).all();
  const readBack = db.prepare(SUMMARY_READ_BACK).all();
  db.close();
  t.reopen();
  return { stored, readBack };
}

describe('a conversation row says what its messages say, inserted or rewritten', () => {
  it('after the first batch (insert) and after a later one (rewrite), for each side ending the conversation', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    // First batch: each conversation new, the person writes, the account answers every other one.
    temp.store.ingestMessages(
      'p-1',
      Array.from({ length: CONVERSATIONS }, (_, n) => {
        const person = `person-${n}`;
        const first = dm({ conversationId: `conv-${n}`, senderId: person, at: n * 100 + 1, raw: { id: `first-${n}`, n } });
        return n % 2 === 0
          ? [first]
          : [first, dm({ conversationId: `conv-${n}`, action: 'sent', recipientId: person, at: n * 100 + 2, raw: { id: `answer-${n}` } })];
      }).flat(),
    );
    const inserted = summaries(temp);
    expect(inserted.stored).toHaveLength(CONVERSATIONS);
    expect(inserted.stored).toEqual(inserted.readBack);

    // A later batch: one more message in each, by the account in every third, with its own raw record.
    temp.store.ingestMessages(
      'p-1',
      Array.from({ length: CONVERSATIONS }, (_, n) => {
        const person = `person-${n}`;
        return n % 3 === 0
          ? dm({
              conversationId: `conv-${n}`,
              action: 'sent',
              recipientId: person,
              at: n * 100 + 50,
              text: `Later answer ${n}`,
              raw: { id: `later-${n}`, sent: true },
            })
          : dm({ conversationId: `conv-${n}`, senderId: person, at: n * 100 + 50, text: `Later question ${n}`, raw: { id: `later-${n}`, sent: false } });
      }),
    );
    const rewritten = summaries(temp);
    expect(rewritten.stored).toEqual(rewritten.readBack);
    // The rewrite moved every row: the later message is each one's last, and the count grew.
    for (const row of rewritten.stored as { last_text: string; message_count: number; last_sent_at: string | null; last_received_at: string | null }[]) {
      expect(row.last_text).toMatch(/^Later (answer|question) \d+$/);
      expect(row.message_count).toBeGreaterThanOrEqual(2);
      expect(row.last_received_at).not.toBeNull();
    }
    expect((rewritten.stored as { last_sent_at: string | null }[]).filter((row) => row.last_sent_at !== null).length).toBeGreaterThan(CONVERSATIONS / 2);
  });
});
