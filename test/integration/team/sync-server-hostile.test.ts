// `npm run sync-server` (its own process, as a team runs it) against a member who writes straight
// to it with her own password, and against strangers: it refuses what CouchDB 3 refuses (the
// workspace's `_security` and design documents are an admin's, by every path that reaches them;
// junk credentials read nothing; a member reads only her workspaces), bounds bodies however they
// are encoded, answers bad `_changes` filters with an error, and never ends on a request.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServerProcess } from '../../support/syncServerProcess.ts';
import { basic, call, changeDoc, residentMiB, sendChunked } from './support/hostileHttp.ts';

const ADMIN = basic('admin', 'hostile-admin-password');
const ann = basic('ann', 'ann-password');
const carl = basic('carl', 'carl-password');
const root = mkdtempSync(join(tmpdir(), 'sync-server-hostile-'));
let child: ChildProcess;
let url: string;
let ownSecurity: unknown;
let ownDesign: Record<string, unknown>;
/** A change of ann's in `team` and one of carl's in `other` (their ids, as addresses). */
let a1 = '';
let c1 = '';

beforeAll(async () => {
  writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password', bob: 'bob-password', carl: 'carl-password' }));
  const server = await startSyncServerProcess({
    dataDir: join(root, 'data'),
    workspaces: ['team', 'other'],
    membersFile: join(root, 'members.json'),
    adminPassword: 'hostile-admin-password',
  });
  child = server.child;
  url = server.url;
  // team: ann and bob; other: carl only.
  expect(
    (await call(url, 'PUT', '/team/_security', { auth: ADMIN, body: { admins: { names: [], roles: [] }, members: { names: ['ann', 'bob'], roles: [] } } }))
      .status,
  ).toBe(200);
  expect(
    (await call(url, 'PUT', '/other/_security', { auth: ADMIN, body: { admins: { names: [], roles: [] }, members: { names: ['carl'], roles: [] } } })).status,
  ).toBe(200);
  const annChange = changeDoc('ann', 'laptop', 'facebook:a1');
  const carlChange = changeDoc('carl', 'phone', 'facebook:c1', { secret: 'carl-only' });
  a1 = encodeURIComponent(String(annChange._id));
  c1 = encodeURIComponent(String(carlChange._id));
  expect((await call(url, 'PUT', `/team/${a1}`, { auth: ann, body: annChange })).status).toBe(201);
  expect((await call(url, 'PUT', `/other/${c1}`, { auth: carl, body: carlChange })).status).toBe(201);
  ownSecurity = (await call(url, 'GET', '/team/_security', { auth: ADMIN })).body;
  ownDesign = (await call(url, 'GET', '/team/_design/team', { auth: ADMIN })).body;
}, 120_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function stillServing(): Promise<void> {
  expect(child.exitCode).toBeNull();
  expect((await call(url, 'GET', '/team', { auth: ann })).status).toBe(200);
}

describe('the sync server against a hostile member', () => {
  it('never lets a member write the workspace security, by any path', async () => {
    const admins = { admins: { names: ['ann'], roles: [] }, members: { names: ['ann'], roles: [] } };
    const attempts: [string, string, { body?: unknown; headers?: Record<string, string> }][] = [
      ['PUT', '/team/_security', { body: admins }],
      ['PUT', '/team/_local/_security', { body: admins }],
      ['PUT', '/team/_local%2F_security', { body: admins }],
      ['PUT', '/team/_local/%5Fsecurity', { body: admins }],
      ['POST', '/team', { body: { _id: '_local/_security', ...admins } }],
      ['POST', '/team/_bulk_docs', { body: { docs: [{ _id: '_local/_security', ...admins }] } }],
      ['POST', '/team/_bulk_docs', { body: { new_edits: false, docs: [{ _id: '_local/_security', _rev: '0-9', ...admins }] } }],
      ['POST', '/team/_bulk_docs', { body: [{ _id: '_local/_security', ...admins }] }],
      ['PUT', '/team/change:x1', { body: { _id: '_local/_security', ...admins } }],
      ['PUT', '/team/change:x2?id=_local/_security', { body: admins }],
      ['COPY', `/team/${a1}`, { headers: { destination: '_local/_security' } }],
      [
        'PUT',
        '/team/change:x3',
        {
          headers: { 'content-type': 'multipart/related; boundary=b' },
          body: `--b\r\ncontent-type: application/json\r\n\r\n${JSON.stringify({ _id: '_local/_security', ...admins })}\r\n--b--`,
        },
      ],
    ];
    for (const [method, path, options] of attempts) {
      const answer = await call(url, method, path, { auth: ann, ...options });
      expect({ method, path, status: answer.status }).toMatchObject({ method, path, status: expect.toBeOneOf([400, 403, 415]) });
    }
    expect((await call(url, 'GET', '/team/_security', { auth: ADMIN })).body).toEqual(ownSecurity);
    // Had any of them worked, ann (as a workspace admin) could now replace the rules.
    expect((await call(url, 'PUT', '/team/_design/team', { auth: ann, body: { validate_doc_update: 'function(){}' } })).status).toBe(403);
    await stillServing();
  });

  it('never lets a member write a design document, by any path', async () => {
    const rules = { validate_doc_update: 'function () {}' };
    const attempts: [string, string, { body?: unknown; headers?: Record<string, string> }][] = [
      ['PUT', '/team/_design/team', { body: rules }],
      ['PUT', '/team/_design%2Fteam', { body: rules }],
      ['PUT', '/team/_design/other', { body: rules }],
      ['POST', '/team', { body: { _id: '_design/team', ...rules } }],
      ['POST', '/team/_bulk_docs', { body: { docs: [{ _id: '_design/x', ...rules }] } }],
      ['POST', '/team/_bulk_docs', { body: { new_edits: false, docs: [{ _id: '_design/team', _rev: '9-f', ...rules }] } }],
      ['PUT', '/team/change:y1', { body: { _id: '_design/team', ...rules } }],
      ['PUT', '/team/change:y2?id=_design/team', { body: rules }],
      ['COPY', `/team/${a1}`, { headers: { destination: '_design/team' } }],
      ['DELETE', `/team/_design/team?rev=${String(ownDesign._rev)}`, {}],
      ['PUT', '/team/_design/team/attachment.js', { body: 'x', headers: { 'content-type': 'text/plain' } }],
    ];
    for (const [method, path, options] of attempts) {
      const answer = await call(url, method, path, { auth: ann, ...options });
      expect({ method, path, status: answer.status }).toMatchObject({ method, path, status: expect.toBeOneOf([400, 403, 415]) });
    }
    expect((await call(url, 'GET', '/team/_design/team', { auth: ADMIN })).body).toEqual(ownDesign);
    expect((await call(url, 'GET', '/team/_design/x', { auth: ADMIN })).status).toBe(404);
    await stillServing();
  });

  it('refuses junk credentials on every endpoint and returns no documents', async () => {
    const forgedCookie = Buffer.concat([
      Buffer.from(
        `ann:${Math.floor(Date.now() / 1000)
          .toString(16)
          .toUpperCase()}:`,
      ),
      Buffer.alloc(20, 7),
    ]).toString('base64url');
    const junk: Record<string, string>[] = [
      { authorization: 'Basic junk' },
      { authorization: 'Basic Zm9vYmFy' },
      { authorization: 'Bearer abc' },
      { authorization: basic('ann', 'not-her-password') },
      { authorization: basic('nobody', 'whatever-password') },
      { cookie: 'AuthSession=junk' },
      { cookie: `AuthSession=${forgedCookie}` },
    ];
    const endpoints: [string, string, unknown][] = [
      ['POST', '/team/_bulk_get', { docs: [{ id: decodeURIComponent(a1) }] }],
      ['POST', '/other/_bulk_get', { docs: [{ id: decodeURIComponent(c1) }] }],
      ['GET', '/team/_all_docs?include_docs=true', undefined],
      ['POST', '/team/_all_docs', { keys: [decodeURIComponent(a1)] }],
      ['GET', '/team/_changes?include_docs=true', undefined],
      ['GET', `/team/${a1}`, undefined],
      ['POST', '/team/_revs_diff', { [decodeURIComponent(a1)]: ['1-x'] }],
      ['GET', '/team', undefined],
      ['GET', '/_all_dbs', undefined],
      ['GET', '/_users/org.couchdb.user:ann', undefined],
    ];
    for (const headers of junk) {
      for (const [method, path, body] of endpoints) {
        const answer = await call(url, method, path, { headers, body });
        expect({ headers, path, status: answer.status }).toEqual({ headers, path, status: 401 });
        expect(answer.text).not.toContain('carl-only');
        expect(answer.text).not.toContain('"who"');
      }
    }
    await stillServing();
  });

  it('lets a member read only the workspaces she belongs to', async () => {
    for (const [method, path, body] of [
      ['POST', '/other/_bulk_get', { docs: [{ id: decodeURIComponent(c1) }] }],
      ['GET', '/other/_all_docs?include_docs=true', undefined],
      ['GET', '/other/_changes?include_docs=true', undefined],
      ['GET', `/other/${c1}`, undefined],
      ['PUT', '/other/change:a9', changeDoc('ann', 'laptop', 'facebook:a9')],
    ] as const) {
      const answer = await call(url, method, path, { auth: ann, body });
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
      expect(answer.text).not.toContain('carl-only');
    }
    expect((await call(url, 'POST', '/other/_bulk_get', { auth: carl, body: { docs: [{ id: decodeURIComponent(c1) }] } })).text).toContain('carl-only');
  });

  it('signs a member in with a session cookie, as CouchDB does, and refuses it for another workspace', async () => {
    const session = await fetch(`${url}/_session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ann', password: 'ann-password' }),
    });
    expect(session.status).toBe(200);
    const cookie = /AuthSession=[^;]+/.exec(session.headers.get('set-cookie') ?? '')?.[0] ?? '';
    expect(cookie).not.toBe('');
    const withCookie = await fetch(`${url}/team/${a1}`, { headers: { cookie } });
    expect(withCookie.status).toBe(200);
    // The gate's own cookie for express-pouchdb never reaches a client (nor does one on Basic).
    expect(withCookie.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${url}/team/${a1}`, { headers: { authorization: ann } })).headers.get('set-cookie')).toBeNull();
    expect((await call(url, 'GET', `/other/${c1}`, { headers: { cookie } })).status).toBe(403);
    const wrong = await call(url, 'POST', '/_session', { body: { name: 'ann', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await call(url, 'POST', '/_session', { body: 'name=ann&password=ann-password', headers: form })).status).toBe(200);
    expect((await call(url, 'POST', '/_session', { body: 'name=ann&password=nope', headers: form })).status).toBe(401);
  });
});

