// Reading rows out of a damaged SQLite file without SQLite: every page is looked at on its own, and
// the cells of each b-tree leaf page that still parses are decoded (the file format:
// https://sqlite.org/fileformat2.html). A damaged page loses its own rows only: a garbled root or
// interior page, a file cut in half, a broken schema page still leave every intact leaf readable.
//
// What it cannot know: which table a leaf belongs to (the schema page may be the damaged one), so
// the caller recognises its rows by their shape; and whether a leaf is current: a page freed by the
// b-tree still holds old rows. Free pages are skipped when page 1 says which they are; callers treat
// what comes back as possibly stale (the reply outbox checks the thread before sending again).
//
// Committed frames of a write-ahead log next to the file are laid over the file's pages first: after
// a crash, the newest rows live there.

export type CellValue = null | number | bigint | string | Uint8Array;

export interface SalvagedRecords {
  /** Rows of table b-trees (rowid tables): the rowid and the record's values, column by column. */
  tableRows: { rowid: number; values: CellValue[] }[];
  /** Records of index b-trees (indexes and WITHOUT ROWID tables). */
  indexRecords: CellValue[][];
  /** Pages that look like leaves but could not be read whole. */
  damagedLeaves: number;
  /**
   * Whether the file's list of free pages was read whole. When it was not, a page the b-tree had
   * let go of may have been read as a leaf: some rows may be old copies.
   */
  freelistKnown: boolean;
}

const HEADER_MAGIC = 'SQLite format 3\u0000';
const WAL_MAGIC = [0x377f0682, 0x377f0683];
const DEFAULT_PAGE_SIZE = 4096;

const TABLE_LEAF = 0x0d;
const INDEX_LEAF = 0x0a;
const TABLE_INTERIOR = 0x05;
const INDEX_INTERIOR = 0x02;

class BadPage extends Error {}

function fail(): never {
  throw new BadPage();
}

function pageSizeOf(file: Uint8Array): number {
  if (file.length < 100 || Buffer.from(file.subarray(0, 16)).toString('latin1') !== HEADER_MAGIC) return DEFAULT_PAGE_SIZE;
  // Bytes 16-17 exist: the header check above asked for at least 100 bytes.
  const raw = ((file[16] ?? 0) << 8) | (file[17] ?? 0);
  const size = raw === 1 ? 65536 : raw;
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0 ? size : DEFAULT_PAGE_SIZE;
}

