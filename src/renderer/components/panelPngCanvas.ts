// Draws a metric panel's PNG on a canvas: the words of logic/panelPng.ts, in the panel's own theme
// colours (read from its custom properties), with the charts uPlot already drew on the panel copied
// in as they are. All on a canvas of our own origin, so nothing taints it and no CSP rule is
// needed; the PNG leaves as a blob URL through an anchor's download, as the CSV export does.
import { wrapLines, type PanelPngContent, type PngComparison, type PngTile } from '../logic/panelPng.ts';

/** Width in CSS pixels; the bitmap is twice as wide so it stays sharp when a client zooms. */
const WIDTH = 760;
const SCALE = 2;
const PAD = 32;
const COLUMNS = 3;
const GAP = 12;
const TILE_PAD = 12;
const CHART_HEIGHT = 84;

interface Palette {
  surface: string;
  text: string;
  muted: string;
  line: string;
  ok: string;
  danger: string;
  badgeBg: string;
  badgeText: string;
  font: string;
}

function palette(element: Element): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    surface: read('--surface', '#ffffff'),
    text: read('--text', '#1c2230'),
    muted: read('--muted', '#586072'),
    line: read('--line', '#e2e5eb'),
    ok: read('--ok', '#1f7a4d'),
    danger: read('--danger', '#b42334'),
    badgeBg: read('--warn-soft', '#fdf1d8'),
    badgeText: read('--warn', '#8a5a00'),
    font: getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif',
  };
}

/** The comparison table as the panel shows it (the choice made there), or null when there is none. */
export function comparisonOnPanel(panel: Element): PngComparison | null {
  const table = panel.querySelector('.metric-compare-table');
  if (table === null) return null;
  const words = (cell: Element) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
  return {
    caption: words(table.querySelector('caption') ?? table),
    headers: [...table.querySelectorAll('thead th')].map(words),
    rows: [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map(words)),
  };
}

