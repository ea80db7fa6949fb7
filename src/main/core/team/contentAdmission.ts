// Which replicated `content:` documents a device takes into its store (decision 0064): only those
// whose author held the profile's lease when it wrote them (leaseTerms.ts). One whose lease has not
// arrived yet (a renewal replicates after the content written under the revision it replaced) waits
// here, bounded, until a lease decides it or the replication is up to date; then it is refused.
// A refused one never reaches the store and is listed for Settings → Team.
import type PouchDB from 'pouchdb';
import type { ContentDoc } from '../../../shared/domain/teamDocuments.ts';
import { type LeaseTerms, type LeaseTermsState } from './leaseTerms.ts';
import { TeamDocumentRefused } from './teamErrors.ts';

/** Content documents waiting for their lease: beyond this many the oldest is refused. */
const MAX_WAITING = 2_000;
/** The remembered terms are written to the device's copy at most this often. */
const SAVE_EVERY_MS = 5_000;
const LEASE_TERMS_ID = '_local/lease-terms';

export class ContentAdmission {
  readonly #leases: LeaseTerms;
  readonly #refuse: (error: TeamDocumentRefused) => void;
  readonly #termsChanged: () => void;
  readonly #waiting = new Map<string, ContentDoc>();
  #admitted: ContentDoc[] = [];

  constructor(leases: LeaseTerms, refuse: (error: TeamDocumentRefused) => void, termsChanged: () => void) {
    this.#leases = leases;
    this.#refuse = refuse;
    this.#termsChanged = termsChanged;
  }

  /** A content document from another device, as it arrived. */
  offer(doc: ContentDoc): void {
    const authorship = this.#leases.authorship(doc);
    if (authorship === 'holder') this.#admitted.push(doc);
    else if (authorship === 'not-holder') this.#refuseOne(doc);
    else {
      this.#waiting.set(doc._id, doc);
      if (this.#waiting.size > MAX_WAITING) {
        const [oldest] = this.#waiting.values();
        if (oldest) {
          this.#waiting.delete(oldest._id);
          this.#refuseOne(oldest);
        }
      }
    }
  }

  /** A lease changed what is known: the waiting ones it decides are taken or refused. */
  leasesChanged(): void {
    this.#termsChanged();
    for (const doc of [...this.#waiting.values()]) {
      const authorship = this.#leases.authorship(doc);
      if (authorship === 'not-yet-known') continue;
      this.#waiting.delete(doc._id);
      if (authorship === 'holder') this.#admitted.push(doc);
      else this.#refuseOne(doc);
    }
  }

  /** The replication is up to date: what still waits had no lease behind it. How many were refused. */
  settle(): number {
    const left = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const doc of left) this.#refuseOne(doc);
    return left.length;
  }

  /** The documents taken since the last call, in the order they were taken. */
  admitted(): ContentDoc[] {
    const docs = this.#admitted;
    this.#admitted = [];
    return docs;
  }

  #refuseOne(doc: ContentDoc): void {
    this.#refuse(
      new TeamDocumentRefused(doc._id, 'its device did not poll that client when it was written.', { scope: doc.scope, who: doc.who, device: doc.device }),
    );
  }
}

/** The lease terms this device remembered before it last stopped (null: none, or unreadable). */
export async function readLeaseTerms(local: PouchDB.Database): Promise<LeaseTermsState | null> {
  try {
    const doc = (await local.get(LEASE_TERMS_ID)) as unknown as { terms?: unknown };
    return typeof doc.terms === 'object' && doc.terms !== null ? { terms: doc.terms as LeaseTermsState['terms'] } : null;
  } catch {
    return null;
  }
}

const saving = new WeakMap<PouchDB.Database, { timer: NodeJS.Timeout | null; chain: Promise<void> }>();

/** Writes the terms to the device's copy (never replicated), at most every few seconds. */
export function saveLeaseTerms(local: PouchDB.Database, leases: LeaseTerms): void {
  let state = saving.get(local);
  if (!state) saving.set(local, (state = { timer: null, chain: Promise.resolve() }));
  if (state.timer !== null) return;
  const current = state;
  current.timer = setTimeout(() => {
    current.timer = null;
    current.chain = current.chain.then(() => writeTerms(local, leases));
  }, SAVE_EVERY_MS);
  current.timer.unref();
}

/** Writes what waits to be written now (the workspace is closing). */
export async function flushLeaseTerms(local: PouchDB.Database, leases: LeaseTerms): Promise<void> {
  const state = saving.get(local);
  if (state?.timer == null) return;
  clearTimeout(state.timer);
  state.timer = null;
  await state.chain;
  await writeTerms(local, leases);
}

async function writeTerms(local: PouchDB.Database, leases: LeaseTerms): Promise<void> {
  try {
    const existing = await local.get(LEASE_TERMS_ID).catch(() => null);
    await local.put({ _id: LEASE_TERMS_ID, ...(existing ? { _rev: existing._rev } : {}), ...leases.state() });
  } catch {
    // Only a memory across restarts: the leases on the server are read again.
  }
}
