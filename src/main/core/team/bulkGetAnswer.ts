// Reads a `_bulk_get` answer from the team server without ever holding a document too large for the
// app. The answer is `{"results":[{"id":…,"docs":[…]}, …]}`, one result per document the replication
// asked for, in the order asked. The text is scanned as it streams in (strings, escapes and nesting
// followed across chunks); each result is buffered only up to the per-document limit, and a result
// beyond it is dropped as it streams past: the replication then goes on without that document
// (PouchDB writes what the answer holds and moves its checkpoint on), so it is refused without being
// stored, and the others of the batch still arrive. The whole answer is bounded too: what is kept,
// and what is read at all (an endless answer ends at the limit, not at the end of memory).
import { type BodyStream, discard } from '../service/limitedBody.ts';

export interface BulkGetLimits {
  /** The most characters one result (a document with its revisions) may have; larger ones are dropped. */
  resultCharacters: number;
  /** The most characters kept from the whole answer. */
  keptCharacters: number;
  /** The most bytes read from the whole answer (after decompression), dropped results included. */
  readBytes: number;
}

export type BulkGetRead = { ok: true; text: string; dropped: string[] } | { ok: false; bytesRead: number };

const QUOTE = 34;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** The ids the replication asked for, in order (the request's `{"docs":[{"id":…,"rev":…}]}`). */
export function requestedIds(body: unknown): string[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed = JSON.parse(body) as { docs?: unknown };
    if (!Array.isArray(parsed.docs)) return [];
    return parsed.docs.map((doc: unknown) => (typeof doc === 'object' && doc !== null && 'id' in doc && typeof doc.id === 'string' ? doc.id : ''));
  } catch {
    return [];
  }
}

/**
 * Reads the answer: its text with every result over the limit left out (an empty result in its
 * place, so the others keep their order), and which ids were left out; or `ok: false` when the
 * answer as a whole passed its limits (its connection is closed at once).
 */
export async function readBulkGetAnswer(body: BodyStream, requested: readonly string[], limits: BulkGetLimits): Promise<BulkGetRead> {
  const decoder = new TextDecoder('utf-8');
  const kept: string[] = [];
  const dropped: string[] = [];
  let keptCharacters = 0;
  let bytesRead = 0;
  // Scanner state, carried from chunk to chunk.
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Whether the container at depth 2 is an array (the results): its objects are the results. */
  let resultsArray = false;
  let resultIndex = 0;
  /** The current result's text so far (null: not inside a result); `over`: it passed the limit. */
  let result: string[] | null = null;
  let resultCharacters = 0;
  let over = false;

  const keep = (text: string): boolean => {
    keptCharacters += text.length;
    kept.push(text);
    return keptCharacters <= limits.keptCharacters;
  };
  const addToResult = (text: string): void => {
    if (over || result === null) return;
    resultCharacters += text.length;
    if (resultCharacters > limits.resultCharacters) {
      over = true;
      result = [];
    } else result.push(text);
  };

  for await (const chunk of body) {
    bytesRead += chunk.byteLength;
    if (bytesRead > limits.readBytes) {
      discard(body);
      return { ok: false, bytesRead };
    }
    const text = decoder.decode(chunk, { stream: true });
    // Where the text not yet handed on starts in this chunk.
    let from = 0;
    // The next quote and backslash at or after a position (text.length: none in this chunk), found
    // natively: a document's long strings are passed over at once, not a character at a time.
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let i = 0; i < text.length; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        if (nextQuote < i) nextQuote = indexOrEnd(text, '"', i);
        if (nextBackslash < i) nextBackslash = indexOrEnd(text, '\\', i);
        i = Math.min(nextQuote, nextBackslash);
        if (i >= text.length) break;
        if (i === nextBackslash) escaped = true;
        else inString = false;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        depth++;
        if (depth === 2) resultsArray = c === OPEN_ARRAY;
        else if (depth === 3 && resultsArray && c === OPEN_OBJECT) {
          // A result starts here: what came before it is kept as it is.
          if (!keep(text.slice(from, i))) return tooMuch(body, bytesRead);
          from = i;
          result = [];
          resultCharacters = 0;
          over = false;
        }
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        depth--;
        if (depth === 2 && result !== null) {
          addToResult(text.slice(from, i + 1));
          from = i + 1;
          const id = requested[resultIndex] ?? '';
          resultIndex++;
          if (over) {
            dropped.push(id);
            if (!keep(`{"id":${JSON.stringify(id)},"docs":[]}`)) return tooMuch(body, bytesRead);
          } else if (!keep(result.join(''))) return tooMuch(body, bytesRead);
          result = null;
        }
      }
    }
    const rest = text.slice(from);
    if (result !== null) addToResult(rest);
    else if (!keep(rest)) return tooMuch(body, bytesRead);
  }
  const last = decoder.decode();
  if (!keep(last)) return { ok: false, bytesRead };
  return { ok: true, text: kept.join(''), dropped };
}

function indexOrEnd(text: string, character: string, from: number): number {
  const at = text.indexOf(character, from);
  return at === -1 ? text.length : at;
}

function tooMuch(body: BodyStream, bytesRead: number): BulkGetRead {
  discard(body);
  return { ok: false, bytesRead };
}
