// Writes a JSON answer the way the service does: charset in the content type, compression when
// asked for and the body is over the threshold, and the encoding named in content-encoding.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, COMPRESSION_THRESHOLD_BYTES, compress, type Encoding } from './compression.ts';

/**
 * Compressed forms of prebuilt (cached) bodies: a busy post's comment list is asked for again and
 * again, and compressing it anew each time cost most of the sandbox's time.
 */
const compressedForms = new WeakMap<Buffer, Map<Encoding, Buffer>>();

function compressOnce(body: Buffer, encoding: Encoding, cacheable: boolean): Buffer {
  if (!cacheable) return compress(body, encoding);
  let forms = compressedForms.get(body);
  if (!forms) compressedForms.set(body, (forms = new Map<Encoding, Buffer>()));
  let compressed = forms.get(encoding);
  if (!compressed) forms.set(encoding, (compressed = compress(body, encoding)));
  return compressed;
}

export function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  payload: unknown,
  prebuilt?: Buffer,
  extraHeaders: Record<string, string | number> = {},
): void {
  const raw = prebuilt ?? Buffer.from(JSON.stringify(payload));
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    vary: 'Accept-Encoding',
    ...extraHeaders,
  };
  let body = raw;
  if (raw.length > COMPRESSION_THRESHOLD_BYTES) {
    const encoding = chooseEncoding(headerValue(req.headers['accept-encoding']));
    if (encoding) {
      body = compressOnce(raw, encoding, prebuilt !== undefined);
      headers['content-encoding'] = encoding;
    }
  }
  headers['content-length'] = body.length;
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}