describe('the sync server against large and compressed bodies', () => {
  const MiB = 1024 * 1024;
  function* zeros(total: number, chunk = MiB): Generator<Buffer> {
    const block = Buffer.alloc(chunk, 0x20);
    for (let sent = 0; sent < total; sent += chunk) yield block;
  }

  it('bounds a chunked body like a plain one', async () => {
    const status = await sendChunked(url, '/team/_bulk_docs', { authorization: ann }, () => zeros(40 * MiB));
    expect(status).toBeOneOf([413, 'closed']);
    await stillServing();
    expect(await residentMiB(child.pid ?? 0)).toBeLessThan(400);
  });

  it('counts a gzip body after decompression and stops at the bound (a bomb of 1 GiB of spaces)', async () => {
    // 64 gzip members of 16 MiB each (a gzip stream may hold several): 1 MiB on the wire.
    const member = gzipSync(Buffer.alloc(16 * MiB, 0x20));
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
    expect(bomb.length).toBeLessThan(16 * MiB);
    const answer = await call(url, 'POST', '/team/_bulk_docs', { auth: ann, body: bomb, headers: { 'content-encoding': 'gzip' } });
    expect(answer.status).toBe(413);
    await stillServing();
    expect(await residentMiB(child.pid ?? 0)).toBeLessThan(400);
  }, 120_000);

  it('neither ends nor bloats on 600 MiB of gzip without a login, nor with one', async () => {
    const gzipHead = gzipSync(Buffer.alloc(0));
    function* gzipStream(): Generator<Buffer> {
      yield gzipHead.subarray(0, 10);
      yield* zeros(600 * MiB);
    }
    expect(await sendChunked(url, '/team/_bulk_docs', { 'content-encoding': 'gzip' }, gzipStream)).toBeOneOf([401, 'closed']);
    await stillServing();
    expect(await sendChunked(url, '/team/_bulk_docs', { 'content-encoding': 'gzip', authorization: ann }, gzipStream)).toBeOneOf([400, 413, 'closed']);
    await stillServing();
    expect(await residentMiB(child.pid ?? 0)).toBeLessThan(400);
  }, 120_000);
});

