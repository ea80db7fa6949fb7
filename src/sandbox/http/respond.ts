// Writes a JSON answer the way the service does: charset in the content type, compression when
// asked for and the body is over the threshold, and the encoding named in content-encoding.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, COMPRESSION_THRESHOLD_BYTES, compress } from './compression.ts';

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
      body = compress(raw, encoding);
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