/** Page number → page bytes: the file's whole pages, then the log's committed frames over them. */
function pagesOf(file: Uint8Array, wal: Uint8Array | null, pageSize: number): Map<number, Uint8Array> {
  const pages = new Map<number, Uint8Array>();
  for (let n = 1; n * pageSize <= file.length; n++) pages.set(n, file.subarray((n - 1) * pageSize, n * pageSize));
  if (wal === null || wal.length < 32) return pages;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  if (!WAL_MAGIC.includes(view.getUint32(0)) || view.getUint32(8) !== pageSize) return pages;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  const frameSize = 24 + pageSize;
  let pending: [number, Uint8Array][] = [];
  for (let at = 32; at + frameSize <= wal.length; at += frameSize) {
    if (view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    pending.push([view.getUint32(at), wal.subarray(at + 24, at + frameSize)]);
    // A commit frame (database size after the commit set): everything up to here is committed.
    if (view.getUint32(at + 4) !== 0) {
      for (const [number, page] of pending) pages.set(number, page);
      pending = [];
    }
  }
  return pages;
}

/** Page 1's list of free pages, and whether it could be read whole (else a free page may pass for a leaf). */
function freePages(pages: Map<number, Uint8Array>, pageSize: number): { free: Set<number>; known: boolean } {
  const free = new Set<number>();
  const first = pages.get(1);
  if (!first || Buffer.from(first.subarray(0, 16)).toString('latin1') !== HEADER_MAGIC) return { free, known: false };
  const header = new DataView(first.buffer, first.byteOffset, first.byteLength);
  let trunk = header.getUint32(32);
  const total = header.getUint32(36);
  while (trunk !== 0 && !free.has(trunk) && free.size <= total) {
    free.add(trunk);
    const page = pages.get(trunk);
    if (!page) break;
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    const count = view.getUint32(4);
    if (count > (pageSize - 8) / 4) break;
    for (let i = 0; i < count; i++) free.add(view.getUint32(8 + i * 4));
    trunk = view.getUint32(0);
  }
  return { free, known: free.size === total };
}

function varint(page: Uint8Array, at: number): [bigint, number] {
  let value = 0n;
  for (let i = 0; i < 9; i++) {
    const byte = page[at + i];
    if (byte === undefined) fail();
    if (i === 8) return [(value << 8n) | BigInt(byte), at + 9];
    value = (value << 7n) | BigInt(byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, at + i + 1];
  }
  return fail();
}

function smallVarint(page: Uint8Array, at: number): [number, number] {
  const [value, next] = varint(page, at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < 0n) fail();
  return [Number(value), next];
}

/** The whole payload of a cell: its local part and, when it spills, its chain of overflow pages. */
function payloadOf(page: Uint8Array, at: number, size: number, maxLocal: number, minLocal: number, usable: number, pages: Map<number, Uint8Array>): Uint8Array {
  if (size <= maxLocal) {
    if (at + size > page.length) fail();
    return page.subarray(at, at + size);
  }
  const spill = minLocal + ((size - minLocal) % (usable - 4));
  const local = spill <= maxLocal ? spill : minLocal;
  if (at + local + 4 > page.length) fail();
  const out = new Uint8Array(size);
  out.set(page.subarray(at, at + local), 0);
  let filled = local;
  let next = new DataView(page.buffer, page.byteOffset + at + local, 4).getUint32(0);
  const seen = new Set<number>();
  while (filled < size) {
    const overflow = pages.get(next);
    if (!overflow || seen.has(next)) fail();
    seen.add(next);
    const take = Math.min(usable - 4, size - filled);
    out.set(overflow.subarray(4, 4 + take), filled);
    filled += take;
    next = new DataView(overflow.buffer, overflow.byteOffset, 4).getUint32(0);
  }
  return out;
}

function recordOf(payload: Uint8Array): CellValue[] {
  const [headerSize, first] = smallVarint(payload, 0);
  if (headerSize > payload.length || headerSize < 1) fail();
  const types: number[] = [];
  for (let at = first; at < headerSize;) {
    const [type, next] = smallVarint(payload, at);
    types.push(type);
    at = next;
  }
  const values: CellValue[] = [];
  const view = new DataView(payload.buffer, payload.byteOffset, payload.byteLength);
  let at = headerSize;
  for (const type of types) {
    const width = type >= 12 ? Math.floor((type - 12) / 2) : [0, 1, 2, 3, 4, 6, 8, 8, 0, 0][type];
    if (width === undefined || at + width > payload.length) fail();
    if (type === 0) values.push(null);
    else if (type >= 1 && type <= 6) {
      let value = 0n;
      for (let i = 0; i < width; i++) value = (value << 8n) | BigInt(payload[at + i] ?? fail());
      const bits = BigInt(width * 8);
      if (value >= 1n << (bits - 1n)) value -= 1n << bits;
      values.push(value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);
    } else if (type === 7) values.push(view.getFloat64(at));
    else if (type === 8) values.push(0);
    else if (type === 9) values.push(1);
    else if (type >= 12 && type % 2 === 0) values.push(payload.slice(at, at + width));
    else if (type >= 13) values.push(new TextDecoder('utf-8', { fatal: true }).decode(payload.subarray(at, at + width)));
    else fail();
    at += width;
  }
  return values;
}

/** The cells of one leaf page, or BadPage when the page is anything else or damaged. */
function readLeaf(number: number, page: Uint8Array, pageSize: number, reserved: number, pages: Map<number, Uint8Array>, out: SalvagedRecords): void {
  const start = number === 1 ? 100 : 0;
  const type = page[start];
  if (type !== TABLE_LEAF && type !== INDEX_LEAF) fail();
  const usable = pageSize - reserved;
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const cells = view.getUint16(start + 3);
  if (start + 8 + cells * 2 > usable) fail();
  const maxLocal = type === TABLE_LEAF ? usable - 35 : Math.floor(((usable - 12) * 64) / 255) - 23;
  const minLocal = Math.floor(((usable - 12) * 32) / 255) - 23;
  const rows: SalvagedRecords['tableRows'] = [];
  const records: CellValue[][] = [];
  for (let i = 0; i < cells; i++) {
    const cell = view.getUint16(start + 8 + i * 2);
    if (cell < start + 8 + cells * 2 || cell >= usable) fail();
    const [size, afterSize] = smallVarint(page, cell);
    if (type === TABLE_LEAF) {
      const [rowid, afterRowid] = varint(page, afterSize);
      const values = recordOf(payloadOf(page, afterRowid, size, maxLocal, minLocal, usable, pages));
      rows.push({ rowid: Number(rowid), values });
    } else {
      records.push(recordOf(payloadOf(page, afterSize, size, maxLocal, minLocal, usable, pages)));
    }
  }
  // All or nothing per page: a page with one garbled cell is not trusted for the others either.
  out.tableRows.push(...rows);
  out.indexRecords.push(...records);
}

/** Every row and index record that can still be read from the file's bytes (and its log's). */
export function salvageRecords(file: Uint8Array, wal: Uint8Array | null = null): SalvagedRecords {
  const pageSize = pageSizeOf(file);
  const headerValid = file.length >= 100 && Buffer.from(file.subarray(0, 16)).toString('latin1') === HEADER_MAGIC;
  const reservedByte = file[20] ?? 0;
  const reserved = headerValid && reservedByte < 64 ? reservedByte : 0;
  const pages = pagesOf(file, wal, pageSize);
  const { free, known } = freePages(pages, pageSize);
  const out: SalvagedRecords = { tableRows: [], indexRecords: [], damagedLeaves: 0, freelistKnown: known };
  for (const [number, page] of pages) {
    if (free.has(number)) continue;
    const type = page[number === 1 ? 100 : 0];
    if (type === TABLE_INTERIOR || type === INDEX_INTERIOR) continue;
    try {
      readLeaf(number, page, pageSize, reserved, pages, out);
    } catch (error) {
      if (!(error instanceof BadPage) && !(error instanceof RangeError) && !(error instanceof TypeError)) throw error;
      // Overflow pages (read through the cells that point at them) are no damage; a leaf that fails is.
      if (type === TABLE_LEAF || type === INDEX_LEAF) out.damagedLeaves++;
    }
  }
  return out;
}
