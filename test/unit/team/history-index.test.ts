// The history's owners (decision 0064) as HistoryIndex keeps them: an entry id belongs to the first
// document seen with it, a document kept once is never replaced, and a contested owner is remembered
// across restarts. Items with few entries are looked through and items with many are indexed
// (decision 0079): each case runs at both sizes so the two ways give the same answers.
import { describe, expect, it } from 'vitest';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import { HistoryIndex } from '../../../src/main/core/team/teamAdmission.ts';
import { TeamDocumentRefused } from '../../../src/main/core/team/teamErrors.ts';
import type { TeamLogEntry } from '../../../src/main/core/team/teamLog.ts';

const ITEM = 'facebook:c1';

function entry(id: string, step: number, who = 'ann'): { docId: string; entry: TeamLogEntry } {
  const hlc = formatStamp(1_800_000_000_000 + step, 0, `${who}-laptop`);
  return {
    docId: `change:${ITEM}:${hlc}`,
    entry: {
      kind: 'change',
      id,
      itemKey: ITEM,
      hlc,
      seen: [],
      who,
      device: `${who}-laptop`,
      change: { id, itemKey: ITEM, field: 'done', from: false, to: true, who, device: `${who}-laptop`, at: step },
    },
  };
}

function refusalOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(TeamDocumentRefused);
    return (error as Error).message;
  }
  throw new Error('it was kept');
}

describe.each([1, 5, 40])('the history of an item with %i entries', (count) => {
  function filled(): { index: HistoryIndex; kept: ReturnType<typeof entry>[] } {
    const index = new HistoryIndex();
    const kept = Array.from({ length: count }, (_, step) => entry(`e${step}`, step));
    for (const { docId, entry: one } of kept) expect(index.add(docId, one)).toBe(true);
    return { index, kept };
  }

  it('keeps each document once and never replaces it', () => {
    const { index, kept } = filled();
    const first = kept[0] as ReturnType<typeof entry>;
    expect(index.add(first.docId, { ...first.entry, id: 'renamed' })).toBe(false);
    expect(index.entriesOf(ITEM)?.map((one) => one.id)).toEqual(kept.map((one) => one.entry.id));
    expect(index.all()).toHaveLength(count);
    expect([...index.authors()]).toEqual(kept.map(() => 'ann'));
  });

  it('refuses a second document claiming a kept entry’s id, and remembers whose it is after a restart', () => {
    const { index, kept } = filled();
    const claimed = kept.at(-1) as ReturnType<typeof entry>;
    const rival = entry(claimed.entry.id, 10_000, 'mallory');
    expect(refusalOf(() => index.add(rival.docId, rival.entry))).toContain('reuses the name');
    expect(index.entriesOf(ITEM)).toHaveLength(count);
    expect(index.contested()).toEqual({ contested: { [`${ITEM}\n${claimed.entry.id}`]: claimed.docId } });

    // After a restart the rival may be read first: the remembered owner still wins.
    const restarted = new HistoryIndex(index.contested().contested);
    expect(refusalOf(() => restarted.add(rival.docId, rival.entry))).toContain('reuses the name');
    for (const { docId, entry: one } of kept) expect(restarted.add(docId, one)).toBe(true);
    expect(restarted.entriesOf(ITEM)?.map((one) => one.id)).toEqual(kept.map((one) => one.entry.id));
  });

  it('takes new entries with ids of their own', () => {
    const { index } = filled();
    const next = entry('fresh', 20_000, 'bob');
    expect(index.add(next.docId, next.entry)).toBe(true);
    expect(index.entriesOf(ITEM)).toHaveLength(count + 1);
    expect(index.entriesOf('facebook:other')).toBeNull();
  });
});
