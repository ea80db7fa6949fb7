// A post's analytics over time, offline. A snapshot is kept only when its numbers differ from the
// post's newest one (the service answers the same numbers until its next refresh), and old ones
// are thinned: every snapshot of the last week, the newest of each hour up to a month, the newest
// of each day before that. Keeping the newest of a bucket keeps each post's latest numbers.
import { isNetwork } from '../../../shared/networks.ts';
import { StoreInputError } from './errors.ts';
import { keyOf, parseKey } from './keys.ts';
import type { PostTable } from './posts.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { AnalyticsSnapshot, AnalyticsSnapshotInput, PostKey } from './types.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const KEEP_ALL_FOR = 7 * DAY;
export const KEEP_HOURLY_FOR = 30 * DAY;

interface SnapshotRow {
  id: number;
  profile_id: string;
  platform: string;
  social_post_id: string;
  fetched_at: number;
  last_updated: string;
  next_update: string;
  metrics: string;
  backfilled_from: string | null;
  recovered_from: string | null;
}

const SNAPSHOT_COLUMNS = `a.id, pr.profile_id, a.platform, a.social_post_id, a.fetched_at, a.last_updated, a.next_update, a.metrics, a.backfilled_from, a.recovered_from`;

export class AnalyticsHistory {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;
  readonly #posts: PostTable;

  constructor(statements: Statements, profiles: ProfileTable, posts: PostTable) {
    this.#statements = statements;
    this.#profiles = profiles;
    this.#posts = posts;
  }

  /** Call inside a transaction. */
  record(snapshot: AnalyticsSnapshotInput): 'stored' | 'unchanged' {
    const profile = this.#profiles.byProfileId(snapshot.profileId);
    if (profile === undefined) throw new StoreInputError(`Analytics for unknown profile ${String(snapshot.profileId)}`);
    if (!isNetwork(snapshot.platform)) throw new StoreInputError(`Analytics for unknown network ${String(snapshot.platform)}`);
    if (typeof snapshot.socialPostId !== 'string' || snapshot.socialPostId === '') throw new StoreInputError('Analytics without a social post id');
    if (!Number.isFinite(snapshot.fetchedAt)) throw new StoreInputError(`fetchedAt is not a time: ${String(snapshot.fetchedAt)}`);
    if (typeof snapshot.metrics !== 'object' || snapshot.metrics === null || Array.isArray(snapshot.metrics))
      throw new StoreInputError('Analytics metrics must be an object');
    const key = keyOf(snapshot.platform, snapshot.socialPostId);
    const metrics = canonicalJson(snapshot.metrics);

    const dueAt = Date.parse(snapshot.nextUpdate);
    if (Number.isFinite(dueAt)) this.#posts.setAnalyticsDue(key, dueAt);

    const newest = this.#statements.get('SELECT metrics FROM analytics_snapshots WHERE post_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1').get(key) as
      { metrics: string } | undefined;
    if (newest?.metrics === metrics) return 'unchanged';
    this.#statements
      .get(
        `INSERT INTO analytics_snapshots (post_key, profile_id, platform, social_post_id, fetched_at, last_updated, next_update, metrics, backfilled_from, recovered_from)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        key,
        profile.rowId,
        snapshot.platform,
        snapshot.socialPostId,
        Math.floor(snapshot.fetchedAt),
        String(snapshot.lastUpdated ?? ''),
        String(snapshot.nextUpdate ?? ''),
        metrics,
        snapshot.backfilledFrom ?? null,
        snapshot.recoveredFrom ?? null,
      );
    return 'stored';
  }

  latest(key: PostKey): AnalyticsSnapshot | null {
    if (parseKey(key) === null) return null;
    const row = this.#statements
      .get(
        `SELECT ${SNAPSHOT_COLUMNS} FROM analytics_snapshots a JOIN profiles pr ON pr.id = a.profile_id WHERE a.post_key = ? ORDER BY a.fetched_at DESC, a.id DESC LIMIT 1`,
      )
      .get(key) as SnapshotRow | undefined;
    return row === undefined ? null : snapshotOf(row);
  }

  /** Oldest first: ready to be drawn. */
  history(key: PostKey): AnalyticsSnapshot[] {
    const rows = this.#statements
      .get(`SELECT ${SNAPSHOT_COLUMNS} FROM analytics_snapshots a JOIN profiles pr ON pr.id = a.profile_id WHERE a.post_key = ? ORDER BY a.fetched_at, a.id`)
      .all(key) as unknown as SnapshotRow[];
    return rows.map(snapshotOf);
  }

  /** Call inside a transaction. Returns how many snapshots were removed. */
  thin(now: number): number {
    // Buckets: 'h' + hour for snapshots between a week and a month old, 'd' + day before that.
    // The newest snapshot of each (post, bucket) stays.
    const result = this.#statements
      .get(
        `DELETE FROM analytics_snapshots WHERE id IN (
           SELECT id FROM (
             SELECT id, row_number() OVER (PARTITION BY post_key, bucket ORDER BY fetched_at DESC, id DESC) AS rank
             FROM (
               SELECT id, post_key, fetched_at,
                 CASE WHEN fetched_at >= :hourlySince THEN 'h' || (fetched_at / ${HOUR}) ELSE 'd' || (fetched_at / ${DAY}) END AS bucket
               FROM analytics_snapshots WHERE fetched_at < :allSince
             )
           ) WHERE rank > 1
         )`,
      )
      .run({ allSince: now - KEEP_ALL_FOR, hourlySince: now - KEEP_HOURLY_FOR });
    return Number(result.changes);
  }
}

function snapshotOf(row: SnapshotRow): AnalyticsSnapshot {
  return {
    id: row.id,
    profileId: row.profile_id,
    platform: row.platform as AnalyticsSnapshot['platform'],
    socialPostId: row.social_post_id,
    fetchedAt: row.fetched_at,
    lastUpdated: row.last_updated,
    nextUpdate: row.next_update,
    metrics: JSON.parse(row.metrics) as Record<string, unknown>,
    ...(row.backfilled_from === null ? {} : { backfilledFrom: row.backfilled_from }),
    ...(row.recovered_from === null ? {} : { recoveredFrom: row.recovered_from }),
  };
}

/** JSON with object keys sorted at every depth, so the same numbers always compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
