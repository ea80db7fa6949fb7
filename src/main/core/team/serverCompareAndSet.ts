// What must be decided by the server itself, never by a local copy: claims (who answers a comment
// or a conversation turn) and leases (which device polls a profile). Both are written straight to
// the server's database, where a new document id is create-or-conflict on a single node; a device
// that cannot reach the server learns "unknown" and must hold, never write the claim offline.
import { ClaimDocSchema, LeaseDocSchema } from '../../../shared/domain/teamDocuments.ts';
import { claimDocId, leaseDocId } from './teamDocuments.ts';

export type ClaimResult =
  /** `earlier`: the claim was this device's already (taken before, its answer maybe lost), not written now. */
  | { status: 'won'; at: number; earlier?: true }
  | { status: 'held'; who: string; device: string; at: number }
  /**
   * A claim is there but cannot be read (fields missing or wrong: a member wrote it by hand, or a
   * server let it through). It is someone's: held, never "the server cannot be asked". `who` when
   * even that much is readable.
   */
  | { status: 'unreadable'; who: string | null }
  /** The server could not be asked (offline, or it did not answer): hold the send. */
  | { status: 'unknown' };

export type LeaseResult =
  { status: 'held-by-me'; until: number } | { status: 'held-by-other'; holder: string; device: string; until: number } | { status: 'unknown' };

export interface Me {
  member: string;
  device: string;
  now: () => number;
}

function statusOf(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/** Reads a document from the server: the document, null when there is none, or 'unknown' when the server could not be asked. */
async function readRemote(remote: PouchDB.Database, id: string): Promise<unknown> {
  try {
    return await remote.get(id);
  } catch (error) {
    return statusOf(error) === 404 ? null : 'unknown';
  }
}

/** Takes the claim for `key` (a comment key or a conversation turn's key), or says who holds it. */
export async function claimOnServer(remote: PouchDB.Database, key: string, me: Me): Promise<ClaimResult> {
  const id = claimDocId(key);
  const at = Math.floor(me.now());
  try {
    await remote.put({ _id: id, kind: 'claim', who: me.member, device: me.device, at });
    return { status: 'won', at };
  } catch (error) {
    const status = statusOf(error);
    // 409 on CouchDB; express-pouchdb's validation answers 403 (append-only) first. Either way: read who has it.
    if (status !== 409 && status !== 403) return { status: 'unknown' };
  }
  const existing = await readRemote(remote, id);
  if (existing === 'unknown' || existing === null) return { status: 'unknown' };
  const claim = ClaimDocSchema.safeParse(existing);
  if (!claim.success) return { status: 'unreadable', who: readableWho(existing) };
  // Our own claim, whose answer was lost on the way back, is still ours.
  if (claim.data.who === me.member && claim.data.device === me.device) return { status: 'won', at: claim.data.at, earlier: true };
  return { status: 'held', who: claim.data.who, device: claim.data.device, at: claim.data.at };
}

/** The `who` of a claim that is otherwise unreadable, when it is a name (at most 200 characters, as the schema's). */
function readableWho(doc: unknown): string | null {
  const who = typeof doc === 'object' && doc !== null && 'who' in doc ? doc.who : null;
  return typeof who === 'string' && who.trim() !== '' && who.length <= 200 ? who : null;
}

/**
 * Takes or renews the lease on `profileId` for `durationMs`: free, expired, or already ours. A
 * lease another device holds and renews stays theirs; one it stopped renewing is taken over.
 * Expiry compares this device's clock with the holder's, so the duration should dwarf clock skew.
 * `believe` bounds another holder's `until` (leaseTerms.ts): a lease written to last for ever is
 * believed only one lease length and the slack beyond when this device first saw it.
 */
export async function takeLeaseOnServer(
  remote: PouchDB.Database,
  profileId: string,
  durationMs: number,
  me: Me,
  believe: (lease: { _id: string; _rev?: string | undefined; until: number }) => number = (lease) => lease.until,
): Promise<LeaseResult> {
  const id = leaseDocId(profileId);
  const now = Math.floor(me.now());
  const existing = await readRemote(remote, id);
  if (existing === 'unknown') return { status: 'unknown' };
  let rev: string | undefined;
  if (existing !== null) {
    const lease = LeaseDocSchema.safeParse(existing);
    if (lease.success) {
      const mine = lease.data.holder === me.member && lease.data.device === me.device;
      const until = believe(lease.data);
      if (!mine && until > now) return { status: 'held-by-other', holder: lease.data.holder, device: lease.data.device, until };
      rev = lease.data._rev;
    } else {
      rev = (existing as { _rev?: string })._rev;
    }
  }
  const until = now + durationMs;
  try {
    await remote.put({ _id: id, ...(rev ? { _rev: rev } : {}), kind: 'lease', holder: me.member, device: me.device, until });
    return { status: 'held-by-me', until };
  } catch (error) {
    const status = statusOf(error);
    if (status !== 409) return { status: 'unknown' };
    // Someone took or renewed it between our read and our write: theirs.
    const taken = LeaseDocSchema.safeParse(await readRemote(remote, id));
    return taken.success
      ? { status: 'held-by-other', holder: taken.data.holder, device: taken.data.device, until: believe(taken.data) }
      : { status: 'unknown' };
  }
}
