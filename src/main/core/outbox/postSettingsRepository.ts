// The SQL of the post settings queue, and nothing else: its own file (see postSettingsQueue.ts for
// why not a table of the reply outbox's file), one row per service post with a pending wish, each
// change written whole in one transaction. A row is a JSON document checked field by field when
// loaded: one that does not parse is skipped and left in the file (never sent, never lost).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { isNetwork } from '../../../shared/networks.ts';
import type { SalvageCount } from './itemSalvage.ts';
import { migrateWith } from './migrations.ts';
import { openCheckedQueueFile, type OpenedQueueFile, type QueueFileSchema } from './outboxFile.ts';
import type { SalvagedRecords } from './pageSalvage.ts';
import { POST_SETTINGS_STATES, type PostSettingsChange } from './postSettingsTypes.ts';

const LABEL = 'The post settings queue';

const MIGRATIONS: readonly string[] = [
  // 1: one pending wish per service post of a profile ('' is the primary profile).
  `
  CREATE TABLE post_settings (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    profile_id TEXT NOT NULL,
    service_post_id TEXT NOT NULL,
    change TEXT NOT NULL,
    UNIQUE (profile_id, service_post_id)
  );
  `,
];

export const POST_SETTINGS_SCHEMA_VERSION = MIGRATIONS.length;

/** The stored document as a change, or what is wrong with it (rows are read defensively, like the outbox's). */
function parseDocument(value: unknown): { ok: true; change: Omit<PostSettingsChange, 'seq'> } | { ok: false; reason: string } {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'not an object' };
  const doc = value as Record<string, unknown>;
  const problems: string[] = [];
  const text = (key: string) => (typeof doc[key] === 'string' && doc[key] !== '' ? doc[key] : (problems.push(key), ''));
  const count = (key: string) => (Number.isInteger(doc[key]) && (doc[key] as number) >= 0 ? (doc[key] as number) : (problems.push(key), 0));
  const time = (key: string) => (typeof doc[key] === 'number' && Number.isFinite(doc[key]) ? doc[key] : (problems.push(key), 0));
  const flag = (key: string) => (typeof doc[key] === 'boolean' ? doc[key] : (problems.push(key), false));
  const target = doc['target'] as Record<string, unknown> | null | undefined;
  const accountId = typeof target?.['accountId'] === 'string' && target['accountId'] !== '' ? target['accountId'] : (problems.push('target.accountId'), '');
  const profileId = target?.['profileId'];
  if (profileId !== undefined && (typeof profileId !== 'string' || profileId === '')) problems.push('target.profileId');
  const networks =
    Array.isArray(doc['networks']) && doc['networks'].length > 0 && doc['networks'].every(isNetwork) ? doc['networks'] : (problems.push('networks'), []);
  const postKeys = Array.isArray(doc['postKeys']) && doc['postKeys'].every((k) => typeof k === 'string') ? doc['postKeys'] : (problems.push('postKeys'), []);
  const state = POST_SETTINGS_STATES.find((s) => s === doc['state']) ?? (problems.push('state'), 'failed' as const);
  const lastError = doc['lastError'];
  const errorOk =
    lastError === null ||
    (typeof lastError === 'object' &&
      typeof (lastError as Record<string, unknown>)['code'] === 'string' &&
      typeof (lastError as Record<string, unknown>)['message'] === 'string');
  if (!errorOk) problems.push('lastError');
  const next = doc['nextAttemptAt'];
  if (next !== null && !(typeof next === 'number' && Number.isFinite(next))) problems.push('nextAttemptAt');
  const change = {
    id: text('id'),
    target: typeof profileId === 'string' ? { accountId, profileId } : { accountId },
    servicePostId: text('servicePostId'),
    networks,
    postKeys,
    commentsEnabled: flag('commentsEnabled'),
    revision: count('revision'),
    state,
    attempts: count('attempts'),
    failures: count('failures'),
    outcomeUnknown: flag('outcomeUnknown'),
    lastError: errorOk && lastError !== null ? { code: (lastError as { code: string }).code, message: (lastError as { message: string }).message } : null,
    nextAttemptAt: typeof next === 'number' ? next : null,
    created: time('created'),
    updated: time('updated'),
  };
  return problems.length > 0 ? { ok: false, reason: `unreadable fields: ${problems.join(', ')}` } : { ok: true, change };
}

export interface LoadedChanges {
  changes: PostSettingsChange[];
  /** Rows skipped (left in the file, never sent), with the stored document as it is. */
  unreadable: { id: string | null; reason: string; row: string }[];
}

