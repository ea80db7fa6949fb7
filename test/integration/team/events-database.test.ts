// Live updates' events database (decision 0072) on the sync server, as the proxy's hook identity
// and the members reach it: the hook may only add small, well-formed events; nobody updates one;
// members remove only events more than a day old; the hook reads nothing and writes nowhere else.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneOldEvents } from '../../../src/main/core/team/liveEventPruning.ts';
import { EVENT_NETWORKS, MAX_EVENT_BYTES } from '../../../src/syncServer/eventsDesignDoc.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { NETWORKS } from '../../../src/shared/networks.ts';
import { basic, call } from './support/hostileHttp.ts';

const ann = basic('ann', 'ann-password');
const hook = basic('team-hook', 'hook-password-1');
let dataDir: string;
let server: SyncServer;

const comment = (extra: Record<string, unknown> = {}) => ({
  action: 'comments',
  created: new Date().toISOString(),
  refId: 'profile-1',
  platform: 'facebook',
  socialPostId: 'fb_post_1',
  id: 'fb_comment_1',
  ...extra,
});
const add = (body: unknown, auth = hook) => call(server.url, 'POST', '/team-events', { auth, body });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'events-database-'));
  server = await startSyncServer({ dataDir, adminPassword: 'events-admin-1' });
  await server.addMember('ann', 'ann-password');
  await server.createWorkspace('team', ['ann']);
  await server.createEvents('team', ['ann'], 'hook-password-1');
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the hook adds events', () => {
  it('takes a comments and a messages event as the service sends them', async () => {
    expect((await add(comment())).status).toBe(201);
    const message = {
      action: 'messages',
      subAction: 'messageCreated',
      created: new Date().toISOString(),
      refId: 'p',
      platform: 'instagram',
      conversationId: 'c1',
    };
    expect((await add(message)).status).toBe(201);
  });

  it('refuses events of the wrong shape', async () => {
    expect((await add(comment({ action: 'feed' }))).status).toBe(403);
    expect((await add(comment({ platform: 'myspace' }))).status).toBe(403);
    expect((await add(comment({ refId: 'r'.repeat(101) }))).status).toBe(403);
    expect((await add(comment({ created: 'yesterday' }))).status).toBe(403);
    expect((await add(comment({ socialPostId: undefined }))).status).toBe(403);
    expect((await add({ action: 'messages', created: new Date().toISOString(), refId: 'p', platform: 'facebook' })).status).toBe(403);
  });

  it(`refuses an event over ${MAX_EVENT_BYTES} bytes, counted in UTF-8`, async () => {
    expect((await add(comment({ comment: 'x'.repeat(MAX_EVENT_BYTES) }))).status).toBe(403);
    // 1,500 characters, 4,500 bytes.
    expect((await add(comment({ comment: '€'.repeat(1500) }))).status).toBe(403);
    expect((await add(comment({ comment: 'x'.repeat(3000) }))).status).toBe(201);
  });

  it('refuses an update of an event, by the hook or by a member', async () => {
    const added = await add(comment());
    const id = String(added.body.id);
    const rev = String(added.body.rev);
    const path = `/team-events/${encodeURIComponent(id)}`;
    // The hook's one route is POST to the database: an update in the body is refused by the validation function.
    expect((await add({ ...comment({ socialPostId: 'other' }), _id: id, _rev: rev })).status).toBe(403);
    expect((await call(server.url, 'PUT', path, { auth: ann, body: { ...comment(), _id: id, _rev: rev } })).status).toBe(403);
    expect((await call(server.url, 'PUT', path, { auth: hook, body: { ...comment(), _id: id, _rev: rev } })).status).toBe(403);
    const read = await call(server.url, 'GET', path, { auth: ann });
    expect(read.body.socialPostId).toBe('fb_post_1');
  });

  it('lets nobody but the admin remove a fresh event, and members remove one older than a day', async () => {
    const fresh = await add(comment());
    const freshPath = `/team-events/${encodeURIComponent(String(fresh.body.id))}?rev=${String(fresh.body.rev)}`;
    expect((await call(server.url, 'DELETE', freshPath, { auth: ann })).status).toBe(403);
    expect((await add({ _id: fresh.body.id, _rev: fresh.body.rev, _deleted: true })).status).toBe(403);
    const old = await add(comment({ created: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() }));
    expect(old.status).toBe(201);
    const oldPath = `/team-events/${encodeURIComponent(String(old.body.id))}?rev=${String(old.body.rev)}`;
    expect((await call(server.url, 'DELETE', oldPath, { auth: ann })).status).toBe(200);
  });
});

describe('the hook identity can do nothing else', () => {
  it('reads nothing, not even its own events', async () => {
    expect((await call(server.url, 'GET', '/team-events/_changes', { auth: hook })).status).toBe(403);
    expect((await call(server.url, 'GET', '/team-events', { auth: hook })).status).toBe(403);
    expect((await call(server.url, 'GET', '/team/_changes', { auth: hook })).status).toBe(403);
    expect((await call(server.url, 'GET', '/_all_dbs', { auth: hook })).status).toBe(403);
  });

  it('writes nowhere else: not the workspace, not by other routes of the events database', async () => {
    expect((await call(server.url, 'POST', '/team', { auth: hook, body: comment() })).status).toBe(403);
    expect((await call(server.url, 'POST', '/team-events/_bulk_docs', { auth: hook, body: { docs: [comment()] } })).status).toBe(403);
    expect((await call(server.url, 'PUT', '/team-events/_local/x', { auth: hook, body: comment() })).status).toBe(403);
    expect((await call(server.url, 'PUT', '/team-events/chosen-id', { auth: hook, body: comment() })).status).toBe(403);
    expect((await call(server.url, 'POST', '/team-events?batch=ok', { auth: hook, body: comment() })).status).toBe(403);
    const all = await call(server.url, 'GET', '/team/_all_docs', { auth: ann });
    expect((all.body.rows as unknown[]).length).toBe(1); // the team design document only
  });

  it('a member cannot add an event (only the hook does)', async () => {
    expect((await add(comment(), ann)).status).toBe(403);
  });

  it('no member may take a hook name', async () => {
    await expect(server.addMember('bob-hook', 'bob-password')).rejects.toThrow(/-hook/);
  });

  it('the validation function knows the same networks as the app', () => {
    expect([...EVENT_NETWORKS].sort()).toEqual([...NETWORKS].sort());
  });
});

describe('pruning', () => {
  it('a member removes the events more than a day old, page by page, and keeps the others', async () => {
    const old = new Date(Date.now() - 26 * 60 * 60 * 1000).toISOString();
    for (let n = 0; n < 7; n++) expect((await add(comment({ created: old, id: `old-${n}` }))).status).toBe(201);
    const fresh = await add(comment({ id: 'fresh' }));
    const removed = await pruneOldEvents({ databaseUrl: `${server.url}/team-events`, authorization: ann, now: Date.now(), pageSize: 3 });
    expect(removed).toBeGreaterThanOrEqual(7);
    const left = await call(server.url, 'GET', '/team-events/_all_docs?include_docs=true', { auth: ann });
    const docs = (left.body.rows as { doc: Record<string, unknown> }[]).map((row) => row.doc);
    expect(docs.some((doc) => doc._id === fresh.body.id)).toBe(true);
    expect(docs.filter((doc) => typeof doc.created === 'string' && Date.parse(doc.created) < Date.now() - 25 * 60 * 60 * 1000)).toEqual([]);
  });
});
