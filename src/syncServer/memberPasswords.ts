// Member passwords as CouchDB 3.4 keeps them in `_users`: PBKDF2 with HMAC-SHA256, 600,000
// iterations (CouchDB 3.4's default; decision 0065 says where that was checked), a random salt, the
// derived key in hex. express-pouchdb's own scheme (pouchdb-auth: SHA-1, 10 iterations, computed in
// JavaScript on the event loop) is never used for members: the gate hashes a `password` an admin
// writes to `_users` before pouchdb-auth sees it, and checks passwords here, on the thread pool.
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

async function withHashedPassword(doc: unknown): Promise<void> {
  if (typeof doc !== 'object' || doc === null || !('password' in doc) || typeof doc.password !== 'string') return;
  const stored = await hashPassword(doc.password);
  delete (doc as { password?: unknown }).password;
  Object.assign(doc, stored);
}

/**
 * An admin's write to `_users` (a PUT or POST of a user document, or `_bulk_docs`) with every plain
 * `password` replaced by CouchDB 3.4's hash, before express-pouchdb (whose `_users` wrapper would
 * hash it its own way) sees it. Other paths and bodies are left as they are.
 */
export async function hashPasswordsIn(path: string, body: unknown): Promise<void> {
  if (!/^\/_users(?:\/|$|\?)/.test(path) || typeof body !== 'object' || body === null) return;
  const docs: unknown = Array.isArray(body) ? body : 'docs' in body ? body.docs : [body];
  if (Array.isArray(docs)) for (const doc of docs) await withHashedPassword(doc);
}
