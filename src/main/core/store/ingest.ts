// Merges comments as the sync fetched them. Idempotent by construction: a known comment is
// compared field by field and written only when something differs, so the same answer twice
// writes nothing; the local triage row is created once, with the comment, and never touched here.
import { firstIdOf, SEQUENCE_LIMIT } from './commentIds.ts';
import { type CleanComment, checkComment } from './commentInput.ts';
import { StoreInputError } from './errors.ts';
import { COMMENT_KIND } from './itemKinds.ts';
import type { ItemStates } from './itemStates.ts';
import { jsonList } from './itemStateRows.ts';
import { keyOf } from './keys.ts';
import type { ProfileTable } from './profiles.ts';
import type { RepliedFlags } from './repliedFlags.ts';
import type { Statements } from './statements.ts';
import type { CommentInput, IngestResult } from './types.ts';

interface StoredComment {
  id: number;
  profile_id: number;
  service_comment_id: string | null;
  author_id: string;
  author_name: string;
  text: string;
  like_count: number;
  hidden: number;
  by_account: number;
  comment_urn: string | null;
  video_id: string | null;
  cid: string | null;
  raw: string;
}

export class CommentIngest {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;
  readonly #replied: RepliedFlags;
  readonly #states: ItemStates;
  /** Told of each profile and network that gets its first comment (the inbox keeps that list). */
  readonly #onPartition: (profileRowId: number, platform: string) => void;

  constructor(
    statements: Statements,
    profiles: ProfileTable,
    replied: RepliedFlags,
    states: ItemStates,
    onPartition: (profileRowId: number, platform: string) => void,
  ) {
    this.#statements = statements;
    this.#profiles = profiles;
    this.#replied = replied;
    this.#states = states;
    this.#onPartition = onPartition;
  }

