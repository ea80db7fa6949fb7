// What `npm run sync-server` leaves on disk: its data folder (workspaces, `_users`, the log, the
// admin password) belongs to its own account only, even when the folder was made earlier with
// looser rights; and member passwords are kept as CouchDB 3.4 keeps them (PBKDF2-SHA256, 600,000
// iterations), never in the clear.
import type { ChildProcess } from 'node:child_process';
import { pbkdf2Sync } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSyncServerProcess } from '../../support/syncServerProcess.ts';
import { basic, call, changeDoc } from './support/hostileHttp.ts';

const root = mkdtempSync(join(tmpdir(), 'sync-server-files-'));
const dataDir = join(root, 'data');
const ADMIN = basic('admin', 'files-admin-password');
const ann = basic('ann', 'ann-password');
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  // A folder made before, open to everyone, with a file in it.
  mkdirSync(dataDir, { mode: 0o755 });
  chmodSync(dataDir, 0o755);
  writeFileSync(join(dataDir, 'notes.txt'), 'left here', { mode: 0o644 });
  chmodSync(join(dataDir, 'notes.txt'), 0o644);
  writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password' }));
  const server = await startSyncServerProcess({
    dataDir,
    workspaces: ['agency'],
    membersFile: join(root, 'members.json'),
    adminPassword: 'files-admin-password',
  });
  child = server.child;
  url = server.url;
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function walk(path: string): string[] {
  return [path, ...(statSync(path).isDirectory() ? readdirSync(path).flatMap((entry) => walk(join(path, entry))) : [])];
}

it('keeps its data folder, its log and its LevelDB files to its own account', async () => {
  for (let index = 0; index < 20; index += 1) {
    const doc = changeDoc('ann', 'laptop', `facebook:f${index}`, { padding: 'x'.repeat(1000) });
    expect((await call(url, 'PUT', `/agency/${encodeURIComponent(String(doc._id))}`, { auth: ann, body: doc })).status).toBe(201);
  }
  const paths = walk(dataDir);
  const names = paths.map((path) => path.slice(dataDir.length));
  expect(names).toContain('/log.txt');
  expect(names.some((name) => /\/agency\/.*\.log$/.test(name) || name.includes('/agency/MANIFEST'))).toBe(true);
  expect(names.some((name) => name.includes('_users'))).toBe(true);
  const loose = paths
    .map((path) => ({ path: path.slice(dataDir.length) || '/', mode: statSync(path).mode & 0o777, dir: statSync(path).isDirectory() }))
    .filter(({ mode, dir }) => (dir ? mode !== 0o700 : (mode & 0o077) !== 0));
  expect(loose).toEqual([]);
});

it('keeps member passwords as CouchDB 3.4 does: PBKDF2 with SHA-256, 600,000 iterations', async () => {
  const stored = (await call(url, 'GET', '/_users/org.couchdb.user:ann', { auth: ADMIN })).body;
  expect(stored).toMatchObject({ password_scheme: 'pbkdf2', pbkdf2_prf: 'sha256', iterations: 600_000 });
  expect(stored).not.toHaveProperty('password');
  expect(JSON.stringify(stored)).not.toContain('ann-password');
  const salt = String(stored.salt);
  expect(pbkdf2Sync('ann-password', salt, 600_000, 32, 'sha256').toString('hex')).toBe(stored.derived_key);
  // And she signs in with it (once checked, it is remembered: the next request does not pay 600,000 iterations again).
  expect((await call(url, 'GET', '/agency', { auth: ann })).status).toBe(200);
  expect((await call(url, 'GET', '/agency', { auth: basic('ann', 'ann-passwore') })).status).toBe(401);
});
