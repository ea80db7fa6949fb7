// Draws resources/icon.png (256×256) with nothing but node:zlib, so the icon can be rebuilt on any
// machine without an image toolchain. A stand-in until a designer's icon arrives: a rounded blue
// tile with a white inbox tray.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

const size = 256;

function pixel(x: number, y: number): [number, number, number, number] {
  const radius = 48;
  const cx = Math.min(Math.max(x, radius), size - 1 - radius);
  const cy = Math.min(Math.max(y, radius), size - 1 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return [0, 0, 0, 0];
  const inTray = x >= 56 && x < 200 && y >= 72 && y < 184;
  const inSlot = x >= 72 && x < 184 && y >= 72 && y < 136;
  const inNotch = x >= 104 && x < 152 && y >= 136 && y < 152;
  if (inTray && !inSlot && !inNotch) return [255, 255, 255, 255];
  return [37, 99, 235, 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type RGBA

// Each scanline starts with filter byte 0 (none).
const raw = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y++) {
  const row = y * (size * 4 + 1);
  for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 4);
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = resolve(import.meta.dirname, '../resources/icon.png');
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
