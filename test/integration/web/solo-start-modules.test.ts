// A web host that works alone never loads PouchDB: the team workspace (and its storage, about a
// hundred modules) is imported only when the device joins a team (teamConnection.ts). Every
// end-to-end test starts a host, most of them solo, so this is part of what keeps `npm test` under
// its time (docs/decisions/0080-npm-test-time.md). The check loads the real module graph in a child
// Node with a loader hook that lists every module it loads.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

// Writes each loaded module's address to stderr, one a line (stdout stays free for the answer).
const LIST_LOADS = `data:text/javascript,${encodeURIComponent(
  "import { registerHooks } from 'node:module'; registerHooks({ load(url, context, next) { process.stderr.write(url + '\\n'); return next(url, context); } });",
)}`;

/** Every module that importing `entry` loads (its static graph), as file addresses. */
function modulesLoadedBy(entry: string): string[] {
  const script = `await import(${JSON.stringify(pathToFileURL(resolve(ROOT, entry)).href)}); process.stdout.write('loaded');`;
  const run = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', '--import', LIST_LOADS, '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  expect(run.stdout, run.stderr).toBe('loaded');
  return run.stderr.split('\n').filter((line) => line.startsWith('file:') || line.startsWith('node:'));
}

const isPouchDb = (url: string) => url.includes('/node_modules/pouchdb/');

describe('a solo web host', () => {
  it('loads the whole core without PouchDB, which the team workspace module loads', () => {
    const webApp = modulesLoadedBy('src/main/web/webApp.ts');
    expect(webApp.some((url) => url.endsWith('/src/main/core/app/createAppCore.ts'))).toBe(true);
    expect(webApp.some((url) => url.endsWith('/src/main/core/app/teamConnection.ts'))).toBe(true);
    expect(webApp.filter(isPouchDb)).toEqual([]);
    // The same check sees PouchDB where it is loaded.
    expect(modulesLoadedBy('src/main/core/team/teamWorkspace.ts').some(isPouchDb)).toBe(true);
  });
});
