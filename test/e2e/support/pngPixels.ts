// A tiny PNG reader for the tests: 8-bit greyscale, RGB or RGBA, not interlaced (what pdftoppm
// writes), unfiltered into plain pixels, so a test can tell a blank page from a drawn one.
import { inflateSync } from 'node:zlib';

export interface PngPixels {
  width: number;
  height: number;
  channels: number;
  data: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 6: 4 };

export function readPng(file: Buffer): PngPixels {
  if (file.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const channelCount = CHANNELS[body[9] ?? -1];
      if (body[8] !== 8 || channelCount === undefined || body[12] !== 0) throw new Error('unsupported PNG (needs 8-bit grey/RGB/RGBA, not interlaced)');
      channels = channelCount;
    } else if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const a = x >= channels ? (data[y * stride + x - channels] ?? 0) : 0;
      const b = y > 0 ? (data[(y - 1) * stride + x] ?? 0) : 0;
      const c = x >= channels && y > 0 ? (data[(y - 1) * stride + x - channels] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      data[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** How much of the image is not its most common colour, and how many colours it has. */
export function inkOf(png: PngPixels): { inkShare: number; colours: number } {
  const counts = new Map<string, number>();
  for (let i = 0; i < png.data.length; i += png.channels) {
    const key = png.data.subarray(i, i + Math.min(3, png.channels)).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = png.width * png.height;
  const background = Math.max(...counts.values());
  return { inkShare: (total - background) / total, colours: counts.size };
}
