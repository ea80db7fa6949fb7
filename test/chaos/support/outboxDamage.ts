// The damages of the outbox chaos suite, over a closed queue file: a page of a table (or index)
// overwritten with garbage, the file cut (to nothing, in half, in the middle of a page), a folder
// in its place. Each says which rows it destroyed, from the file's own bytes before the damage: a
// row is gone when the leaf page holding it is overwritten or cut off; every other row must come
// back.
import { mkdirSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { overwritePage, PAGE_SIZE, pagesOf } from '../../support/sqlitePages.ts';

export interface Damage {
  name: string;
  /** Damages the file; answers the texts (ids, keys) of the rows it destroyed. */
  apply(file: string, rowKeys: readonly string[], table: string): Set<string>;
}

/** The pages that hold the table's rows (its leaf pages): the rows on them, by the key found in their bytes. */
function rowPages(file: string, table: string, rowKeys: readonly string[]): Map<number, string[]> {
  const db = new DatabaseSync(file, { readOnly: true });
  const leaves = (db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf'").all(table) as { pageno: number }[]).map((r) => r.pageno);
  const root = (db.prepare('SELECT rootpage FROM sqlite_schema WHERE name = ?').get(table) as { rootpage: number } | undefined)?.rootpage;
  db.close();
  if (root !== undefined && !leaves.includes(root)) {
    // A table of one page: its root is its leaf (dbstat calls it "leaf" too, but be sure).
    const db2 = new DatabaseSync(file, { readOnly: true });
    const count = (db2.prepare('SELECT count(*) AS n FROM dbstat WHERE name = ?').get(table) as { n: number }).n;
    db2.close();
    if (count === 1) leaves.push(root);
  }
  const bytes = readFileSync(file);
  const found = new Map<number, string[]>();
  for (const page of leaves) {
    const text = bytes.subarray((page - 1) * PAGE_SIZE, page * PAGE_SIZE).toString('latin1');
    found.set(
      page,
      rowKeys.filter((key) => text.includes(key)),
    );
  }
  return found;
}

/** Overwrites the `index`-th page of `object` (a table or an index; sqlite_schema is page 1). */
export function pageDamage(object: string, index: number): Damage {
  return {
    name: `page ${index + 1} of ${object}`,
    apply(file, rowKeys, table) {
      const pages = object === 'sqlite_schema' ? [1] : pagesOf(file, object);
      const page = pages[index % pages.length]!;
      const onPage = rowPages(file, table, rowKeys).get(page) ?? [];
      overwritePage(file, page);
      return new Set(onPage);
    },
  };
}

/** How many pages of an object the file has (to damage each in the long run). */
export function pageCount(file: string, object: string): number {
  return object === 'sqlite_schema' ? 1 : pagesOf(file, object).length;
}

/** Cuts the file to `bytes(size)` bytes. */
export function truncation(name: string, bytes: (size: number) => number): Damage {
  return {
    name,
    apply(file, rowKeys, table) {
      const cut = bytes(statSync(file).size);
      const lost = new Set<string>();
      for (const [page, keys] of rowPages(file, table, rowKeys)) if (page * PAGE_SIZE > cut) for (const key of keys) lost.add(key);
      truncateSync(file, cut);
      return lost;
    },
  };
}

export const TRUNCATIONS: readonly Damage[] = [
  truncation('cut to 0 bytes', () => 0),
  truncation('cut in half (on a page boundary)', (size) => Math.floor(size / PAGE_SIZE / 2) * PAGE_SIZE),
  truncation('cut in the middle of a page', (size) => Math.floor(size / PAGE_SIZE / 2) * PAGE_SIZE + PAGE_SIZE / 2 + 123),
];

/** The file replaced by a folder (unreadable: running as root, permissions would not stop a read). */
export const FOLDER_IN_PLACE: Damage = {
  name: "a folder in the file's place",
  apply(file, rowKeys) {
    rmSync(file, { force: true });
    mkdirSync(file);
    return new Set(rowKeys);
  },
};