describe('the sync server against odd requests', () => {
  it('answers each and keeps serving', async () => {
    const odd: [string, string, unknown][] = [
      ['POST', '/team/_bulk_docs', { docs: [{ _rev: 'x' }] }],
      ['POST', '/team/_bulk_docs', { new_edits: false, docs: [{ _id: 'change:x', _rev: '1-a', _revisions: { start: 'x', ids: 5 } }] }],
      ['POST', '/team/_bulk_docs', { docs: [{ _id: 5 }] }],
      ['POST', '/team/_bulk_docs', { docs: 'x' }],
      ['POST', '/team/_bulk_get', { docs: 'x' }],
      ['POST', '/team/_bulk_get', { docs: [5, null, { id: 5 }] }],
      ['POST', '/team/_revs_diff', [1, 2]],
      ['POST', '/team/_all_docs', { keys: 'x' }],
      ['GET', '/team/_all_docs?startkey=%7B&limit=-5', undefined],
      ['GET', '/team/_changes?since=junk&limit=-1', undefined],
      ['GET', '/team/x?rev=zz&revs=true&open_revs=junk', undefined],
      ['PUT', '/team/claim:y', 'null'],
      ['PUT', '/team/claim:y', '[1,2]'],
      ['POST', '/team', '5'],
      ['POST', '/team', '{"unterminated'],
      ['PUT', '/team/%E0%A4%A', {}],
      ['GET', '/./_users', undefined],
      ['GET', '/team/../_users/org.couchdb.user:ann', undefined],
    ];
    for (const [method, path, body] of odd) {
      const answer = await call(url, method, path, { auth: ann, body });
      expect({ path, answered: answer.status >= 200 && answer.status < 600 }).toEqual({ path, answered: true });
      expect(answer.text).not.toContain('derived_key');
    }
    await stillServing();
  });
});

