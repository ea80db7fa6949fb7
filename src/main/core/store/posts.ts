// Posts and what the scheduler keeps per post (poll times, comment counts, when analytics are due).
import { isNetwork, type Network } from '../../../shared/networks.ts';
import { keyOf, parseKey } from './keys.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { PostKey, PostRecord, PostSyncState, RejectedRecord, UpsertPostsResult } from './types.ts';

interface PostRow {
  profile_id: string;
  platform: Network;
  social_post_id: string;
  service_post_id: string | null;
  text: string;
  url: string | null;
  created: string;
  disable_comments: number;
  raw: string;
  tracked_at: string | null;
  publication_key: string | null;
}

const POST_COLUMNS = `pr.profile_id, p.platform, p.social_post_id, p.service_post_id, p.text, p.url, p.created, p.disable_comments, p.raw, p.tracked_at, p.publication_key`;

export class PostTable {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  /**
   * Call inside a transaction. Writes only posts that differ from what is stored. A post tracked by
   * hand stays tracked when a list of the service names it too (the lists never carry `trackedAt`).
   */
  upsert(posts: readonly PostRecord[]): UpsertPostsResult {
    const rejected: RejectedRecord[] = [];
    const upsert = this.#statements.get(
      `INSERT INTO posts (profile_id, platform, social_post_id, service_post_id, text, url, created, disable_comments, raw, tracked_at, publication_key)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, coalesce(?4, ?2 || ':' || ?3))
       ON CONFLICT (platform, social_post_id) DO UPDATE SET profile_id = excluded.profile_id,
         service_post_id = coalesce(excluded.service_post_id, service_post_id), text = excluded.text, url = excluded.url,
         publication_key = coalesce(excluded.service_post_id, service_post_id, platform || ':' || social_post_id),
         created = excluded.created, disable_comments = excluded.disable_comments, raw = excluded.raw,
         tracked_at = coalesce(excluded.tracked_at, tracked_at)
       WHERE (profile_id, service_post_id, text, url, created, disable_comments, raw, tracked_at)
         IS NOT (excluded.profile_id, coalesce(excluded.service_post_id, service_post_id), excluded.text, excluded.url,
                 excluded.created, excluded.disable_comments, excluded.raw, coalesce(excluded.tracked_at, tracked_at))`,
    );
    for (const post of posts) {
      const value = (post ?? {}) as Partial<PostRecord>;
      const key = `${String(value.platform)}:${String(value.socialPostId)}`;
      const profile = typeof value.profileId === 'string' ? this.#profiles.byProfileId(value.profileId) : undefined;
      const createdMs = typeof value.created === 'string' ? Date.parse(value.created) : Number.NaN;
      let raw: string | undefined;
      try {
        raw = JSON.stringify(value.raw ?? null);
      } catch {
        raw = undefined;
      }
      const reason = !isNetwork(value.platform)
        ? `unknown network ${String(value.platform)}`
        : typeof value.socialPostId !== 'string' || value.socialPostId === ''
          ? 'no social post id'
          : profile === undefined
            ? `unknown profile ${String(value.profileId)}`
            : !Number.isFinite(createdMs)
              ? `created is not a time: ${String(value.created)}`
              : raw === undefined
                ? 'the raw record cannot be kept as JSON'
                : null;
      if (reason !== null || profile === undefined || raw === undefined) {
        rejected.push({ key, reason: reason ?? 'invalid' });
        continue;
      }
      upsert.run(
        profile.rowId,
        value.platform as Network,
        value.socialPostId as string,
        typeof value.servicePostId === 'string' && value.servicePostId !== '' ? value.servicePostId : null,
        typeof value.text === 'string' ? value.text : '',
        typeof value.url === 'string' ? value.url : null,
        new Date(createdMs).toISOString(),
        value.disableComments === true ? 1 : 0,
        raw,
        trackedAtOf(value.trackedAt),
      );
    }
    return { rejected };
  }

  post(key: PostKey): PostRecord | null {
    const ref = parseKey(key);
    if (ref === null) return null;
    const row = this.#statements
      .get(`SELECT ${POST_COLUMNS} FROM posts p JOIN profiles pr ON pr.id = p.profile_id WHERE p.platform = ? AND p.social_post_id = ?`)
      .get(ref.platform, ref.socialId) as PostRow | undefined;
    return row === undefined ? null : recordOf(row);
  }

  forSync(profileId: string): PostSyncState[] {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return [];
    const rows = this.#statements
      .get(
        `SELECT ${POST_COLUMNS}, coalesce(s.comment_count, 0) AS comment_count, s.last_comment_at, s.last_polled_at, s.analytics_due_at
         FROM posts p JOIN profiles pr ON pr.id = p.profile_id
         LEFT JOIN poll_state s ON s.post_key = p.platform || ':' || p.social_post_id
         WHERE p.profile_id = ? ORDER BY p.created DESC, p.id`,
      )
      .all(profile.rowId) as unknown as (PostRow & {
      comment_count: number;
      last_comment_at: string | null;
      last_polled_at: number | null;
      analytics_due_at: number | null;
    })[];
    return rows.map((row) => ({
      post: recordOf(row),
      commentCount: row.comment_count,
      lastCommentAt: row.last_comment_at,
      lastPolledAt: row.last_polled_at,
      analyticsDueAt: row.analytics_due_at,
    }));
  }

  markPolled(key: PostKey, at: number): void {
    this.#statements
      .get(
        `INSERT INTO poll_state (post_key, last_polled_at) VALUES (?, ?)
         ON CONFLICT (post_key) DO UPDATE SET last_polled_at = excluded.last_polled_at`,
      )
      .run(key, at);
  }

  /** When the service says a post's analytics change next (every answer moves it, changed or not). */
  setAnalyticsDue(key: PostKey, dueAt: number): void {
    this.#statements
      .get(
        `INSERT INTO poll_state (post_key, analytics_due_at) VALUES (?, ?)
         ON CONFLICT (post_key) DO UPDATE SET analytics_due_at = excluded.analytics_due_at`,
      )
      .run(key, dueAt);
  }

  /**
   * Takes a post tracked by hand out of the store, with what only it had: its analytics, its poll
   * state, its comments (their item state; inbox rows and search entries go by trigger). False when the
   * key names no post, or one the sync discovered (those come back with the next discovery anyway).
   * Returns the profile's row id when it removed comments, so "replied" flags can be re-decided.
   */
  removeTracked(key: PostKey): { removed: boolean; profileRowId: number | null; removedComments: number } {
    const ref = parseKey(key);
    if (ref === null) return { removed: false, profileRowId: null, removedComments: 0 };
    const row = this.#statements
      .get('SELECT id, profile_id AS profile FROM posts WHERE platform = ? AND social_post_id = ? AND tracked_at IS NOT NULL')
      .get(ref.platform, ref.socialId) as { id: number; profile: number } | undefined;
    if (row === undefined) return { removed: false, profileRowId: null, removedComments: 0 };
    this.#statements
      .get("DELETE FROM item_state WHERE key IN (SELECT platform || ':' || social_comment_id FROM comments WHERE platform = ? AND social_post_id = ?)")
      .run(ref.platform, ref.socialId);
    const comments = this.#statements.get('DELETE FROM comments WHERE platform = ? AND social_post_id = ?').run(ref.platform, ref.socialId);
    this.#statements.get('DELETE FROM analytics_snapshots WHERE post_key = ?').run(key);
    this.#statements.get('DELETE FROM poll_state WHERE post_key = ?').run(key);
    this.#statements.get('DELETE FROM posts WHERE id = ?').run(row.id);
    return { removed: true, profileRowId: row.profile, removedComments: Number(comments.changes) };
  }
}

/** A post's publication (decision 0051): its service post id, else (made outside the service) its own post key. */
export function publicationKeyOf(platform: Network, socialPostId: string, servicePostId: string | null): string {
  return servicePostId ?? keyOf(platform, socialPostId);
}

export function postKeyOf(post: Pick<PostRecord, 'platform' | 'socialPostId'>): PostKey {
  return keyOf(post.platform, post.socialPostId);
}

function recordOf(row: PostRow): PostRecord {
  return {
    profileId: row.profile_id,
    platform: row.platform,
    socialPostId: row.social_post_id,
    servicePostId: row.service_post_id,
    text: row.text,
    url: row.url,
    created: row.created,
    disableComments: row.disable_comments === 1,
    ...(row.tracked_at !== null ? { trackedAt: row.tracked_at } : {}),
    publicationKey: row.publication_key ?? publicationKeyOf(row.platform, row.social_post_id, row.service_post_id),
    raw: JSON.parse(row.raw) as unknown,
  };
}

/** A time the user tracked the post at, as UTC ISO; anything else is "not tracked". */
function trackedAtOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}
