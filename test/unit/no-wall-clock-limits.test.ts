// `npm test` asserts no speed: a loaded machine must not fail it (seed.test.ts once asserted "under
// 300 ms" and failed a clean clone's run at 328 ms). Speeds belong in test/bench and BENCHMARKS.md.
// This reads every test of the suites npm test runs and finds an upper bound (toBeLessThan…) on a
// value measured with the wall clock (performance.now or process.hrtime) a few lines before it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const SUITES = ['test/unit', 'test/integration', 'test/chaos'];
const CLOCK = /performance\.now\(|process\.hrtime|hrtime\.bigint\(/;
const UPPER_BOUND = /\.toBeLessThan(OrEqual)?\(/;
/** How far above an upper bound a clock reading is looked for (a measurement and its check sit together). */
const WINDOW_LINES = 8;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** "file:line" of each upper bound with a wall-clock reading within the lines above it. */
function wallClockLimits(file: string, text: string): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (!UPPER_BOUND.test(line)) return;
    if (lines.slice(Math.max(0, index - WINDOW_LINES), index + 1).some((above) => CLOCK.test(above))) found.push(`${file}:${index + 1}`);
  });
  return found;
}

describe('no wall-clock limits in the tests npm test runs', () => {
  it('finds the kind it looks for (the assertion seed.test.ts had)', () => {
    const removed = [
      "it('builds in well under 300 ms', () => {",
      '  const times = [1, 2, 3].map((seed) => {',
      '    const start = performance.now();',
      '    seeded(seed);',
      '    return performance.now() - start;',
      '  });',
      '  expect(Math.min(...times)).toBeLessThan(300);',
      '});',
    ].join('\n');
    expect(wallClockLimits('seed.test.ts', removed)).toEqual(['seed.test.ts:7']);
    // A lower bound (an injected delay was waited for) is no speed limit.
    expect(wallClockLimits('faults.test.ts', 'const started = performance.now();\nexpect(performance.now() - started).toBeGreaterThanOrEqual(250);')).toEqual(
      [],
    );
  });

  it('there are none in test/unit, test/integration and test/chaos', () => {
    const self = resolve(import.meta.filename);
    const found = SUITES.flatMap((suite) => testFiles(join(repo, suite)))
      .filter((file) => file !== self)
      .flatMap((file) => wallClockLimits(relative(repo, file), readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
