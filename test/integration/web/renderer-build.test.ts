// `npm run web` builds the renderer when out/renderer is missing, and two hosts started at once
// (parallel tests) never leave half a build behind. Run in a copy of the project's top level whose
// sources and node_modules are links to the real ones, so the real out/ is never touched.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, expect, it } from 'vitest';
import { ensureRendererBuilt, REPO_ROOT } from '../../../src/main/web/rendererBuild.ts';

const root = mkdtempSync(join(tmpdir(), 'web-build-'));
for (const name of ['node_modules', 'src', 'resources']) symlinkSync(join(REPO_ROOT, name), join(root, name));
// Every tsconfig at the top (tsconfig.json references them all; a missing one fails the build).
const tsconfigs = readdirSync(REPO_ROOT).filter((name) => /^tsconfig.*\.json$/.test(name));
for (const name of ['package.json', 'electron.vite.config.ts', ...tsconfigs]) {
  cpSync(join(REPO_ROOT, name), join(root, name));
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

function quietLog(): PassThrough {
  const log = new PassThrough();
  log.resume();
  return log;
}

it('builds when out/renderer is missing, once even when asked twice at the same time, and then not again', { timeout: 120_000 }, async () => {
  expect(existsSync(join(root, 'out', 'renderer'))).toBe(false);
  const built = await Promise.all([ensureRendererBuilt(quietLog(), root), ensureRendererBuilt(quietLog(), root)]);
  expect(built).toEqual([true, true]);
  expect(existsSync(join(root, 'out', 'renderer', 'index.html'))).toBe(true);
  expect(readdirSync(join(root, 'out'))).toEqual(['renderer']); // no scratch folder left behind
  expect(await ensureRendererBuilt(quietLog(), root)).toBe(false);
});