describe('the sync server against bad changes filters', () => {
  it('answers each with an error and keeps serving', async () => {
    const queries = [
      'filter=_view&view=team/x',
      'filter=_view&view=nothing',
      'filter=_view',
      'filter=team/nothing',
      'filter=nothing',
      'filter=_selector',
      'filter=_doc_ids',
      'filter=%2F%2F',
      'filter=_design/x',
      'feed=longpoll&filter=team/nothing',
      'feed=longpoll&filter=_view&view=team/x',
      'feed=continuous&filter=_selector&timeout=100',
      'feed=continuous&filter=team/nothing&timeout=100',
    ];
    for (const query of queries) {
      const answer = await call(url, 'GET', `/team/_changes?${query}`, { auth: ann });
      expect({ query, served: child.exitCode === null && answer.status > 0 }).toEqual({ query, served: true });
      await stillServing();
    }
    for (const body of [{ selector: 5 }, { selector: { $bad: 1 } }, { doc_ids: 'x' }, []]) {
      await call(url, 'POST', '/team/_changes?filter=_selector', { auth: ann, body });
      await call(url, 'POST', '/team/_changes?filter=_doc_ids', { auth: ann, body });
      await stillServing();
    }
    expect((await call(url, 'GET', '/team/_changes?filter=team/nothing', { auth: ann })).status).toBe(404);
  }, 60_000);
});