const SCHEMA: QueueFileSchema = { migrate: (db, file) => migrateWith(db, file, MIGRATIONS, LABEL), label: LABEL };

/** Opens and checks the file; a damaged one is replaced by a fresh file with every row still readable. */
export function openCheckedPostSettingsFile(path: string, now: number): OpenedQueueFile<SalvageCount> {
  return openCheckedQueueFile(path, SCHEMA, restoreSalvagedChanges, now);
}

const ROW_WIDTH = 5;

/**
 * Puts a damaged file's readable rows into the fresh one. Of several copies of a post's row (a
 * stale copy on a page the b-tree let go of), the one changed last wins. Rows whose document does
 * not parse go back too: they are skipped and listed at every load, like any unreadable row. A PUT
 * sets a value, so a stale wish sent again does no harm the person cannot see and undo.
 */
function restoreSalvagedChanges(db: DatabaseSync, salvaged: SalvagedRecords): SalvageCount {
  const count: SalvageCount = { restored: 0, pending: 0, setAside: 0 };
  const newest = new Map<string, { seq: number; id: string; profileId: string; postId: string; change: string; updated: number }>();
  for (const { rowid, values } of salvaged.tableRows) {
    const [alias, id, profileId, postId, change] = values;
    if (
      values.length !== ROW_WIDTH ||
      alias !== null ||
      typeof id !== 'string' ||
      typeof profileId !== 'string' ||
      typeof postId !== 'string' ||
      typeof change !== 'string'
    )
      continue;
    let updated = -1;
    try {
      const parsed = JSON.parse(change) as { updated?: unknown };
      if (typeof parsed.updated === 'number') updated = parsed.updated;
    } catch {
      // Goes back as it is: the load lists it as unreadable.
    }
    const key = `${profileId}\n${postId}`;
    const known = newest.get(key);
    if (known === undefined || updated > known.updated) newest.set(key, { seq: rowid, id, profileId, postId, change, updated });
  }
  const insert = db.prepare('INSERT OR IGNORE INTO post_settings (seq, id, profile_id, service_post_id, change) VALUES (?, ?, ?, ?, ?)');
  for (const row of newest.values()) {
    if (insert.run(row.seq, row.id, row.profileId, row.postId, row.change).changes !== 1) continue;
    count.restored++;
    if (row.updated >= 0) count.pending++;
    else count.setAside++;
  }
  return count;
}

export class PostSettingsRepository {
  private readonly db: DatabaseSync;
  private readonly insertRow: StatementSync;
  private readonly updateRow: StatementSync;
  private readonly deleteRow: StatementSync;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.insertRow = db.prepare('INSERT INTO post_settings (id, profile_id, service_post_id, change) VALUES (?, ?, ?, ?) RETURNING seq');
    this.updateRow = db.prepare('UPDATE post_settings SET change = ? WHERE id = ?');
    this.deleteRow = db.prepare('DELETE FROM post_settings WHERE id = ?');
  }

  /** Every readable change in queue order, and what could not be read. */
  loadAll(): LoadedChanges {
    const rows = this.db.prepare('SELECT seq, id, change FROM post_settings ORDER BY seq').all() as { seq: number; id: unknown; change: unknown }[];
    const changes: PostSettingsChange[] = [];
    const unreadable: LoadedChanges['unreadable'] = [];
    for (const row of rows) {
      const id = typeof row.id === 'string' ? row.id : null;
      let parsed: unknown;
      try {
        parsed = typeof row.change === 'string' ? JSON.parse(row.change) : null;
      } catch {
        unreadable.push({ id, reason: 'not JSON', row: String(row.change) });
        continue;
      }
      const checked = parseDocument(parsed);
      if (!checked.ok || checked.change.id !== id) {
        unreadable.push({ id, reason: checked.ok ? 'id does not match its row' : checked.reason, row: String(row.change) });
        continue;
      }
      changes.push({ ...checked.change, seq: row.seq });
    }
    return { changes, unreadable };
  }

  /** Writes a new change (on disk before this returns: synchronous=FULL) and returns its queue position. */
  insert(change: PostSettingsChange): number {
    const row = this.insertRow.get(change.id, change.target.profileId ?? '', change.servicePostId, documentOf(change)) as { seq: number };
    return row.seq;
  }

  update(change: PostSettingsChange): void {
    this.updateRow.run(documentOf(change), change.id);
  }

  remove(id: string): void {
    this.deleteRow.run(id);
  }

  close(): void {
    this.db.close();
  }
}

function documentOf(change: PostSettingsChange): string {
  const { seq: _seq, ...document } = change;
  return JSON.stringify(document);
}
