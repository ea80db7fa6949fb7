// The sync server as a team's CouchDB would behave: admin party off, members sign in, and the
// workspace's validation function keeps the audit append-only and bound to its author, both for
// direct writes and for documents arriving by replication. Requests a member must not make are
// refused by the gate and leave the server answering.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { changeDoc } from './support/hostileHttp.ts';

const ADMIN_PASSWORD = 'admin-secret-1';
let dataDir: string;
let server: SyncServer;

function basic(name: string, password: string): string {
  return `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
}
const ann = basic('ann', 'ann-password');
const bob = basic('bob', 'bob-password');
const carl = basic('carl', 'carl-password');

async function call(method: string, path: string, auth: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sync-server-'));
  server = await startSyncServer({ dataDir, adminPassword: ADMIN_PASSWORD });
  await server.addMember('ann', 'ann-password');
  await server.addMember('bob', 'bob-password');
  await server.addMember('carl', 'carl-password');
  await server.createWorkspace('team', ['ann', 'bob']);
});

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the sync server', () => {
  it('listens on loopback only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lets nobody in without signing in, and only members into a workspace', async () => {
    expect((await call('GET', '/team/_all_docs', null)).status).toBe(401);
    expect((await call('GET', '/team', basic('ann', 'wrong-password'))).status).toBe(401);
    // Signed in but not a member: CouchDB 3 answers 403 (it did 401 before the gate decided it).
    expect((await call('GET', '/team', carl)).status).toBe(403);
    expect((await call('GET', '/team', ann)).status).toBe(200);
  });

  it('binds each change to its author and never lets it be changed or removed', async () => {
    const doc = changeDoc('ann', 'laptop', 'facebook:a1');
    const own = await call('PUT', `/team/${encodeURIComponent(String(doc._id))}`, ann, doc);
    expect(own.status).toBe(201);
    const bobs = changeDoc('bob', 'laptop', 'facebook:a2');
    const forged = await call('PUT', `/team/${encodeURIComponent(String(bobs._id))}`, ann, bobs);
    expect(forged.status).toBe(403);
    expect(forged.body.reason).toBe("Written in another member's name.");
    const rewritten = await call('PUT', `/team/${encodeURIComponent(String(doc._id))}`, ann, { ...doc, _rev: own.body.rev, seen: ['edited'] });
    expect(rewritten.status).toBe(403);
    const removed = await call('DELETE', `/team/${encodeURIComponent(String(doc._id))}?rev=${String(own.body.rev)}`, ann);
    expect(removed.status).toBe(403);
    expect((await call('PUT', '/team/anything', ann, { who: 'ann' })).status).toBe(403);
  });

  it('refuses a forged change arriving by replication (new_edits=false)', async () => {
    const forged: Record<string, unknown> = { ...changeDoc('bob', 'desktop', 'facebook:r1'), _rev: '1-0123456789abcdef0123456789abcdef' };
    const result = await call('POST', '/team/_bulk_docs', ann, { docs: [forged], new_edits: false });
    expect(result.status).toBe(201);
    expect((await call('GET', `/team/${encodeURIComponent(String(forged._id))}`, bob)).status).toBe(404);
  });

  it('lets only the author update their own outbox status and presence', async () => {
    const presence = { kind: 'presence', who: 'ann', device: 'laptop', composing: null, until: Date.now() + 45_000 };
    const first = await call('PUT', '/team/presence:ann:laptop', ann, presence);
    expect(first.status).toBe(201);
    expect((await call('PUT', '/team/presence:ann:laptop', ann, { ...presence, composing: 'facebook:c1', _rev: first.body.rev })).status).toBe(201);
    const taken = await call('GET', '/team/presence:ann:laptop', bob);
    expect((await call('PUT', '/team/presence:ann:laptop', bob, { ...presence, who: 'bob', _rev: taken.body._rev })).status).toBe(403);
  });

  it('keeps an update that arrives by replication (express-pouchdb 4.2.0 dropped it once validation was on)', async () => {
    const presence = { _id: 'presence:ann:tablet', kind: 'presence', who: 'ann', device: 'tablet', until: Date.now() + 45_000 };
    const first = { ...presence, _rev: '1-aaaa', _revisions: { start: 1, ids: ['aaaa'] }, composing: 'facebook:c1' };
    const second = { ...presence, _rev: '2-bbbb', _revisions: { start: 2, ids: ['bbbb', 'aaaa'] }, composing: null };
    expect((await call('POST', '/team/_bulk_docs', ann, { docs: [first], new_edits: false })).status).toBe(201);
    expect((await call('POST', '/team/_bulk_docs', ann, { docs: [second], new_edits: false })).status).toBe(201);
    const stored = await call('GET', '/team/presence:ann:tablet', bob);
    expect(stored.body).toMatchObject({ _rev: '2-bbbb', composing: null });
  });

  it('lets a claim be created once: the second creator is refused and the first keeps it', async () => {
    expect((await call('PUT', '/team/claim:x', ann, { kind: 'claim', who: 'ann', device: 'laptop', at: Date.now() })).status).toBe(201);
    // express-pouchdb validates before it checks revisions (403); CouchDB answers 409. The workspace reads the claim either way.
    expect([403, 409]).toContain((await call('PUT', '/team/claim:x', bob, { kind: 'claim', who: 'bob', device: 'desktop', at: Date.now() })).status);
    expect((await call('GET', '/team/claim:x', bob)).body.who).toBe('ann');
  });

  it('takes shared content only in its author’s own name, from members only, and lets nobody else change it', async () => {
    const content = (who: string) => ({ kind: 'content', who, device: 'laptop', scope: 'p1', at: Date.now(), writes: [] });
    const own = await call('PUT', '/team/content:p1:000001.ann', ann, content('ann'));
    expect(own.status).toBe(201);
    const forged = await call('PUT', '/team/content:p1:000002.ann', ann, content('bob'));
    expect(forged.status).toBe(403);
    expect(forged.body.reason).toBe("Written in another member's name.");
    const { who: _unsigned, ...unsigned } = content('ann');
    expect((await call('PUT', '/team/content:p1:000003.ann', ann, unsigned)).status).toBe(403);
    const overwritten = await call('PUT', '/team/content:p1:000001.ann', bob, { ...content('bob'), _rev: own.body.rev });
    expect(overwritten.status).toBe(403);
    expect((await call('DELETE', `/team/content:p1:000001.ann?rev=${String(own.body.rev)}`, bob)).status).toBe(403);
    // Signed in but not a member: CouchDB 3 answers 403.
    expect((await call('PUT', '/team/content:p1:000004.carl', carl, content('carl'))).status).toBe(403);
    expect((await call('GET', '/team/content:p1:000001.ann', bob)).body.who).toBe('ann');
  });

  it('refuses admin-only requests from members and keeps answering', async () => {
    // A member's PUT /<db> never answered in plain express-pouchdb (and rejected inside it).
    expect((await call('PUT', '/another', ann)).status).toBe(403);
    expect((await call('DELETE', '/team', ann)).status).toBe(403);
    expect((await call('GET', '/_config', ann)).status).toBe(403);
    expect((await call('GET', '/_users/_all_docs', ann)).status).toBe(403);
    expect((await call('POST', '/_replicate', ann, { source: 'team', target: 'http://127.0.0.1:9/x' })).status).toBe(403);
    expect((await call('PUT', '/team/_design/team', ann, { validate_doc_update: 'function(){}' })).status).toBe(403);
    expect((await call('PUT', '/team/_security', ann, {})).status).toBe(403);
    expect((await call('GET', '/team', ann)).status).toBe(200);
  });
});
