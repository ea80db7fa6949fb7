// Which replicated `content:` documents a device takes into its store (decision 0064): only those
// whose author held the profile's lease when it wrote them (leaseTerms.ts). One whose lease has not
// arrived yet (a renewal replicates after the content written under the revision it replaced) waits
// here, bounded, until a lease decides it or the replication is up to date; then it is refused.
// A refused one never reaches the store and is listed for Settings → Team.
import type { ContentDoc } from '../../../shared/domain/teamDocuments.ts';
import type { LeaseTerms } from './leaseTerms.ts';
import { TeamDocumentRefused } from './teamErrors.ts';

/** Content documents waiting for their lease: beyond this many the oldest is refused. */
const MAX_WAITING = 2_000;

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
