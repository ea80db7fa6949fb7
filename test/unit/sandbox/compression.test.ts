// chooseEncoding and compress of the sandbox (public-facts.md "Compression", "Compression choice"):
// br > gzip > deflate among the encodings the request accepts, q=0 excludes one, `*` stands for the
// encodings not named, and deflate is the zlib-wrapped form (RFC 9110).
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESSION_THRESHOLD_BYTES, compress } from '../../../src/sandbox/http/compression.ts';

describe('chooseEncoding: "br, then gzip, then deflate" among those the request accepts', () => {
  it('no Accept-Encoding (absent or empty): no compression', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('  ,  ')).toBeNull();
  });

  it("the server's order decides, whatever order the client lists them in", () => {
    expect(chooseEncoding('deflate, gzip, br')).toBe('br');
    expect(chooseEncoding('br, gzip, deflate')).toBe('br');
    expect(chooseEncoding('deflate, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br')).toBe('br');
  });

  it('q-values: q=0 excludes an encoding; any q above 0 keeps it acceptable without reordering', () => {
    expect(chooseEncoding('br;q=0, gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0.0, gzip;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('br;q=0, gzip;q=0, deflate;q=0')).toBeNull();
    expect(chooseEncoding('br;q=0.001')).toBe('br');
    expect(chooseEncoding('br;q=0.1, gzip;q=1')).toBe('br');
    expect(chooseEncoding('gzip;q=1.0, deflate;q=0.5')).toBe('gzip');
  });

  it('the wildcard * stands for every encoding not named; *;q=0 refuses those', () => {
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0, *')).toBe('deflate');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('*;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0, *;q=0.5')).toBe('br');
  });

  it('names are case-insensitive and whitespace around tokens is ignored', () => {
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('Br')).toBe('br');
    expect(chooseEncoding(' gzip ; q=0 , deflate ')).toBe('deflate');
    expect(chooseEncoding('deflate;Q=0, gzip')).toBe('gzip');
  });

  it('encodings the service does not offer (identity, compress, zstd) give no compression', () => {
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('compress, identity;q=1')).toBeNull();
    expect(chooseEncoding('zstd')).toBeNull();
    expect(chooseEncoding('zstd, gzip')).toBe('gzip');
  });
});

describe('compress: the bytes decompress to the original', () => {
  const body = Buffer.from(JSON.stringify({ history: Array.from({ length: 200 }, (_, i) => ({ id: `post-${i}`, post: 'Saturday shop ride 🚲' })) }));

  it('the threshold is 1024 bytes', () => {
    expect(COMPRESSION_THRESHOLD_BYTES).toBe(1024);
  });

  it('br: brotli round trip, smaller than the original', () => {
    const out = compress(body, 'br');
    expect(out.length).toBeLessThan(body.length);
    expect(brotliDecompressSync(out).equals(body)).toBe(true);
  });

  it('gzip: a gzip stream (1f 8b) that gunzips to the original', () => {
    const out = compress(body, 'gzip');
    expect([out[0], out[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(out).equals(body)).toBe(true);
  });

  it('deflate: zlib-wrapped (RFC 9110), not raw deflate', () => {
    const out = compress(body, 'deflate');
    const [cmf, flg] = [out[0] as number, out[1] as number];
    expect(cmf & 0x0f).toBe(8);
    expect((cmf * 256 + flg) % 31).toBe(0);
    expect(inflateSync(out).equals(body)).toBe(true);
    // Raw inflate of the wrapped form does not give the original back.
    let raw: Buffer | undefined;
    try {
      raw = inflateRawSync(out);
    } catch {
      raw = undefined;
    }
    expect(raw?.equals(body) ?? false).toBe(false);
  });
});
