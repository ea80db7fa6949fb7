// Reads a request body as a JSON object, with the 1 MB limit of the public facts (413 above it).
import type { IncomingMessage } from 'node:http';
import { badRequest, ErrorCode, ServiceError } from './errors.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining past the limit so the client gets the 413 instead of a reset connection.
    if (size <= limit) chunks.push(chunk);
  }
  if (size > limit) throw tooLarge(limit);
  return Buffer.concat(chunks);
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError(413, {
    code: ErrorCode.bodyTooLarge,
    message: `Request body is larger than the limit of ${limit} bytes`,
  });
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
