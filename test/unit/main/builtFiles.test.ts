import { join } from 'node:path';
import { expect, it } from 'vitest';
import { builtFiles } from '../../../src/main/core/builtFiles.ts';

it('finds the CommonJS preload and the renderer page next to the built main script', () => {
  const files = builtFiles(join('/app', 'out', 'main'));
  expect(files.preload).toBe(join('/app', 'out', 'preload', 'index.cjs'));
  expect(files.rendererHtml).toBe(join('/app', 'out', 'renderer', 'index.html'));
});
