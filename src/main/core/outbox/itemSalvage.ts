// Putting a damaged outbox file's readable rows back into the fresh file that replaced it: items
// (at their old queue positions), the rows set aside before, and the replies items had claimed.
//
// A row read from a page of the b-tree is the item's current state. But when the file's list of free
// pages could not be read, a page the b-tree had let go of may pass for a leaf, and its rows may be
// old copies (an item since sent, or cancelled, still "queued"); so may any item found twice. Such
// an item still to be sent is marked "outcome unknown": the thread is read before it is sent, and a
// reply already there is adopted, never posted twice. A row that does not parse is set aside with
// the reason, like at any load.
import { isNetwork } from '../../../shared/networks.ts';
import { type ItemRepository, ITEM_TABLE_COLUMNS } from './itemRepository.ts';
import { isPending } from './itemRules.ts';
import type { CellValue, SalvagedRecords } from './pageSalvage.ts';
import { type ItemRow, parseItemRow, rowAsText } from './rowCodec.ts';
import type { OutboxItem } from './types.ts';

export interface SalvageCount {
  /** Items put back. */
  restored: number;
  /** Of those, the ones still to be sent. */
  pending: number;
  /** Rows read back that could not be used: set aside. */
  setAside: number;
}

const QUARANTINE_WIDTH = 5;

function plain(value: CellValue): ItemRow[string] {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  return typeof value === 'bigint' ? Number(value) : value;
}

/** Of several copies of one item, the one changed last (a stale copy is older). */
function newest(rows: ItemRow[]): ItemRow {
  return rows.reduce((best, row) => (Number(row.updated ?? -1) > Number(best.updated ?? -1) ? row : best));
}

export function restoreSalvagedItems(repo: ItemRepository, salvaged: SalvagedRecords, now: number): SalvageCount {
  const count: SalvageCount = { restored: 0, pending: 0, setAside: 0 };
  const byId = new Map<string, ItemRow[]>();
  const withoutId: ItemRow[] = [];
  for (const { rowid, values } of salvaged.tableRows) {
    // A row written before schema 2 lacks the last column (SQLite does not rewrite rows on ALTER).
    if ((values.length === ITEM_TABLE_COLUMNS.length || values.length === ITEM_TABLE_COLUMNS.length - 1) && values[0] === null) {
      const row: ItemRow = { seq: rowid };
      ITEM_TABLE_COLUMNS.forEach((column, i) => {
        if (i > 0) row[column] = plain(values[i] ?? null);
      });
      if (typeof row.id === 'string' && row.id !== '') byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
      else withoutId.push(row);
    } else if (
      values.length === QUARANTINE_WIDTH &&
      values[0] === null &&
      typeof values[2] === 'string' &&
      typeof values[3] === 'number' &&
      typeof values[4] === 'string'
    ) {
      // A row set aside before the damage: it stays set aside.
      repo.setAside(values[4], typeof values[1] === 'string' ? values[1] : null, values[2], values[3]);
    }
  }
  const copies = new Map([...byId].map(([id, rows]) => [id, rows.length]));
  for (const row of [...[...byId.values()].map(newest), ...withoutId]) {
    const parsed = parseItemRow(row);
    if (!parsed.ok) {
      repo.setAside(rowAsText(row), parsed.itemId, `read back from a damaged outbox file, but ${parsed.reason}`, now);
      count.setAside++;
      continue;
    }
    const maybeStale = !salvaged.freelistKnown || (copies.get(parsed.item.id) ?? 1) > 1;
    const item = isPending(parsed.item) && maybeStale ? checkFirst(parsed.item, now) : parsed.item;
    if (!repo.restore(item)) continue;
    count.restored++;
    if (isPending(item)) count.pending++;
    for (const [platform, result] of Object.entries(item.results)) {
      if (isNetwork(platform) && result?.state === 'sent' && result.socialCommentId)
        repo.restoreClaim({ platform, socialCommentId: result.socialCommentId }, item.id);
    }
  }
  for (const record of salvaged.indexRecords) {
    const [platform, socialCommentId, itemId] = record;
    if (record.length === 3 && isNetwork(platform) && typeof socialCommentId === 'string' && typeof itemId === 'string') {
      repo.restoreClaim({ platform, socialCommentId }, itemId);
    }
  }
  return count;
}

function checkFirst(item: OutboxItem, now: number): OutboxItem {
  return {
    ...item,
    state: item.state === 'sending' ? 'waiting' : item.state,
    outcomeUnknown: true,
    firstAttemptAt: item.firstAttemptAt ?? item.created,
    nextAttemptAt: item.state === 'queued' ? item.nextAttemptAt : now,
    updated: now,
  };
}
