// What a device believes of the profiles' leases (decision 0064): a lease's `until` is believed at
// most MAX_LEASE_MS plus LEASE_SLACK_MS beyond the moment this device first saw that revision of it
// (a member could write `until: 9e15` and be followed for ever), and the holders each profile had,
// one term after the other, so that a `content:` document is taken only from the device that held
// its profile's lease when it was written. "When it was written" is the document's own `at`, stamped
// by the same clock that stamped the lease it wrote under (the holder's), so no other device's skew
// enters the comparison. The terms are kept on this device only (`_local/`, never replicated), so a
// restart remembers who held what before.
import type { ContentDoc, LeaseDoc } from '../../../shared/domain/teamDocuments.ts';
import { contentDocId } from './teamDocuments.ts';

/** The longest lease a device takes (ProfileSync's default: three hot poll intervals of 30 s). */
export const MAX_LEASE_MS = 90_000;
/** Room for the clocks of two devices to differ, beyond the lease's own length. */
export const LEASE_SLACK_MS = 60_000;
/** A content document's `at` may stray this far outside its author's term (rounding, a renewal in flight). */
const TERM_TOLERANCE_MS = 5_000;
/** Terms remembered per profile: the oldest go first. */
const MAX_TERMS_PER_SCOPE = 50;

export interface LeaseTerm {
  holder: string;
  device: string;
  /** From when it held the lease: the end of the term before (null: the first this device knows of, believed back to the start). */
  from: number | null;
  /** Until when, as believed (never more than MAX_LEASE_MS + LEASE_SLACK_MS beyond when it was seen). */
  until: number;
}

/** Whether a content document's author held its profile's lease when it was written. */
export type Authorship = 'holder' | 'not-holder' | 'not-yet-known';

export interface LeaseTermsState {
  terms: Record<string, LeaseTerm[]>;
}

export class LeaseTerms {
  readonly #now: () => number;
  readonly #terms = new Map<string, LeaseTerm[]>();
  /** Per lease revision (`scope@rev`): the `until` believed when it was first seen. */
  readonly #believed = new Map<string, number>();

  constructor(now: () => number, saved: LeaseTermsState | null = null) {
    this.#now = now;
    for (const [scope, terms] of Object.entries(saved?.terms ?? {})) if (Array.isArray(terms)) this.#terms.set(scope, terms.filter(isTerm));
  }

  /** What is kept across restarts. */
  state(): LeaseTermsState {
    return { terms: Object.fromEntries(this.#terms) };
  }

  /** The `until` of a lease as this device believes it: never further than one lease and the slack beyond when this revision was first seen. */
  believedUntil(lease: Pick<LeaseDoc, '_id' | '_rev' | 'until'>): number {
    const key = `${lease._id}@${lease._rev ?? ''}`;
    let cap = this.#believed.get(key);
    if (cap === undefined) {
      cap = Math.floor(this.#now()) + MAX_LEASE_MS + LEASE_SLACK_MS;
      if (this.#believed.size > 10_000) this.#believed.clear();
      this.#believed.set(key, cap);
    }
    return Math.min(lease.until, cap);
  }

  /** Takes in a lease (replicated, read from the server, or taken here); true when the terms changed. */
  observe(lease: LeaseDoc): boolean {
    const scope = lease._id.slice('lease:'.length);
    return this.#observe(scope, lease.holder, lease.device, this.believedUntil(lease));
  }

  /** A lease this device took or renewed itself (its until is its own clock's). */
  observeOwn(scope: string, holder: string, device: string, until: number): boolean {
    return this.#observe(scope, holder, device, until);
  }

  #observe(scope: string, holder: string, device: string, until: number): boolean {
    const terms = this.#terms.get(scope) ?? [];
    const last = terms.at(-1);
    if (last?.holder === holder && last.device === device) {
      if (until <= last.until) return false;
      last.until = until;
    } else {
      // Another holder can only have taken it once the one before ran out: its term starts there.
      terms.push({ holder, device, from: last ? last.until : null, until });
      if (terms.length > MAX_TERMS_PER_SCOPE) terms.splice(0, terms.length - MAX_TERMS_PER_SCOPE);
    }
    this.#terms.set(scope, terms);
    return true;
  }

  /**
   * Whether the content's author held the lease of its scope at its `at`: 'not-yet-known' when no
   * term of that scope reaches that far yet (the lease may arrive after the content it covers).
   */
  authorship(doc: ContentDoc): Authorship {
    // The id's stamp is the author's: its time and device are the document's.
    if (!doc._id.startsWith(contentDocId(doc.scope, `${String(doc.at).padStart(15, '0')}.`)) || !doc._id.endsWith(`.${doc.device}`)) return 'not-holder';
    const terms = this.#terms.get(doc.scope) ?? [];
    for (const term of terms) {
      if (term.holder !== doc.who || term.device !== doc.device) continue;
      if ((term.from === null || doc.at >= term.from - TERM_TOLERANCE_MS) && doc.at <= term.until + TERM_TOLERANCE_MS) return 'holder';
    }
    const last = terms.at(-1);
    return last === undefined || doc.at > last.until + TERM_TOLERANCE_MS ? 'not-yet-known' : 'not-holder';
  }
}

function isTerm(value: unknown): value is LeaseTerm {
  if (typeof value !== 'object' || value === null) return false;
  const term = value as Record<string, unknown>;
  return (
    typeof term.holder === 'string' &&
    typeof term.device === 'string' &&
    typeof term.until === 'number' &&
    (term.from === null || typeof term.from === 'number')
  );
}
