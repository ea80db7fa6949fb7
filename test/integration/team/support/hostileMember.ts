// The hostile member of issue 28's tests (decision 0064): a member of the workspace who writes
// straight to the team server over HTTP with her own password, as any HTTP client could, instead of
// through the app. Where the server's validation function refuses what she writes (decision 0065
// tightens it), the document is written with the server admin's credentials instead: that plays a
// server that did not refuse it (a real CouchDB with an older design document, a broken server),
// which is exactly what the app must withstand on its own. `asAdmin` says which way it went in.
import { ADMIN, WORKSPACE } from './teamCores.ts';

export interface HostileWrite {
  id: string;
  rev: string;
  /** True when the server refused her and the admin's credentials wrote it (a server that would not have refused). */
  asAdmin: boolean;
}

const basic = (name: string, password: string) => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

export class HostileMember {
  readonly #serverUrl: string;
  readonly #member: string;
  readonly #password: string;

  constructor(serverUrl: string, member: string, password: string) {
    this.#serverUrl = serverUrl;
    this.#member = member;
    this.#password = password;
  }

  /** Writes a document (a new one, or a new revision when `_rev` is given) as this member; see above for when the admin's credentials are used. */
  async put(doc: Record<string, unknown> & { _id: string }): Promise<HostileWrite> {
    const own = await this.#put(doc, basic(this.#member, this.#password));
    if (own.ok) return { id: doc._id, rev: own.rev, asAdmin: false };
    if (own.status !== 403 && own.status !== 401) throw new Error(`The server answered ${own.status} to ${this.#member}'s write of ${doc._id}`);
    const admin = await this.#put(doc, basic(ADMIN.name, ADMIN.password));
    if (!admin.ok) throw new Error(`The server answered ${admin.status} to the admin's write of ${doc._id}`);
    return { id: doc._id, rev: admin.rev, asAdmin: true };
  }

  /** Writes many new documents at once (`_bulk_docs`) as this member; those the server refuses her, with the admin's credentials (see above). How many went each way. */
  async bulk(docs: (Record<string, unknown> & { _id: string })[]): Promise<{ own: number; asAdmin: number }> {
    const refused = await this.#bulk(docs, basic(this.#member, this.#password));
    const again = docs.filter((doc) => refused.has(doc._id));
    if (again.length > 0 && (await this.#bulk(again, basic(ADMIN.name, ADMIN.password))).size > 0) throw new Error('The server refused the admin’s writes');
    return { own: docs.length - again.length, asAdmin: again.length };
  }

  async #bulk(docs: { _id: string }[], authorization: string): Promise<Set<string>> {
    const response = await fetch(`${this.#serverUrl}/${WORKSPACE}/_bulk_docs`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ docs }),
    });
    if (response.status === 401 || response.status === 403) return new Set(docs.map((doc) => doc._id));
    if (!response.ok) throw new Error(`The server answered ${response.status} to a bulk write`);
    const results = (await response.json()) as { id: string; error?: string }[];
    return new Set(results.filter((result) => result.error !== undefined).map((result) => result.id));
  }

  /** The document as the server holds it now (null when there is none), read as this member. */
  async get<T = Record<string, unknown>>(id: string): Promise<T | null> {
    const response = await fetch(`${this.#serverUrl}/${WORKSPACE}/${encodeURIComponent(id)}`, {
      headers: { authorization: basic(this.#member, this.#password) },
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The server answered ${response.status} to ${this.#member}'s read of ${id}`);
    return (await response.json()) as T;
  }

  async #put(doc: { _id: string }, authorization: string): Promise<{ ok: true; rev: string } | { ok: false; status: number }> {
    const response = await fetch(`${this.#serverUrl}/${WORKSPACE}/${encodeURIComponent(doc._id)}`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    });
    if (!response.ok) return { ok: false, status: response.status };
    return { ok: true, rev: ((await response.json()) as { rev: string }).rev };
  }
}
