// The account's record of this start: whether any of its profiles' requests got the answer it asked
// for (issue 27: the status line is not "Up to date" before that). One per AccountSync, so a restart
// starts unchecked.

/**
 * Whether a request of this start, by any profile of the account, got the answer it asked for. A
 * quiet client (nothing of it due for minutes after a restart) is checked through its account's
 * others: same service, same key.
 */
export class StartCheck {
  #done = false;
  readonly #listeners = new Set<() => void>();

  get done(): boolean {
    return this.#done;
  }

  mark(): void {
    if (this.#done) return;
    this.#done = true;
    for (const listener of this.#listeners) listener();
  }

  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