  /** Call inside a transaction. */
  ingest(profileId: string, comments: readonly CommentInput[]): IngestResult {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) throw new StoreInputError(`Comments for unknown profile ${profileId}; store the profile first`);
    const result: IngestResult = { inserted: [], updated: 0, unchanged: 0, rejected: [] };
    const perPost = new Map<string, { added: number; newest: string }>();
    /** The networks the batch added comments on. */
    const added = new Set<string>();
    // A comment listed twice in one answer: the last listing counts.
    const latest = new Map<string, CleanComment>();
    for (const input of comments) {
      const checked = checkComment(input);
      if (checked.ok) {
        const key = keyOf(checked.comment.platform, checked.comment.socialCommentId);
        latest.delete(key);
        latest.set(key, checked.comment);
      } else {
        result.rejected.push({ key: checked.key, reason: checked.reason });
      }
    }
    // Oldest first, so new ids ascend within the batch: FTS5 writes less when row ids ascend
    // within a transaction, and appending keeps the tables' pages together.
    // Each comment with its key, made once here and carried through the batch.
    const clean = [...latest].sort(([, a], [, b]) => a.second - b.second);
    // The counters' rows exist before the first insert: a trigger may move them mid-batch (a
    // parent stored earlier marked replied), and the batch's own additions come at its end.
    const counted = this.#statements.get(`INSERT OR IGNORE INTO inbox_counts (profile_id, platform, kind) VALUES (?, ?, ${COMMENT_KIND})`);
    for (const platform of new Set(clean.map(([, comment]) => comment.platform))) counted.run(profile.rowId, platform);
    // One look-up per batch for what is known already, and one for replies stored before their
    // parent (each row's own look-ups cost more in statement calls than in SQLite).
    const refs = jsonList(clean.map(([, comment]) => [comment.platform, comment.socialCommentId]));
    const known = new Map(
      (
        this.#statements
          .get(
            `SELECT c.id, c.profile_id, c.platform, c.social_comment_id, c.service_comment_id, c.author_id, c.author_name, c.text,
               c.like_count, c.hidden, c.by_account, c.comment_urn, c.video_id, c.cid, c.raw
             FROM json_each(?) j JOIN comments c ON c.platform = j.value ->> 0 AND c.social_comment_id = j.value ->> 1`,
          )
          .all(refs) as unknown as (StoredComment & { platform: string; social_comment_id: string })[]
      ).map((row) => [keyOf(row.platform as CleanComment['platform'], row.social_comment_id), row]),
    );
    // Replies stored before this batch under its comments: the account's mark their parent
    // answered; any whose parent was not stored yet (parent_id NULL) gets its row id below, once
    // the parent is in (migration 16).
    const below = this.#statements
      .get(
        `SELECT c.id, c.platform, c.parent_social_comment_id AS parent, c.by_account AS mine, c.parent_id IS NULL AS orphan
         FROM json_each(?) j JOIN comments c ON c.platform = j.value ->> 0 AND c.parent_social_comment_id = j.value ->> 1
         WHERE c.by_account = 1 OR c.parent_id IS NULL`,
      )
      .all(refs) as { id: number; platform: string; parent: string; mine: number; orphan: number }[];
    const answered = new Set(below.filter((row) => row.mine === 1).map((row) => `${row.platform}:${row.parent}`));
    const orphans = below.filter((row) => row.orphan === 1).map((row) => row.id);
    // Each second's next free id, found for the whole batch in one statement. Looked up in the inbox,
    // not in comments: conversations take their row ids from the same space (migration 6).
    const nextIds = new Map<number, number>();
    const seconds = [...new Set(clean.filter(([key]) => !known.has(key)).map(([, comment]) => comment.second))];
    const lastIds = this.#statements
      .get(
        `SELECT j.value AS second, (SELECT max(id) FROM inbox WHERE id >= j.value * ${SEQUENCE_LIMIT} AND id < (j.value + 1) * ${SEQUENCE_LIMIT}) AS last
         FROM json_each(?) j`,
      )
      .all(JSON.stringify(seconds)) as { second: number; last: number | null }[];
    for (const { second, last } of lastIds) nextIds.set(second, last === null ? firstIdOf(second) : last + 1);
    const newIds: number[] = [];
    /** The batch's new replies: their parent may have come later in the batch. */
    const newReplies: number[] = [];
    const started: { key: string; unread: boolean }[] = [];
    for (const [key, comment] of clean) {
      const mine = profile.record.networks[comment.platform]?.id === comment.authorId ? 1 : 0;
      const stored = known.get(key);
      if (stored === undefined) {
        const inserted = this.#insert(profile.rowId, key, comment, mine, answered, nextIds);
        if (inserted === null) {
          result.rejected.push({ key, reason: 'too many comments in one second' });
          continue;
        }
        result.inserted.push(key);
        newIds.push(inserted);
        if (comment.parent !== null) newReplies.push(inserted);
        started.push({ key, unread: mine === 0 });
        added.add(comment.platform);
        const postKey = keyOf(comment.platform, comment.socialPostId);
        const post = perPost.get(postKey);
        if (post === undefined) perPost.set(postKey, { added: 1, newest: comment.created });
        else {
          post.added += 1;
          if (comment.created > post.newest) post.newest = comment.created;
        }
      } else if (this.#update(stored, comment, mine)) {
        result.updated += 1;
      } else {
        result.unchanged += 1;
      }
    }
    const count = this.#statements.get(
      `INSERT INTO poll_state (post_key, comment_count, last_comment_at) VALUES (?, ?, ?)
       ON CONFLICT (post_key) DO UPDATE SET comment_count = comment_count + excluded.comment_count,
         last_comment_at = max(coalesce(last_comment_at, ''), excluded.last_comment_at)`,
    );
    for (const [postKey, post] of perPost) count.run(postKey, post.added, post.newest);
    for (const platform of added) this.#onPartition(profile.rowId, platform);
    this.#linkParents([...orphans, ...newReplies]);
    this.#projectNew(newIds, started);
    this.#indexNew(newIds);
    return result;
  }

  /**
   * The batch's new comments enter the inbox projection, its counters and their first item state,
   * one statement each for the whole batch (decision 0076), read from the comment rows just
   * written: their flags are final by then (a reply by the account later in the batch marked its
   * parent already). The account's own comments are read already: nobody needs to be told about them.
   */
  #projectNew(ids: number[], started: { key: string; unread: boolean }[]): void {
    if (ids.length === 0) return;
    const list = JSON.stringify(ids);
    this.#statements
      .get(
        // publication_key: the post's publication (decision 0051); its post key while the post is not stored yet.
        `INSERT INTO inbox (id, profile_id, platform, by_account, hidden, replied, unread, done, snoozed_until, publication_key)
         SELECT c.id, c.profile_id, c.platform, c.by_account, c.hidden, c.replied, 1 - c.by_account, 0, NULL,
           coalesce((SELECT p.publication_key FROM posts p WHERE p.platform = c.platform AND p.social_post_id = c.social_post_id),
             c.platform || ':' || c.social_post_id)
         FROM json_each(?) j CROSS JOIN comments c ON c.id = j.value`,
      )
      .run(list);
    this.#statements
      .get(
        `INSERT INTO inbox_counts (profile_id, platform, kind, all_rows, unread, open, done, hidden)
         SELECT i.profile_id, i.platform, ${COMMENT_KIND}, count(*), sum(i.unread),
           sum(i.by_account = 0 AND i.hidden = 0 AND i.replied = 0), 0, sum(i.hidden)
         FROM json_each(?) j CROSS JOIN inbox i ON i.id = j.value GROUP BY i.profile_id, i.platform
         ON CONFLICT (profile_id, platform, kind) DO UPDATE SET all_rows = all_rows + excluded.all_rows, unread = unread + excluded.unread,
           open = open + excluded.open, hidden = hidden + excluded.hidden`,
      )
      .run(list);
    this.#states.start(started);
  }

  /**
   * Replies whose parent came after them (in a later batch, or later in this one) get its row id
   * now, one statement for the batch; a reply whose parent was stored before it got it in its insert.
   */
  #linkParents(ids: number[]): void {
    if (ids.length === 0) return;
    this.#statements
      .get(
        `UPDATE comments SET parent_id = p.id FROM comments p
         WHERE comments.id IN (SELECT value FROM json_each(?)) AND comments.parent_id IS NULL
           AND p.platform = comments.platform AND p.social_comment_id = comments.parent_social_comment_id`,
      )
      .run(JSON.stringify(ids));
  }

  /**
   * The full-text rows of a batch's new comments, in one statement (no trigger: see migration 5).
   * The ids ascend (the batch is sorted by time), which FTS5 appends without reordering.
   */
  #indexNew(ids: number[]): void {
    if (ids.length === 0) return;
    this.#statements
      .get(
        `INSERT INTO comments_fts (rowid, text, author_name)
         SELECT c.id, c.text, c.author_name FROM json_each(?) j CROSS JOIN comments c ON c.id = j.value`,
      )
      .run(JSON.stringify(ids));
  }

  /**
   * `answered`: keys of comments the account answered (a direct reply by it),
   * stored already or earlier in this batch. `nextIds`: each second's next free id in this batch.
   */
  #insert(profileRowId: number, key: string, comment: CleanComment, mine: number, answered: Set<string>, nextIds: Map<number, number>): number | null {
    const id = nextIds.get(comment.second) ?? firstIdOf(comment.second);
    if (id - firstIdOf(comment.second) >= SEQUENCE_LIMIT) return null;
    nextIds.set(comment.second, id + 1);
    const replied = answered.has(key) ? 1 : 0;
    this.#statements
      .get(
        // parent_id: the parent's row id when it is stored already (migration 16; #linkParents otherwise).
        `INSERT INTO comments (id, profile_id, platform, social_comment_id, service_comment_id, social_post_id,
           parent_social_comment_id, author_id, author_name, text, created, like_count, hidden, by_account, replied,
           comment_urn, video_id, cid, raw, parent_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
           (SELECT p.id FROM comments p WHERE p.platform = ?3 AND p.social_comment_id = ?7))`,
      )
      .run(
        id,
        profileRowId,
        comment.platform,
        comment.socialCommentId,
        comment.serviceCommentId,
        comment.socialPostId,
        comment.parent,
        comment.authorId,
        comment.authorName,
        comment.text,
        comment.created,
        comment.likeCount,
        comment.hidden ? 1 : 0,
        mine,
        replied,
        comment.commentUrn,
        comment.videoId,
        comment.cid,
        comment.raw,
      );
    if (mine === 1) {
      // The comment this one answers, and only it (repliedFlags.ts).
      this.#replied.markParent(comment.platform, comment.parent);
      // The parent may come later in this batch: it will know it was answered.
      if (comment.parent !== null) answered.add(keyOf(comment.platform, comment.parent));
    }
    return id;
  }

  /**
   * What the network may change about a known comment: its text (edited), likes, hidden flag,
   * author name, ids learnt later. Its time, post and parent are its identity here and stay.
   * An id learnt once is not forgotten because a later answer leaves it out.
   */
  #update(stored: StoredComment, comment: CleanComment, mine: number): boolean {
    const next = {
      service_comment_id: comment.serviceCommentId ?? stored.service_comment_id,
      author_id: comment.authorId,
      author_name: comment.authorName,
      text: comment.text,
      like_count: comment.likeCount,
      hidden: comment.hidden ? 1 : 0,
      by_account: mine,
      comment_urn: comment.commentUrn ?? stored.comment_urn,
      video_id: comment.videoId ?? stored.video_id,
      cid: comment.cid ?? stored.cid,
      raw: comment.raw,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== stored[field]);
    if (!changed) return false;
    this.#statements
      .get(
        `UPDATE comments SET service_comment_id = ?, author_id = ?, author_name = ?, text = ?, like_count = ?, hidden = ?,
           by_account = ?, comment_urn = ?, video_id = ?, cid = ?, raw = ? WHERE id = ?`,
      )
      .run(
        next.service_comment_id,
        next.author_id,
        next.author_name,
        next.text,
        next.like_count,
        next.hidden,
        next.by_account,
        next.comment_urn,
        next.video_id,
        next.cid,
        next.raw,
        stored.id,
      );
    if (next.by_account === 1 && stored.by_account === 0) {
      const parent = this.#statements.get('SELECT platform, parent_social_comment_id AS parent FROM comments WHERE id = ?').get(stored.id) as {
        platform: string;
        parent: string | null;
      };
      this.#replied.markParent(parent.platform, parent.parent);
    } else if (next.by_account === 0 && stored.by_account === 1) {
      // Flags can only be taken back by looking at the whole profile again.
      this.#replied.recompute(stored.profile_id);
    }
    return true;
  }
}
