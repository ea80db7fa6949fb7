// Damage an SQLite file the way a failing disk does: whole pages of one table overwritten with
// garbage, or the file cut short. The pages of each table come from SQLite's own dbstat view.
import { closeSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

export const PAGE_SIZE = 4096;

/** The pages of a table's b-tree (or an index's), root first. */
export function pagesOf(file: string, name: string): number[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno').all(name) as { pageno: number }[];
    const root = db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(name) as { rootpage: number } | undefined;
    const pages = rows.map((row) => row.pageno);
    return root === undefined ? pages : [root.rootpage, ...pages.filter((page) => page !== root.rootpage)];
  } finally {
    db.close();
  }
}

/** Every b-tree of the file: its tables (the full-text index's shadow tables among them) and indexes. */
export function btreesOf(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') AND rootpage > 0 AND name NOT LIKE 'sqlite_%' ORDER BY type DESC, name")
      .all() as { name: string }[];
    return rows.map((row) => row.name);
  } finally {
    db.close();
  }
}

/** Overwrites one page with bytes no b-tree page starts with (seeded, so a failure repeats). */
export function overwritePage(file: string, page: number, seed = page): void {
  const garbage = Buffer.alloc(PAGE_SIZE);
  let state = seed * 2654435761 + 1;
  for (let i = 0; i < PAGE_SIZE; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    garbage[i] = state >>> 24;
  }
  // The page type byte: 0xa5 is none of SQLite's (2, 5, 10, 13), so the page reads as damaged.
  garbage[0] = 0xa5;
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, garbage, 0, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  } finally {
    closeSync(fd);
  }
}

/** Cuts the file to `fraction` of its length (0: empty), on a page boundary. */
export function truncateTo(file: string, fraction: number): void {
  const pages = Math.floor((statSync(file).size / PAGE_SIZE) * fraction);
  truncateSync(file, pages * PAGE_SIZE);
}
