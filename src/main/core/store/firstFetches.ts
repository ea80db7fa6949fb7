// When each client profile's first complete fetch of each inbox kind was done (issue 27): every
// post's comments read once after a complete read of the post lists, every conversation of every
// messaging network read once. Kept in the sync's own table (`sync_cursors`), so a restart knows the
// store holds a whole copy and an empty view means "nothing there", not "nothing fetched yet"; a
// store started afresh (recovery) has none, and the views say "fetching" again until it is refilled.
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import type { Statements } from './statements.ts';

const nameOf = (profileId: string, kind: InboxItemKind) => `first-fetch:${profileId}:${kind}`;

export class FirstFetches {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /** Epoch ms of the profile's first complete fetch of `kind`; null when never (or unreadable). */
  doneAt(profileId: string, kind: InboxItemKind): number | null {
    const row = this.#statements.get('SELECT value FROM sync_cursors WHERE name = ?').get(nameOf(profileId, kind)) as { value: string } | undefined;
    const value = Number(row?.value ?? Number.NaN);
    return Number.isFinite(value) && value > 0 ? value : null;
  }

  /** Records it once: a later call keeps the first time. */
  setDone(profileId: string, kind: InboxItemKind, at: number): void {
    this.#statements
      .get('INSERT INTO sync_cursors (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING')
      .run(nameOf(profileId, kind), String(Math.floor(at)));
  }
}
