// Response compression as the service does it: only bodies over 1024 bytes, br > gzip > deflate
// among the encodings the request accepts (q=0 excludes one), deflate in its zlib-wrapped form.
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'deflate';
export const COMPRESSION_THRESHOLD_BYTES = 1024;
const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'deflate'];

/** The encoding to use for this Accept-Encoding header, or null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    quality.set(name, q);
  }
  const wildcard = quality.get('*');
  for (const encoding of PREFERENCE) {
    const q = quality.get(encoding) ?? wildcard;
    if (q !== undefined && q > 0) return encoding;
  }
  return null;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'br':
      // Quality 5: most of brotli's gain at a fraction of the default 11's cost per response.
      return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    case 'gzip':
      return gzipSync(body);
    case 'deflate':
      return deflateSync(body);
  }
}
