// Draws the app's stand-in images into resources/ with nothing but node:zlib, so they can be
// rebuilt on any machine without an image toolchain (`npm run icon`), until a designer's arrive:
//   icon.png                    512×512  the app icon (window, installers: electron-builder makes .icns/.ico from it)
//   tray.png                    32×32    tray icon for Windows and Linux (colour)
//   trayTemplate.png, @2x       16, 32   macOS menu-bar icon: black + alpha, tinted by macOS
//   overlay-1…9.png, -9plus.png 32×32    Windows taskbar overlay with the unread count
// Shapes are drawn in unit coordinates (0…1) and supersampled 4×4, so every size is smooth.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
/** Colour at a point of the unit square, or null for transparent. */
type Shape = (x: number, y: number) => Rgba | null;

const BLUE: Rgba = [37, 99, 235, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const BLACK: Rgba = [0, 0, 0, 255];
const RED: Rgba = [220, 38, 38, 255];

function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The inbox tray: a U-shaped tray with a notch, in the box 0.22…0.78 × 0.28…0.72. */
function inInboxTray(x: number, y: number): boolean {
  const inTray = x >= 0.22 && x < 0.78 && y >= 0.28 && y < 0.72;
  const inSlot = x >= 0.28 && x < 0.72 && y >= 0.28 && y < 0.53;
  const inNotch = x >= 0.41 && x < 0.59 && y >= 0.53 && y < 0.6;
  return inTray && !inSlot && !inNotch;
}

const appIcon: Shape = (x, y) => {
  if (!inRoundedSquare(x, y, 0.19)) return null;
  return inInboxTray(x, y) ? WHITE : BLUE;
};

/** macOS template: only the glyph, black, so the menu bar can tint it. Thicker to read at 16 px. */
const trayTemplate: Shape = (x, y) => {
  const inTray = x >= 0.1 && x < 0.9 && y >= 0.18 && y < 0.82;
  const inSlot = x >= 0.22 && x < 0.78 && y >= 0.18 && y < 0.5;
  const inNotch = x >= 0.36 && x < 0.64 && y >= 0.5 && y < 0.62;
  return inTray && !inSlot && !inNotch ? BLACK : null;
};

// 3×5 pixel font for the overlay's count; "+" stands in for any character it lacks.
const PLUS = ['...', '.#.', '###', '.#.', '...'];
const GLYPHS: Record<string, string[]> = {
  '1': ['.#.', '##.', '.#.', '.#.', '###'],
  '2': ['##.', '..#', '.#.', '#..', '###'],
  '3': ['##.', '..#', '.#.', '..#', '##.'],
  '4': ['#.#', '#.#', '###', '..#', '..#'],
  '5': ['###', '#..', '##.', '..#', '##.'],
  '6': ['.##', '#..', '###', '#.#', '###'],
  '7': ['###', '..#', '.#.', '.#.', '.#.'],
  '8': ['###', '#.#', '###', '#.#', '###'],
  '9': ['###', '#.#', '###', '..#', '##.'],
  '+': PLUS,
};

/** A red disc with `text` (1–2 glyphs) in white, centred. */
function overlay(text: string): Shape {
  const glyphs = Array.from(text, (char) => GLYPHS[char] ?? PLUS);
  const cell = text.length === 1 ? 0.12 : 0.09; // glyph pixel size in unit coordinates
  const gap = cell;
  const width = glyphs.length * 3 * cell + (glyphs.length - 1) * gap;
  const left = (1 - width) / 2;
  const top = (1 - 5 * cell) / 2;
  return (x, y) => {
    if ((x - 0.5) ** 2 + (y - 0.5) ** 2 > 0.5 ** 2) return null;
    const row = Math.floor((y - top) / cell);
    for (let i = 0; i < glyphs.length; i++) {
      const column = Math.floor((x - left - i * (3 * cell + gap)) / cell);
      if (row >= 0 && row < 5 && column >= 0 && column < 3 && glyphs[i]?.[row]?.[column] === '#') return WHITE;
    }
    return RED;
  };
}

/** Rasterises a shape with 4×4 supersampling (premultiplied average, straight alpha out). */
function rasterise(shape: Shape, size: number): Buffer {
  const samples = 4;
  // Each scanline starts with filter byte 0 (none).
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = shape((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size);
          if (!colour) continue;
          const alpha = colour[3] / 255;
          r += colour[0] * alpha;
          g += colour[1] * alpha;
          b += colour[2] * alpha;
          a += alpha;
        }
      }
      const pixel: Rgba = a === 0 ? [0, 0, 0, 0] : [Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((a / samples ** 2) * 255)];
      raw.set(pixel, row + 1 + px * 4);
    }
  }
  return raw;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

function png(shape: Shape, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rasterise(shape, size), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const images: Array<[name: string, shape: Shape, size: number]> = [
  ['icon.png', appIcon, 512],
  ['tray.png', appIcon, 32],
  ['trayTemplate.png', trayTemplate, 16],
  ['trayTemplate@2x.png', trayTemplate, 32],
  ...['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((digit): [string, Shape, number] => [`overlay-${digit}.png`, overlay(digit), 32]),
  ['overlay-9plus.png', overlay('9+'), 32],
];

const resources = resolve(import.meta.dirname, '../resources');
for (const [name, shape, size] of images) {
  const data = png(shape, size);
  writeFileSync(resolve(resources, name), data);
  console.log(`wrote resources/${name} (${size}×${size}, ${data.length} bytes)`);
}