/** The chart uPlot drew for a metric on the panel, if it drew one. */
function chartOf(panel: Element, key: string): HTMLCanvasElement | null {
  for (const tile of panel.querySelectorAll('[data-metric]')) {
    if (tile.getAttribute('data-metric') === key) return tile.querySelector('.metric-chart canvas');
  }
  return null;
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

/**
 * Lays the panel out top to bottom; with `draw` false it only measures (the canvas's height must be
 * known before it is sized, and sizing a canvas clears it).
 */
function layout(ctx: CanvasRenderingContext2D, content: PanelPngContent, panel: Element, colours: Palette, draw: boolean): number {
  const font = (size: number, weight = 400) => `${weight} ${size}px ${colours.font}`;
  const inner = WIDTH - 2 * PAD;
  let y = PAD;
  const text = (value: string, x: number, size: number, colour: string, weight = 400, maxWidth?: number) => {
    ctx.font = font(size, weight);
    if (draw) {
      ctx.fillStyle = colour;
      ctx.fillText(value, x, y, maxWidth);
    }
  };
  ctx.textBaseline = 'top';

  text(content.title, PAD, 22, colours.text, 700);
  y += 30;
  text(content.byline, PAD, 13, colours.muted);
  y += 24;
  ctx.font = font(15);
  for (const line of wrapLines(content.text, inner, (s) => ctx.measureText(s).width, 4)) {
    text(line, PAD, 15, colours.text);
    y += 21;
  }
  if (content.url) {
    y += 2;
    ctx.font = font(12);
    text(wrapLines(content.url, inner, (s) => ctx.measureText(s).width, 1)[0] ?? '', PAD, 12, colours.muted);
    y += 18;
  }

  if (content.badges.length > 0) {
    y += 8;
    let x = PAD;
    ctx.font = font(12, 600);
    for (const badge of content.badges) {
      const w = ctx.measureText(badge).width + 18;
      if (x + w > WIDTH - PAD && x > PAD) {
        x = PAD;
        y += 28;
      }
      if (draw) {
        ctx.fillStyle = colours.badgeBg;
        roundRect(ctx, x, y, w, 22, 11);
        ctx.fill();
        ctx.fillStyle = colours.badgeText;
        ctx.fillText(badge, x + 9, y + 5);
      }
      x += w + 6;
    }
    y += 28;
  }

  y += 10;
  for (const line of content.dates) {
    ctx.font = font(12.5);
    for (const wrapped of wrapLines(line, inner, (s) => ctx.measureText(s).width, 2)) {
      text(wrapped, PAD, 12.5, colours.muted);
      y += 18;
    }
  }

  const tileWidth = (inner - GAP * (COLUMNS - 1)) / COLUMNS;
  for (const group of content.groups) {
    // Tiles keep room for a chart only when the panel drew one (a first snapshot has none).
    const charted = group.tiles.some((tile) => chartOf(panel, tile.key) !== null);
    const tileHeight = TILE_PAD * 2 + 16 + 28 + 16 + (charted ? CHART_HEIGHT + 4 : 18);
    y += 16;
    text(group.heading.toUpperCase(), PAD, 11.5, colours.muted, 650);
    y += 20;
    if (group.note !== null) {
      text(group.note, PAD, 12.5, colours.muted, 400, inner);
      y += 20;
      continue;
    }
    group.tiles.forEach((tile, index) => {
      const column = index % COLUMNS;
      const row = Math.floor(index / COLUMNS);
      if (draw) drawTile(ctx, tile, panel, colours, PAD + column * (tileWidth + GAP), y + row * (tileHeight + GAP), tileWidth, tileHeight, font, charted);
    });
    y += Math.ceil(group.tiles.length / COLUMNS) * (tileHeight + GAP) - GAP;
  }

  if (content.comparison !== null) y = comparisonTable(ctx, content.comparison, colours, y, draw, font);

  y += 22;
  text(content.footer, PAD, 11, colours.muted);
  y += 14;
  return Math.ceil(y + PAD);
}

/** Share of the width per column: metric, this post, the other, difference. */
const COLUMN_SHARES = [0.3, 0.14, 0.24, 0.32];

function comparisonTable(
  ctx: CanvasRenderingContext2D,
  table: PngComparison,
  colours: Palette,
  top: number,
  draw: boolean,
  font: (size: number, weight?: number) => string,
): number {
  const inner = WIDTH - 2 * PAD;
  const measure = (s: string) => ctx.measureText(s).width;
  let y = top + 16;
  ctx.font = font(11.5, 650);
  if (draw) {
    ctx.fillStyle = colours.muted;
    ctx.fillText('COMPARISON', PAD, y);
  }
  y += 20;
  ctx.font = font(12.5);
  for (const line of wrapLines(table.caption, inner, measure, 3)) {
    if (draw) {
      ctx.fillStyle = colours.text;
      ctx.fillText(line, PAD, y);
    }
    y += 18;
  }
  y += 4;
  const lefts = COLUMN_SHARES.map((_, i) => PAD + COLUMN_SHARES.slice(0, i).reduce((a, b) => a + b, 0) * inner);
  const row = (cells: string[], size: number, weight: number, colour: string) => {
    ctx.font = font(size, weight);
    cells.forEach((cell, i) => {
      const width = (COLUMN_SHARES[i] ?? 0.2) * inner - 10;
      const fitted = wrapLines(cell, width, measure, 1)[0] ?? '';
      if (draw) {
        ctx.fillStyle = colour;
        // The numbers right-aligned, as on the panel.
        const numeric = i === 1 || i === 2;
        ctx.fillText(fitted, numeric ? (lefts[i] ?? PAD) + width - measure(fitted) : (lefts[i] ?? PAD), y + 6);
      }
    });
    y += size + 14;
    if (draw) {
      ctx.fillStyle = colours.line;
      ctx.fillRect(PAD, y - 1, inner, 1);
    }
  };
  row(table.headers, 12, 600, colours.muted);
  for (const cells of table.rows) row(cells, 12.5, 400, colours.text);
  return y;
}

function drawTile(
  ctx: CanvasRenderingContext2D,
  tile: PngTile,
  panel: Element,
  colours: Palette,
  x: number,
  y: number,
  w: number,
  h: number,
  font: (size: number, weight?: number) => string,
  charted: boolean,
): void {
  ctx.fillStyle = colours.surface;
  ctx.strokeStyle = colours.line;
  ctx.lineWidth = 1;
  roundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, 10);
  ctx.fill();
  ctx.stroke();
  const left = x + TILE_PAD;
  const width = w - 2 * TILE_PAD;
  let top = y + TILE_PAD;
  ctx.font = font(12);
  ctx.fillStyle = colours.muted;
  ctx.fillText(wrapLines(tile.label, width, (s) => ctx.measureText(s).width, 1)[0] ?? '', left, top);
  top += 16;
  ctx.font = font(20, 650);
  ctx.fillStyle = colours.text;
  ctx.fillText(tile.value, left, top, width);
  top += 28;
  if (tile.change !== null) {
    ctx.font = font(11.5);
    ctx.fillStyle = tile.change.startsWith('+') ? colours.ok : tile.change.startsWith('−') ? colours.danger : colours.muted;
    ctx.fillText(tile.change, left, top, width);
  }
  top += 16;
  const chart = chartOf(panel, tile.key);
  if (chart !== null && chart.width > 0 && chart.height > 0) {
    // The chart as uPlot drew it (at the screen's pixel ratio), fitted into the tile.
    const ratio = Math.min(width / chart.width, CHART_HEIGHT / chart.height);
    ctx.drawImage(chart, left, top, chart.width * ratio, chart.height * ratio);
  } else {
    ctx.font = font(11.5);
    ctx.fillStyle = colours.muted;
    ctx.fillText(charted ? 'One snapshot so far' : 'One snapshot so far: no chart yet', left, top + (charted ? 4 : 0), width);
  }
}

/** The panel as a PNG. */
export async function panelPng(panel: Element, content: PanelPngContent): Promise<Blob> {
  const colours = palette(panel);
  const canvas = document.createElement('canvas');
  const measuring = canvas.getContext('2d');
  if (measuring === null) throw new Error('This browser cannot draw the picture (no 2D canvas).');
  const height = layout(measuring, content, panel, colours, false);
  canvas.width = WIDTH * SCALE;
  canvas.height = height * SCALE;
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('This browser cannot draw the picture (no 2D canvas).');
  ctx.scale(SCALE, SCALE);
  ctx.fillStyle = colours.surface;
  ctx.fillRect(0, 0, WIDTH, height);
  layout(ctx, content, panel, colours, true);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded as PNG.'))), 'image/png');
  });
}
