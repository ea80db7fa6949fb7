// Pruning the workspace's events database (decision 0072): events are useless a minute after they
// came, so a device that polls a client (holds a lease) removes, once an hour, the events more than
// a day old; the server's validation function allows a member no more than that. Read page by page
// with bounded answers (each event is at most 4 KiB on the server), so a database a stranger
// filled costs a bounded amount per page and at most `maxPages` pages per pass.
import { boundedFetch, DEFAULT_ANSWER_LIMITS } from './boundedFetch.ts';

type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

const DAY = 24 * 60 * 60 * 1000;
/** The server's clock may be behind the device's: leave a margin so its validation function agrees. */
const MARGIN_MS = 10 * 60 * 1000;
const ANSWER_LIMITS = { ...DEFAULT_ANSWER_LIMITS, listBytes: 4 * 1024 * 1024 };

export interface PruneOptions {
  /** `<server>/<workspace>-events`. */
  databaseUrl: string;
  authorization: string;
  now: number;
  fetch?: Fetch;
  pageSize?: number;
  maxPages?: number;
  signal?: AbortSignal;
}

/** Removes events whose `created` is more than a day (and a margin) before `now`; returns how many went. */
export async function pruneOldEvents(options: PruneOptions): Promise<number> {
  const fetchBounded = boundedFetch(options.fetch ?? ((input, init) => fetch(input, init)), { limits: ANSWER_LIMITS });
  const pageSize = options.pageSize ?? 200;
  const maxPages = options.maxPages ?? 100;
  const before = options.now - DAY - MARGIN_MS;
  const headers = { authorization: options.authorization, 'content-type': 'application/json', accept: 'application/json' };
  let startkey: string | null = null;
  let removed = 0;
  for (let page = 0; page < maxPages; page++) {
    const from: string = startkey === null ? '' : `&startkey=${encodeURIComponent(JSON.stringify(startkey))}`;
    const answer = await fetchBounded(`${options.databaseUrl}/_all_docs?include_docs=true&limit=${pageSize + 1}${from}`, {
      headers,
      signal: options.signal ?? null,
    });
    if (!answer.ok) throw new Error(`The events could not be listed (HTTP ${answer.status}).`);
    const rows = ((await answer.json()) as { rows?: unknown }).rows;
    if (!Array.isArray(rows)) throw new Error('The events could not be listed.');
    const pageRows = rows.slice(0, pageSize) as { id?: unknown; doc?: { _rev?: unknown; created?: unknown } }[];
    const old = pageRows.flatMap((row) => {
      const created = typeof row.doc?.created === 'string' ? Date.parse(row.doc.created) : Number.NaN;
      return typeof row.id === 'string' && !row.id.startsWith('_design/') && typeof row.doc?._rev === 'string' && created < before
        ? [{ _id: row.id, _rev: row.doc._rev, _deleted: true }]
        : [];
    });
    if (old.length > 0) {
      const written = await fetchBounded(`${options.databaseUrl}/_bulk_docs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ docs: old }),
        signal: options.signal ?? null,
      });
      const results = written.ok ? ((await written.json()) as { ok?: boolean }[]) : [];
      removed += Array.isArray(results) ? results.filter((result) => result.ok === true).length : 0;
    }
    const next = rows[pageSize] as { id?: unknown } | undefined;
    if (typeof next?.id !== 'string') break;
    startkey = next.id;
  }
  return removed;
}
