// The SQL of the outbox, and nothing else: items written whole, each change in one transaction
// (with the network replies it claims, when it claims any), rows that do not parse moved to the
// quarantine table in the same transaction that takes them out of the queue.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import { type ItemRow, parseItemRow, rowAsText, rowValuesOf } from './rowCodec.ts';
import type { OutboxItem, QuarantinedRow } from './types.ts';

/** The columns of a row of `items` in table order (seq first), as a damaged file's rows are read back. */
export const ITEM_TABLE_COLUMNS = [
  'seq',
  'id',
  'account_id',
  'profile_id',
  'request',
  'thread',
  'answers',
  'created',
  'send_after',
  'state',
  'results',
  'attempts',
  'first_attempt_at',
  'last_attempt_at',
  'last_error',
  'next_attempt_at',
  'outcome_unknown',
  'failures',
  'updated',
  // Added by schema 2 (migrationSentUnchecked.ts): a row written before has one value less.
  'sent_unchecked',
] as const;

/** Every column but `seq`, which SQLite assigns: what an insert or an update writes. */
const COLUMNS = ITEM_TABLE_COLUMNS.filter((column) => column !== 'seq');

export interface Claim {
  platform: ItemNetwork;
  socialCommentId: string;
}

export interface LoadResult {
  items: OutboxItem[];
  quarantined: QuarantinedRow[];
}

export class ItemRepository {
  private readonly db: DatabaseSync;
  private readonly insertItem: StatementSync;
  private readonly updateItem: StatementSync;
  private readonly deleteItem: StatementSync;
  private readonly insertClaim: StatementSync;
  private readonly claimOwner: StatementSync;
  private readonly insertQuarantine: StatementSync;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.insertItem = db.prepare(`INSERT INTO items (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `:${c}`).join(', ')}) RETURNING seq`);
    this.updateItem = db.prepare(
      `UPDATE items SET ${COLUMNS.filter((c) => c !== 'id')
        .map((c) => `${c} = :${c}`)
        .join(', ')} WHERE id = :id`,
    );
    this.deleteItem = db.prepare('DELETE FROM items WHERE id = ?');
    this.insertClaim = db.prepare('INSERT OR IGNORE INTO claims (platform, social_comment_id, item_id) VALUES (?, ?, ?)');
    this.claimOwner = db.prepare('SELECT item_id FROM claims WHERE platform = ? AND social_comment_id = ?');
    this.insertQuarantine = db.prepare('INSERT INTO quarantine (item_id, reason, at, row) VALUES (?, ?, ?, ?) RETURNING id');
  }

  /** Every item in queue order; rows that do not parse are quarantined on the way. */
  loadAll(now: number): LoadResult {
    const rows = this.db.prepare('SELECT * FROM items ORDER BY seq').all() as ItemRow[];
    const items: OutboxItem[] = [];
    const quarantined: QuarantinedRow[] = [];
    for (const row of rows) {
      const parsed = parseItemRow(row);
      if (parsed.ok) items.push(parsed.item);
      else quarantined.push(this.quarantine(row, parsed.itemId, parsed.reason, now));
    }
    return { items, quarantined };
  }

  /** Writes a new item; returns its queue position. */
  insert(item: OutboxItem): number {
    const row = this.insertItem.get(rowValuesOf(item)) as { seq: number };
    return row.seq;
  }

  /** Puts back an item read from a damaged file, at its old queue position; false when one with its id or position is there. */
  restore(item: OutboxItem): boolean {
    const values = { ...rowValuesOf(item), seq: item.seq };
    const names = ['seq', ...COLUMNS];
    const result = this.db.prepare(`INSERT OR IGNORE INTO items (${names.join(', ')}) VALUES (${names.map((c) => `:${c}`).join(', ')})`).run(values);
    return result.changes === 1;
  }

  /** Records that an item owns a reply (read back from a damaged file, or from a sent item's results). */
  restoreClaim(claim: Claim, itemId: string): void {
    this.insertClaim.run(claim.platform, claim.socialCommentId, itemId);
  }

  /** Sets a row aside that never made it into the queue (read back from a damaged file). */
  setAside(row: string, itemId: string | null, reason: string, at: number): void {
    this.insertQuarantine.get(itemId, reason, at, row);
  }

  /** Writes the item and the replies it now owns, in one transaction. */
  update(item: OutboxItem, claims: readonly Claim[] = []): void {
    this.transaction(() => {
      for (const claim of claims) this.insertClaim.run(claim.platform, claim.socialCommentId, item.id);
      this.updateItem.run(rowValuesOf(item));
    });
  }

  remove(id: string): void {
    this.deleteItem.run(id);
  }

  /** The item that posted or adopted this reply, or null. */
  claimedBy(platform: ItemNetwork, socialCommentId: string): string | null {
    const row = this.claimOwner.get(platform, socialCommentId) as { item_id?: unknown } | undefined;
    return typeof row?.item_id === 'string' ? row.item_id : null;
  }

  quarantinedRows(): QuarantinedRow[] {
    const rows = this.db.prepare('SELECT id, item_id, reason, at, row FROM quarantine ORDER BY id').all() as {
      id: number;
      item_id: string | null;
      reason: string;
      at: number;
      row: string;
    }[];
    return rows.map((r) => ({ quarantineId: r.id, itemId: r.item_id, reason: r.reason, at: r.at, row: r.row }));
  }

  close(): void {
    this.db.close();
  }

  private quarantine(row: ItemRow, itemId: string | null, reason: string, now: number): QuarantinedRow {
    const rowText = rowAsText(row);
    let quarantineId = 0;
    this.transaction(() => {
      quarantineId = (this.insertQuarantine.get(itemId, reason, now, rowText) as { id: number }).id;
      this.db.prepare('DELETE FROM items WHERE seq = ?').run(row.seq ?? null);
    });
    return { quarantineId, itemId, reason, at: now, row: rowText };
  }

  private transaction(work: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      work();
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }
}
