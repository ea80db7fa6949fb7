// The tray's count and the sidebar's counts follow every change: many changes in one turn of the
// event loop (a sync batch, a bulk triage) become one read of the counts and one event.
import type { InboxCounts } from '../../../shared/domain/inbox.ts';

export class UnreadWatch {
  readonly #read: () => InboxCounts | null;
  readonly #emit: (counts: InboxCounts) => void;
  readonly #listeners = new Set<(total: number) => void>();
  #scheduled: NodeJS.Immediate | null = null;
  #closed = false;
  #lastTotal: number | null = null;

  constructor(read: () => InboxCounts | null, emit: (counts: InboxCounts) => void) {
    this.#read = read;
    this.#emit = emit;
  }

  total(): number {
    return this.#read()?.total.unread ?? 0;
  }

  onTotal(listener: (total: number) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  changed(): void {
    if (this.#closed || this.#scheduled !== null) return;
    this.#scheduled = setImmediate(() => {
      this.#scheduled = null;
      if (this.#closed) return;
      let counts: InboxCounts | null;
      try {
        counts = this.#read();
      } catch {
        return;
      }
      if (counts === null) return;
      this.#emit(counts);
      if (counts.total.unread !== this.#lastTotal) {
        this.#lastTotal = counts.total.unread;
        for (const listener of [...this.#listeners]) {
          try {
            listener(counts.total.unread);
          } catch {
            // The host's problem.
          }
        }
      }
    });
  }

  close(): void {
    this.#closed = true;
    if (this.#scheduled !== null) clearImmediate(this.#scheduled);
    this.#scheduled = null;
  }
}

/**
 * "The counts may have changed", said by the services that change them (triage, deletion) and
 * heard by the watch, which reads the counts through the inbox service: built before both, it
 * breaks that circle without a reference filled in later.
 */
export class CountsChanged {
  readonly #listeners: (() => void)[] = [];

  listen(listener: () => void): void {
    this.#listeners.push(listener);
  }

  tell(): void {
    for (const listener of this.#listeners) listener();
  }
}
