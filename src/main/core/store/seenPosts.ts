// What the user last saw on each post's metric panel, for "since you last looked": one short row
// per post looked at, in `seen_posts` (migration 10; before, a row of the key-value table). A value that does not
// parse (a damaged row, a shape from another version) reads as "never looked": the panel then shows
// no change, nothing worse.
import { PostSeenSchema, type PostSeen } from '../../../shared/domain/posts.ts';
import { StoreInputError } from './errors.ts';
import type { Statements } from './statements.ts';
import type { PostKey } from './types.ts';

export class SeenPosts {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  get(key: PostKey): PostSeen | null {
    const row = this.#statements.get('SELECT seen AS value FROM seen_posts WHERE post_key = ?').get(String(key)) as { value: string } | undefined;
    if (row === undefined) return null;
    try {
      const parsed = PostSeenSchema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** The post is gone (no longer tracked): its last look goes with it. */
  forget(key: PostKey): void {
    this.#statements.get('DELETE FROM seen_posts WHERE post_key = ?').run(String(key));
  }

  set(key: PostKey, seen: PostSeen): void {
    const parsed = PostSeenSchema.safeParse(seen);
    if (!parsed.success) throw new StoreInputError(`What was seen of ${String(key)} is not a look: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    if (`${parsed.data.snapshot.platform}:${parsed.data.snapshot.socialPostId}` !== String(key)) {
      throw new StoreInputError(`The snapshot seen is not one of ${String(key)}`);
    }
    this.#statements
      .get('INSERT INTO seen_posts (post_key, seen) VALUES (?, ?) ON CONFLICT (post_key) DO UPDATE SET seen = excluded.seen')
      .run(String(key), JSON.stringify(parsed.data));
  }
}
