// Writes the benchmark's section of BENCHMARKS.md, replacing an earlier version of it and leaving
// every other section (the sandbox's) as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const HEADING = '## Service client (npm run bench)';

export function writeSection(path: string, section: string): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(HEADING);
  let next: string;
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${section.trimEnd()}\n`;
  } else {
    const after = text.indexOf('\n## ', start + HEADING.length);
    const rest = after === -1 ? '' : text.slice(after + 1);
    next = `${text.slice(0, start)}${section.trimEnd()}\n${rest === '' ? '' : `\n${rest}`}`;
  }
  writeFileSync(path, next);
}
