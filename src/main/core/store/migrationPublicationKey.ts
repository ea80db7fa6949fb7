// Migration 9: the publication key. One post made through the service and sent to several networks
// is one publication: each network's post row carries the same service post id. The key ties them
// together on the posts table and on the inbox projection, so the Posts view, the metric panel,
// "Group by post" and the report's top posts can show a cross-posted post once (decision 0051).
//
// - A post's key is its service post id; a post without one (made on the network itself, tracked
//   by hand) is a publication of its own, keyed by its post key (`platform:socialPostId`). The
//   service's ids are opaque words of letters and digits (service-api.md, field `id`); a post key
//   starts with a network's name and a colon, so in practice the two cannot meet.
// - posts.publication_key is written by the posts' upsert (posts.ts), which also learns a service id
//   later; this step backfills the rows already there.
// - inbox.publication_key is the comment's post's key (NULL on conversations: they are on no post),
//   written by ingest with the row (ingest.ts). A comment can arrive before its post: it then has
//   its post key, and the post's arrival (or a service id learnt later) carries the publication's
//   key to its comments by trigger, as the projection's other columns are carried.
// - Those triggers find a post's comments through comments_by_post (migration 8: the comments by
//   others) and comments_by_post_own (here: the account's own, a small share), rather than one more
//   index over every comment that each ingest would pay for.
import type { Migration } from './migration.ts';

/** The publication of a post row, in SQL over its own columns (`p` names the posts row). */
export const PUBLICATION_KEY_SQL = (p: string): string => `coalesce(${p}.service_post_id, ${p}.platform || ':' || ${p}.social_post_id)`;

/** A comment's publication: its post's key, else (post not stored yet) its post key. `c` names the comments row. */
const COMMENT_PUBLICATION_SQL = (c: string): string =>
  `coalesce((SELECT p.publication_key FROM posts p WHERE p.platform = ${c}.platform AND p.social_post_id = ${c}.social_post_id), ${c}.platform || ':' || ${c}.social_post_id)`;

/** The ids of the comments on the post `new` (a posts row), through the two partial indexes. */
const COMMENTS_OF_POST = `
  SELECT id FROM comments INDEXED BY comments_by_post
    WHERE profile_id = new.profile_id AND platform = new.platform AND social_post_id = new.social_post_id AND by_account = 0
  UNION ALL
  SELECT id FROM comments INDEXED BY comments_by_post_own
    WHERE profile_id = new.profile_id AND platform = new.platform AND social_post_id = new.social_post_id AND by_account = 1`;

export const publicationKey: Migration = {
  version: 9,
  name: 'publication key: one post sent to several networks, on posts and on the inbox projection',
  up(db) {
    db.exec(`
      ALTER TABLE posts ADD COLUMN publication_key TEXT;
      UPDATE posts SET publication_key = ${PUBLICATION_KEY_SQL('posts')};
      CREATE INDEX posts_by_publication ON posts(publication_key);

      CREATE INDEX comments_by_post_own ON comments(profile_id, platform, social_post_id) WHERE by_account = 1;

      ALTER TABLE inbox ADD COLUMN publication_key TEXT;
      UPDATE inbox SET publication_key = (SELECT ${COMMENT_PUBLICATION_SQL('c')} FROM comments c WHERE c.id = inbox.id) WHERE kind = 0;

      CREATE TRIGGER post_publication_reaches_inbox AFTER INSERT ON posts BEGIN
        UPDATE inbox SET publication_key = new.publication_key
        WHERE id IN (${COMMENTS_OF_POST})
          AND publication_key IS NOT new.publication_key;
      END;
      CREATE TRIGGER changed_publication_reaches_inbox AFTER UPDATE OF publication_key ON posts
      WHEN old.publication_key IS NOT new.publication_key BEGIN
        UPDATE inbox SET publication_key = new.publication_key WHERE id IN (${COMMENTS_OF_POST});
      END;
    `);
  },
};
