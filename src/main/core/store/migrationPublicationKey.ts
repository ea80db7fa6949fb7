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
// - inbox.publication_key is the comment's post's key (NULL on conversations: they are on no post).
//   A comment can arrive before its post: it then has its post key, and the post's arrival (or a
//   service id learnt later) carries the publication's key to its comments by trigger, as the other
//   projection columns are carried, so no write path can forget it.
// - comments_of_post finds a post's comments for that trigger (also the tracked post's removal).
import type { Migration } from './migration.ts';

/** The publication of a post row, in SQL over its own columns (`p` names the posts row). */
export const PUBLICATION_KEY_SQL = (p: string): string => `coalesce(${p}.service_post_id, ${p}.platform || ':' || ${p}.social_post_id)`;

/** A comment's publication: its post's key, else (post not stored yet) its post key. `c` names the comments row. */
const COMMENT_PUBLICATION_SQL = (c: string): string =>
  `coalesce((SELECT p.publication_key FROM posts p WHERE p.platform = ${c}.platform AND p.social_post_id = ${c}.social_post_id), ${c}.platform || ':' || ${c}.social_post_id)`;

export const publicationKey: Migration = {
  version: 9,
  name: 'publication key: one post sent to several networks, on posts and on the inbox projection',
  up(db) {
    db.exec(`
      ALTER TABLE posts ADD COLUMN publication_key TEXT;
      UPDATE posts SET publication_key = ${PUBLICATION_KEY_SQL('posts')};
      CREATE INDEX posts_by_publication ON posts(publication_key);

      CREATE INDEX comments_of_post ON comments(platform, social_post_id);

      ALTER TABLE inbox ADD COLUMN publication_key TEXT;
      UPDATE inbox SET publication_key = (SELECT ${COMMENT_PUBLICATION_SQL('c')} FROM comments c WHERE c.id = inbox.id) WHERE kind = 0;

      CREATE TRIGGER comment_enters_publication AFTER INSERT ON inbox WHEN new.kind = 0 BEGIN
        UPDATE inbox SET publication_key = (SELECT ${COMMENT_PUBLICATION_SQL('c')} FROM comments c WHERE c.id = new.id) WHERE id = new.id;
      END;
      CREATE TRIGGER post_publication_reaches_inbox AFTER INSERT ON posts BEGIN
        UPDATE inbox SET publication_key = new.publication_key
        WHERE id IN (SELECT id FROM comments WHERE platform = new.platform AND social_post_id = new.social_post_id)
          AND publication_key IS NOT new.publication_key;
      END;
      CREATE TRIGGER changed_publication_reaches_inbox AFTER UPDATE OF publication_key ON posts
      WHEN old.publication_key IS NOT new.publication_key BEGIN
        UPDATE inbox SET publication_key = new.publication_key
        WHERE id IN (SELECT id FROM comments WHERE platform = new.platform AND social_post_id = new.social_post_id);
      END;
    `);
  },
};
