// Decision 0085: how a device's start reads its own copy (a real LevelDB copy here). Each document once,
// at its latest revision, a rewritten history entry as it was first written (decision 0064); in id
// order, unless two documents claim one entry id whose owner is not written down: then in the order the
// documents reached the device (what keeps "the first one seen wins" true across a restart), a page at
// a time, every page size giving the same reading.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInArrivalOrder, readLocalCopy } from '../../../src/main/core/team/localCopyReading.ts';

let root: string;
let local: PouchDB.Database;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'local-copy-reading-'));
  local = new PouchDB(join(root, 'copy'));
  const put = async (doc: PouchDB.Document) => local.put(doc);
  const first = await put({ _id: 'change:b', kind: 'change', note: 'as first written', change: { itemKey: 'i', id: 'b' } });
  const presence = await put({ _id: 'presence:x', kind: 'presence', composing: null });
  await put({ _id: 'change:a', kind: 'change', note: 'a', change: { itemKey: 'i', id: 'a' } });
  await put({ _id: 'event:c', kind: 'event', note: 'c' });
  await put({ _id: 'presence:x', _rev: presence.rev, kind: 'presence', composing: 'item' });
  // Someone rewrote the history entry: the copy holds it at its second revision, last to arrive.
  await put({ _id: 'change:b', _rev: first.rev, kind: 'change', note: 'rewritten', change: { itemKey: 'i', id: 'b' } });
  await put({ _id: 'outbox:z', kind: 'outbox', note: 'z' });
});

afterAll(async () => {
  await local?.close();
  rmSync(root, { recursive: true, force: true });
});

/** One line per document taken: its id, revision number and what it says. */
function taking(): { taken: string[]; take: (raw: unknown) => void } {
  const taken: string[] = [];
  const take = (raw: unknown) => {
    const doc = raw as { _id: string; _rev: string; note?: string; composing?: string | null };
    taken.push(`${doc._id} ${doc._rev.split('-')[0]} ${doc.note ?? String(doc.composing)}`);
  };
  return { taken, take };
}

const IN_ARRIVAL_ORDER = ['change:a 1 a', 'event:c 1 c', 'presence:x 2 item', 'change:b 1 as first written', 'outbox:z 1 z'];
const nothingRemembered = () => false;

describe('reading a device’s copy at its start', () => {
  it('in arrival order: every document once, a rewritten history entry as first written, whatever the page size', async () => {
    for (const pageSize of [undefined, 1, 2, 3, 5, 7]) {
      const { taken, take } = taking();
      await readInArrivalOrder(local, take, pageSize);
      expect(taken, `pages of ${pageSize ?? 'the default size'}`).toEqual(IN_ARRIVAL_ORDER);
    }
  });

  it('reads in id order while no two documents claim one entry id, the same documents', async () => {
    const { taken, take } = taking();
    expect(await readLocalCopy(local, take, nothingRemembered)).toBe('id-order');
    expect(taken).toEqual([...IN_ARRIVAL_ORDER].sort());
  });

  it('reads in arrival order when two documents claim one entry id whose owner is not written down', async () => {
    // A later document claiming change:b's entry id ("b" of item "i"), its id sorting before change:b's.
    const claim = await local.put({ _id: 'change:ab', kind: 'change', note: 'a second claim', change: { itemKey: 'i', id: 'b' } });
    try {
      const { taken, take } = taking();
      expect(await readLocalCopy(local, take, nothingRemembered)).toBe('arrival-order');
      expect(taken).toEqual([...IN_ARRIVAL_ORDER, 'change:ab 1 a second claim']);
      // Written down: who owns it no longer depends on the order, so the cheaper read again.
      const again = taking();
      expect(await readLocalCopy(local, again.take, (itemKey, entryId) => itemKey === 'i' && entryId === 'b')).toBe('id-order');
      expect(again.taken).toEqual([...IN_ARRIVAL_ORDER, 'change:ab 1 a second claim'].sort());
    } finally {
      await local.put({ _id: 'change:ab', _rev: claim.rev, _deleted: true });
    }
  });
});
