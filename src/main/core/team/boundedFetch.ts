// Every answer from the team server is bounded before it is buffered. PouchDB's HTTP adapter reads
// each answer whole (`response.json()`), so a broken or hostile server could make it hold anything:
// an endless `_changes` answer, a body of a gigabyte, a gzip bomb, documents of many megabytes. This
// fetch sits under PouchDB's (it takes a `fetch` option) and reads the body itself, counting bytes
// after decompression (node-fetch inflates lazily, with backpressure, so a bomb costs the limit):
// - a `_bulk_get` answer (the documents a pull fetches) is streamed through bulkGetAnswer.ts, which
//   leaves out every document over the per-document limit, so it is refused without being stored;
// - a `_changes` answer (the live pull's long poll, heartbeats included) and the other lists are
//   bounded as a whole; anything else (a document, a checkpoint, the database's info) is one
//   document's worth at most.
// An answer over its limit closes its connection and fails with TeamAnswerTooLarge: the replication
// takes it as a failed attempt and retries with backoff, and Settings → Team says what happened.
import { type BodyStream, readTextAtMost } from '../service/limitedBody.ts';
import { readBulkGetAnswer, requestedIds } from './bulkGetAnswer.ts';
import { MAX_DOCUMENT_CHARACTERS } from './teamDocuments.ts';
import { TeamDocumentRefused } from './teamErrors.ts';

type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

const MIB = 1024 * 1024;

export interface AnswerLimits {
  /**
   * One document as the server sends it. The app refuses documents over MAX_DOCUMENT_CHARACTERS
   * (teamDocuments.ts), counted in characters of their strings; JSON can spell a character in up
   * to six (`\u0000`), so a document the app accepts is never cut here.
   */
  documentCharacters: number;
  /** What is kept of one `_bulk_get` answer (a batch of documents). */
  batchCharacters: number;
  /** What is read of one `_bulk_get` answer, its dropped documents included. */
  batchReadBytes: number;
  /** One `_changes` answer, or a `_revs_diff`, `_bulk_docs` or `_all_docs` answer. */
  listBytes: number;
}

export const DEFAULT_ANSWER_LIMITS: AnswerLimits = {
  documentCharacters: 6 * MAX_DOCUMENT_CHARACTERS + 4096,
  batchCharacters: 64 * MIB,
  batchReadBytes: 1024 * MIB,
  listBytes: 16 * MIB,
};

/** The team server sent an answer larger than the app accepts; nothing of it was kept. */
export class TeamAnswerTooLarge extends Error {
  override name = 'TeamAnswerTooLarge';
  constructor(limitBytes: number) {
    super(
      `The team server sent more than this app accepts (an answer over ${Math.round(limitBytes / MIB)} MB), so it was not read. The app tries again in a while; if this goes on, the team server needs looking at.`,
    );
  }
}

const LISTS = new Set(['_changes', '_revs_diff', '_bulk_docs', '_all_docs']);

/** The database-level request an address names (`_changes`, `_bulk_get`…), or null for a document or the database itself. */
function requestKind(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const last =
    path
      .split('/')
      .filter((segment) => segment !== '')
      .pop() ?? '';
  return last.startsWith('_') ? last : null;
}

export interface BoundedFetchOptions {
  limits?: AnswerLimits;
  /** Told of each document left out of a pull for its size (it is not stored). */
  onRefused?: (refusal: TeamDocumentRefused) => void;
}

/** A fetch for PouchDB's HTTP adapter whose answers are read within the limits above. */
export function boundedFetch(inner: Fetch, options: BoundedFetchOptions = {}): Fetch {
  const limits = options.limits ?? DEFAULT_ANSWER_LIMITS;
  return async (input, init) => {
    // Our own signal too, so that an answer over its limit closes its connection, not only its stream.
    const stop = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal;
    const response = await inner(input, { ...init, signal });
    const url = typeof input === 'string' ? input : input.url;
    const kind = requestKind(url);
    const body = response.body as unknown as BodyStream | null;
    let text = '';
    if (body !== null) {
      if (kind === '_bulk_get' && response.ok) {
        const limit = { resultCharacters: limits.documentCharacters, keptCharacters: limits.batchCharacters, readBytes: limits.batchReadBytes };
        const read = await readBulkGetAnswer(body, requestedIds(init?.body), limit);
        if (!read.ok) throw tooLarge(stop, limits.batchCharacters);
        for (const id of read.dropped) options.onRefused?.(new TeamDocumentRefused(id, 'it is too large.'));
        text = read.text;
      } else {
        const limit = kind !== null && (LISTS.has(kind) || kind === '_bulk_get') ? limits.listBytes : limits.documentCharacters;
        const read = await readTextAtMost(body, limit);
        if (!read.ok) throw tooLarge(stop, limit);
        text = read.text;
      }
    }
    // The body is read and decoded: the answer handed on no longer says it is compressed.
    const headers = new Headers();
    response.headers.forEach((value, name) => {
      if (name !== 'content-encoding' && name !== 'content-length') headers.append(name, value);
    });
    const empty = response.status === 204 || response.status === 304;
    return new Response(empty ? null : text, { status: response.status, statusText: response.statusText, headers });
  };
}

function tooLarge(stop: AbortController, limit: number): TeamAnswerTooLarge {
  const error = new TeamAnswerTooLarge(limit);
  stop.abort(error);
  return error;
}
