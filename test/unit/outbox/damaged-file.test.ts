// What the outbox does with a damaged file, unit by unit: rows read back are trusted as they are
// when the file's list of free pages could be read, and checked against the thread first when not
// (an old copy of an item must never be posted twice); what the person is told, in words; and the
// text of a set-aside row, as far as it can be read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxHealthViews, readableParts } from '../../../src/main/core/outbox/healthViews.ts';
import { ReplyOutbox } from '../../../src/main/core/outbox/replyOutbox.ts';
import { rowAsText, rowValuesOf } from '../../../src/main/core/outbox/rowCodec.ts';
import type { DamagedFileReport } from '../../../src/main/core/outbox/types.ts';
import { overwritePage, pagesOf } from '../../support/sqlitePages.ts';
import { ScriptedClient, SteppingClock, socialReply } from './fakes.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-damage-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'outbox.sqlite');
}

function openAt(path: string): ReplyOutbox {
  const clock = new SteppingClock();
  return ReplyOutbox.open({ path, client: new ScriptedClient(clock), accountIdentity: async () => null, clock, undoMs: 0 });
}

async function fileWithTwoQueued(path: string): Promise<string[]> {
  const outbox = openAt(path);
  const ids = [outbox.enqueue(socialReply('First', 'c-1')).id, outbox.enqueue(socialReply('Second', 'c-2')).id];
  await outbox.close();
  return ids;
}

describe('a damaged outbox file', () => {
  it('trusts the rows read back when the list of free pages is intact: they are sent as they were', async () => {
    const path = tempPath();
    const ids = await fileWithTwoQueued(path);
    overwritePage(path, pagesOf(path, 'sqlite_autoindex_items_1')[0]!);
    const outbox = openAt(path);
    expect(outbox.damageReport()).toMatchObject({ kind: 'damaged', restored: 2, pending: 2, setAside: 0 });
    expect(outbox.list().map((item) => [item.id, item.state, item.outcomeUnknown])).toEqual(ids.map((id) => [id, 'queued', false]));
    await outbox.close();
  });

  it("checks the thread before sending a row read back when SQLite's own first page is gone (it may be an old copy)", async () => {
    const path = tempPath();
    const ids = await fileWithTwoQueued(path);
    overwritePage(path, 1);
    const outbox = openAt(path);
    expect(outbox.damageReport()).toMatchObject({ kind: 'damaged', restored: 2, pending: 2 });
    for (const item of outbox.list()) {
      expect(ids).toContain(item.id);
      expect(item.outcomeUnknown).toBe(true);
      expect(item.firstAttemptAt).toBe(item.created);
    }
    await outbox.close();
  });
});

describe('what the person is told', () => {
  const damage: DamagedFileReport = {
    kind: 'damaged',
    problem: 'SQLite words',
    movedTo: 'outbox-a.sqlite.damaged-x',
    unreadable: null,
    restored: 3,
    pending: 2,
    setAside: 1,
    at: 1,
  };

  it('says which account, what happened, what was done and how much was read back', () => {
    const [view] = outboxHealthViews({
      accountId: 'a',
      accountTitle: 'Studio',
      replies: { damage, closedBecause: null },
      commentsSettings: { damage: null, closedBecause: null },
    });
    expect(view).toMatchObject({ accountId: 'a', queue: 'replies', state: 'recovered', restored: 3, pending: 2, setAside: 1 });
    expect(view!.message).toBe(
      'The reply outbox of “Studio” was damaged on disk. A fresh one was started and the damaged file was kept as outbox-a.sqlite.damaged-x. ' +
        '3 replies could be read back (2 still to send); 1 row could not be used: kept, never sent, and listed with the set-aside rows. ' +
        'Anything that was on the damaged part of the file is not in the list: check the conversations you replied to recently.',
    );
    expect(view!.message).not.toContain('SQLite words');
  });

  it('says when nothing could be read, and when a queue cannot be opened at all', () => {
    const views = outboxHealthViews({
      accountId: 'a',
      accountTitle: 'Studio',
      replies: {
        damage: { ...damage, kind: 'not-a-file', unreadable: 'it cannot be read: EISDIR', restored: 0, pending: 0, setAside: 0 },
        closedBecause: null,
      },
      commentsSettings: { damage: null, closedBecause: 'it is open in another process' },
    });
    expect(views.map((v) => [v.queue, v.state])).toEqual([
      ['replies', 'recovered'],
      ['comments-settings', 'closed'],
    ]);
    expect(views[0]!.message).toContain('Nothing could be read back from it (it cannot be read: EISDIR).');
    expect(views[1]!.message).toBe(
      'The queue of comments on/off changes of “Studio” cannot be opened, so no changes can be queued for it until it can: it is open in another process',
    );
  });

  it('says nothing when both files are sound', () => {
    expect(
      outboxHealthViews({
        accountId: 'a',
        accountTitle: 'S',
        replies: { damage: null, closedBecause: null },
        commentsSettings: { damage: null, closedBecause: null },
      }),
    ).toEqual([]);
  });
});

describe('the text of a row set aside', () => {
  const item = {
    ...socialReply('Thanks, see you “soon”\nBye', 'c-9'),
    kind: 'reply' as const,
    id: 'i1',
    seq: 3,
    thread: null,
    text: '',
    created: 1,
    sendAfter: 1,
    state: 'queued' as const,
    results: {},
    attempts: 0,
    firstAttemptAt: null,
    lastAttemptAt: null,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    failures: 0,
    updated: 1,
  };

  it('is read whole from a whole row', () => {
    expect(readableParts(rowAsText({ ...rowValuesOf(item), seq: 3 }))).toEqual({ text: 'Thanks, see you “soon”\nBye', answers: item.answers });
  });

  it('is read as far as it goes from a request cut in the middle', () => {
    const row = JSON.stringify({ answers: 'facebook:c-9', request: '{"to":"socialComment","comment":"Thanks, see you \\"so' });
    expect(readableParts(row)).toEqual({ text: 'Thanks, see you "so', answers: 'facebook:c-9' });
  });

  it('is null when there is none', () => {
    expect(readableParts('garbage')).toEqual({ text: null, answers: null });
  });
});
