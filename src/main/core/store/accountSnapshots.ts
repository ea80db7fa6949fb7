// The account's figures over time (followers, reach, watch time), offline: one row per profile,
// network and day. The day is the one the figures describe, not the one they were fetched on
// (youtube and tiktok answer two days late), so a later read of a day replaces that day's row: the
// newest numbers of a day are the ones a chart of growth wants.
import { isNetwork } from '../../../shared/networks.ts';
import { canonicalJson } from './analytics.ts';
import { StoreInputError } from './errors.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { AccountSnapshot, AccountSnapshotInput } from './types.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

interface SnapshotRow {
  platform: string;
  day: string;
  figures: string;
  entry: string;
  fetched_at: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A real calendar day in the key's form: '2026-02-30' would sort among the others and mean nothing. */
export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY_PATTERN.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

export class AccountSnapshotTable {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  /** Call inside a transaction. */
  record(snapshot: AccountSnapshotInput): void {
    const profile = this.#profiles.byProfileId(snapshot.profileId);
    if (profile === undefined) throw new StoreInputError(`Account figures for unknown profile ${String(snapshot.profileId)}`);
    if (!isNetwork(snapshot.network)) throw new StoreInputError(`Account figures for unknown network ${String(snapshot.network)}`);
    if (!isDay(snapshot.day)) throw new StoreInputError(`Account figures' day is not a day: ${String(snapshot.day)}`);
    if (!Number.isFinite(snapshot.fetchedAt)) throw new StoreInputError(`fetchedAt is not a time: ${String(snapshot.fetchedAt)}`);
    if (!isRecord(snapshot.figures)) throw new StoreInputError('Account figures must be an object');
    if (!isRecord(snapshot.entry)) throw new StoreInputError("Account figures' entry must be an object");
    this.#statements
      .get(
        `INSERT INTO account_snapshots (profile_id, platform, day, figures, entry, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, platform, day) DO UPDATE SET figures = excluded.figures, entry = excluded.entry, fetched_at = excluded.fetched_at`,
      )
      .run(
        profile.rowId,
        snapshot.network,
        snapshot.day,
        canonicalJson(numbersOf(snapshot.figures)),
        JSON.stringify(snapshot.entry),
        Math.floor(snapshot.fetchedAt),
      );
  }

  snapshots(profileId: string, fromDay: string, toDay: string): AccountSnapshot[] {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    const rows = this.#statements
      .get('SELECT platform, day, figures, entry, fetched_at FROM account_snapshots WHERE profile_id = ? AND day >= ? AND day <= ? ORDER BY day, platform')
      .all(profile.rowId, String(fromDay), String(toDay)) as unknown as SnapshotRow[];
    return rows.map((row) => snapshotOf(profileId, row));
  }
}

/** The figures without `network` (the row's) and `raw` (the entry's `analytics`): numbers only. */
function numbersOf(figures: Record<string, unknown>): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [name, value] of Object.entries(figures)) {
    if (name !== 'network' && name !== 'raw' && typeof value === 'number' && Number.isFinite(value)) numbers[name] = value;
  }
  return numbers;
}

function snapshotOf(profileId: string, row: SnapshotRow): AccountSnapshot {
  const network = row.platform as AccountSnapshot['network'];
  const entry = JSON.parse(row.entry) as Record<string, unknown>;
  const numbers = JSON.parse(row.figures) as Record<string, number>;
  const raw = isRecord(entry.analytics) ? entry.analytics : {};
  return { profileId, network, day: row.day, figures: { ...numbers, network, raw }, entry, fetchedAt: row.fetched_at };
}
