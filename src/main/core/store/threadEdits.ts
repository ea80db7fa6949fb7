// A client's corrections of the X threads the app detected (tweets grouped or ungrouped by hand),
// one row per profile in `thread_edits` (migration 10). A row that does not read (damaged, a shape
// from another version) counts as no corrections: the threads show as detected, nothing worse.
import { NO_THREAD_EDITS, type ThreadEdits, ThreadEditsSchema } from '../../../shared/domain/twitterThreads.ts';
import { StoreInputError } from './errors.ts';
import type { Statements } from './statements.ts';

export class ThreadEditsTable {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  get(profileId: string): ThreadEdits {
    const row = this.#statements.get('SELECT edits FROM thread_edits WHERE profile_id = ?').get(profileId) as { edits: string } | undefined;
    if (row === undefined) return NO_THREAD_EDITS;
    try {
      const parsed = ThreadEditsSchema.safeParse(JSON.parse(row.edits));
      return parsed.success ? parsed.data : NO_THREAD_EDITS;
    } catch {
      return NO_THREAD_EDITS;
    }
  }

  set(profileId: string, edits: ThreadEdits): void {
    const parsed = ThreadEditsSchema.safeParse(edits);
    if (!parsed.success) throw new StoreInputError(`Thread corrections of ${profileId} do not read: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    this.#statements
      .get('INSERT INTO thread_edits (profile_id, edits) VALUES (?, ?) ON CONFLICT (profile_id) DO UPDATE SET edits = excluded.edits')
      .run(profileId, JSON.stringify(parsed.data));
  }
}
