// `npm start` on a machine without Electron's binary must say so in one line and fail, instead of
// trying to download the binary or crashing with a stack trace.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

it('explains in one line that Electron is missing and exits non-zero', () => {
  const script = resolve(import.meta.dirname, '../../scripts/start.ts');
  const result = spawnSync(process.execPath, [script], {
    encoding: 'utf8',
    // Pointing at a binary that does not exist takes the "not available" path on every machine.
    env: { ...process.env, ELECTRON_EXEC_PATH: '/nonexistent/electron' },
  });
  expect(result.status).not.toBe(0);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/Electron's binary is not available on this machine.*npm run web/);
});
