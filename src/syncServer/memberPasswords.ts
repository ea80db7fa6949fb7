// Member passwords as CouchDB 3.4 keeps them in `_users`: PBKDF2 with HMAC-SHA256, 600,000
// iterations (CouchDB 3.4's default; decision 0065 says where that was checked), a random salt, the
// derived key in hex. express-pouchdb's own scheme (pouchdb-auth: SHA-1, 10 iterations, computed in
// JavaScript on the event loop) is never used for members: a wrapper on `_users` hashes a written
// `password` before pouchdb-auth sees it, and the gate checks passwords here, on the thread pool.
import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const derive = promisify(pbkdf2);

export const PASSWORD_ITERATIONS = 600_000;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** A user document naming more than this is refused rather than computed (CouchDB has max_iterations too). */
const MAX_ITERATIONS = 10_000_000;

export interface StoredPassword {
  password_scheme: 'pbkdf2';
  pbkdf2_prf: 'sha256';
  iterations: number;
  salt: string;
  derived_key: string;
}

export async function hashPassword(password: string): Promise<StoredPassword> {
  const salt = randomBytes(SALT_BYTES).toString('hex');
  const key = await derive(password, salt, PASSWORD_ITERATIONS, KEY_BYTES, 'sha256');
  return { password_scheme: 'pbkdf2', pbkdf2_prf: 'sha256', iterations: PASSWORD_ITERATIONS, salt, derived_key: key.toString('hex') };
}

/** True when `password` is the one a `_users` document was hashed from (pbkdf2 with sha256 or, as older CouchDBs, sha1). */
export async function passwordMatches(userDoc: Record<string, unknown>, password: string): Promise<boolean> {
  const { password_scheme: scheme, pbkdf2_prf: prf = 'sha', iterations, salt, derived_key: stored } = userDoc;
  if (scheme !== 'pbkdf2' || typeof salt !== 'string' || typeof stored !== 'string' || !/^(?:[0-9a-f]{2}){16,64}$/.test(stored)) return false;
  if (typeof iterations !== 'number' || !Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) return false;
  const digest = prf === 'sha256' ? 'sha256' : prf === 'sha' ? 'sha1' : null;
  if (digest === null) return false;
  const expected = Buffer.from(stored, 'hex');
  const given = await derive(password, salt, iterations, expected.length, digest);
  return timingSafeEqual(given, expected);
}

type Write = (...args: unknown[]) => Promise<unknown>;

async function withHashedPassword(doc: unknown): Promise<void> {
  if (typeof doc !== 'object' || doc === null || !('password' in doc) || typeof doc.password !== 'string') return;
  const stored = await hashPassword(doc.password);
  delete (doc as { password?: unknown }).password;
  Object.assign(doc, stored);
}

/**
 * Wraps the `_users` database's writes (registered after express-pouchdb's wrappers, so this runs
 * first): a document carrying a plain `password` is stored with CouchDB 3.4's hash instead.
 */
export function hashPasswordsOnWrite(db: { put: Write; post: Write; bulkDocs: Write }): void {
  const put = db.put.bind(db);
  const post = db.post.bind(db);
  const bulkDocs = db.bulkDocs.bind(db);
  db.put = async (doc, ...rest) => {
    await withHashedPassword(doc);
    return put(doc, ...rest);
  };
  db.post = async (doc, ...rest) => {
    await withHashedPassword(doc);
    return post(doc, ...rest);
  };
  db.bulkDocs = async (body, ...rest) => {
    const docs: unknown = Array.isArray(body) ? body : typeof body === 'object' && body !== null && 'docs' in body ? body.docs : [];
    if (Array.isArray(docs)) for (const doc of docs) await withHashedPassword(doc);
    return bulkDocs(body, ...rest);
  };
}
