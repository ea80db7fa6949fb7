// Whether a profile's store copy is whole yet, per inbox kind (issue 27): the first complete fetch of
// its comments (the post lists read completely, then every post's comments once) and of its direct
// messages (every messaging network listed, or refused as a setting of the client, and every listed
// conversation read once). Recorded once in the store (store/firstFetches.ts), so a restart knows;
// before it, an empty view says "fetching", never "Inbox zero". Beside it, whether this start's
// requests have been answered yet (`checked`): until then the store's copy is yesterday's, and the
// status line does not say "Up to date".
import type { InboxItemKind } from '../../../shared/domain/inbox.ts';
import { emitSafely } from './events.ts';
import { storeCall } from './jobFailures.ts';
import type { SyncJobContext } from './syncJobContext.ts';

export interface FirstFetched {
  /** Epoch ms of the first complete fetch of each kind; null before it. */
  comment: number | null;
  conversation: number | null;
}

export interface FetchFacts {
  /** Every post's comments read once after a complete read of the lists. */
  commentsWhole: () => boolean;
  /** Every messaging network's conversations read once (or nothing to read). */
  messagesWhole: () => boolean;
  /** A request of this start has been answered. */
  answered: () => boolean;
}

export class FirstFetchWatch {
  readonly #context: SyncJobContext;
  readonly #facts: FetchFacts;
  #fetched: FirstFetched = { comment: null, conversation: null };
  #checked = false;

  constructor(context: SyncJobContext, facts: FetchFacts) {
    this.#context = context;
    this.#facts = facts;
  }

  /** What the store remembers of earlier starts. */
  load(): void {
    const { store } = this.#context.ports;
    const { profileId } = this.#context.profile;
    this.#fetched = {
      comment: storeCall('read the first fetch', () => store.firstFetchDoneAt(profileId, 'comment')),
      conversation: storeCall('read the first fetch', () => store.firstFetchDoneAt(profileId, 'conversation')),
    };
  }

  get fetched(): FirstFetched {
    return { ...this.#fetched };
  }

  get checked(): boolean {
    return this.#checked;
  }

  /** After a job: records what became whole, and tells the host when anything changed. */
  update(): void {
    const now = this.#context.ports.clock.now();
    let changed = false;
    if (!this.#checked && this.#facts.answered()) {
      this.#checked = true;
      changed = true;
    }
    if (this.#fetched.comment === null && this.#facts.commentsWhole()) changed = this.#record('comment', now) || changed;
    if (this.#fetched.conversation === null && this.#facts.messagesWhole()) changed = this.#record('conversation', now) || changed;
    if (!changed) return;
    const { accountId, profileId } = this.#context.profile;
    emitSafely(this.#context.ports.listener, { type: 'first-fetch', accountId, profileId, fetched: this.fetched, checked: this.#checked });
  }

  #record(kind: InboxItemKind, now: number): boolean {
    const { store } = this.#context.ports;
    const { profileId } = this.#context.profile;
    this.#fetched = { ...this.#fetched, [kind]: now };
    try {
      storeCall('record the first complete fetch', () => store.setFirstFetchDone(profileId, kind, now));
    } catch {
      // Kept in memory for this start; the next start fetches and records it again.
    }
    return true;
  }
}
