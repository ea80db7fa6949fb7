// Reads a request body as a JSON object, with the 1 MB limit of the public facts (413 above it).
// A body over the limit is still read to its end (and thrown away) before the 413 is sent, up to
// DRAIN_LIMIT_BYTES: answering while the client is still writing and then closing the connection
// (as Node does after an answer on a `Connection: close` request) resets it under the client's
// writes, and the client sees EPIPE instead of the 413. Beyond that bound, the 413 is sent at once
// and the connection closed: reading a gigabyte to be polite is not worth it.
import type { IncomingMessage } from 'node:http';
import { badRequest, ErrorCode, ServiceError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT_BYTES) throw tooLarge(limit, { close: true });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    // A chunked body has no declared length: it is drained as far as the same bound.
    else if (size > DRAIN_LIMIT_BYTES) throw tooLarge(limit, { close: true });
  }
  if (size > limit) throw tooLarge(limit, { close: false });
  return Buffer.concat(chunks);
}

/** The connection is closed after the answer when the body was not read to its end. */
function tooLarge(limit: number, { close }: { close: boolean }): ServiceError {
  return new ServiceError(
    413,
    { code: ErrorCode.bodyTooLarge, message: `Request body is larger than the limit of ${limit} bytes` },
    close ? { connection: 'close' } : {},
  );
}

/** An empty body is an empty object: GET-like operations and DELETE may carry none. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(ErrorCode.malformedBody, `Body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(ErrorCode.malformedBody, 'Body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
