// A request body read whole by the gate, within a bound that holds however it arrives: with a
// Content-Length, chunked, or compressed (gzip or deflate). Bytes are counted as they come, both on
// the wire and after decompression, and reading stops at the bound: a 600 MiB gzip body (or a
// small one that inflates to gigabytes) costs at most the bound in memory, never the whole thing.
import type { IncomingMessage } from 'node:http';
import { createGunzip, createInflate } from 'node:zlib';
import type { Transform } from 'node:stream';

export type BodyResult = { ok: true; body: Buffer } | { ok: false; status: 413 | 415 | 400; reason: string };

function decoderOf(encoding: string): Transform | null | 'unsupported' {
  if (encoding === '' || encoding === 'identity') return null;
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  return 'unsupported';
}

/** Reads the body, decompressed, refusing it once more than `limit` bytes have arrived or been inflated. */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const encoding = String(request.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder = decoderOf(encoding);
  if (decoder === 'unsupported') return Promise.resolve({ ok: false, status: 415, reason: 'The request body is encoded in a way this server does not read.' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let wireBytes = 0;
    let bodyBytes = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      request.off('data', onWire);
      decoder?.destroy();
      if (!result.ok) {
        chunks.length = 0;
        // What is still coming is never buffered: skipped when its declared length is within the bound
        // (so the client reads the answer), otherwise not read at all (the gate closes the connection).
        const declared = Number(request.headers['content-length'] ?? Number.NaN);
        if (request.headers['transfer-encoding'] === undefined && declared <= limit) request.resume();
        else request.pause();
      }
      resolve(result);
    };
    const tooLarge = () => finish({ ok: false, status: 413, reason: 'The request is too large.' });
    const onBody = (chunk: Buffer) => {
      bodyBytes += chunk.length;
      if (bodyBytes > limit) tooLarge();
      else chunks.push(chunk);
    };
    const onWire = (chunk: Buffer) => {
      wireBytes += chunk.length;
      if (wireBytes > limit) tooLarge();
      else if (decoder) decoder.write(chunk);
      else onBody(chunk);
    };
    request.on('data', onWire);
    request.once('error', () => finish({ ok: false, status: 400, reason: 'The request body could not be read.' }));
    request.once('aborted', () => finish({ ok: false, status: 400, reason: 'The request body could not be read.' }));
    if (decoder) {
      decoder.on('data', onBody);
      decoder.once('error', () => finish({ ok: false, status: 400, reason: 'The request body is not valid compressed data.' }));
      decoder.once('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
      request.once('end', () => decoder.end());
    } else {
      request.once('end', () => finish({ ok: true, body: Buffer.concat(chunks) }));
    }
  });
}
