// Writes the sync benchmark's section of BENCHMARKS.md, replacing an earlier version of it and
// leaving every other section as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const SYNC_HEADING = '## Sync (npm run bench:sync)';

export function writeSyncSection(path: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(SYNC_HEADING);
  let next: string;
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  } else {
    const after = text.indexOf('\n## ', start + SYNC_HEADING.length);
    const rest = after === -1 ? '' : text.slice(after + 1);
    next = `${text.slice(0, start)}${section.trimEnd()}\n${rest === '' ? '' : `\n${rest}`}`;
  }
  writeFileSync(path, next);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
