// The workspace's validation function (`_design/team`, the same text a team's CouchDB 3 runs)
// against a member who writes straight to the server with her own password: documents the app
// could not read, or that would bend every device (a claim without its fields, a lease or presence
// for ever, a change whose id says something else than it holds, a stamp far in the future, a
// document too large), are refused by the server itself, written directly or by replication; the
// app's own documents still pass.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LEASE_MS, MAX_PRESENCE_MS } from '../../../src/syncServer/teamDesignDoc.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { basic, call as callServer, changeDoc, stamp } from './support/hostileHttp.ts';

const HOUR = 60 * 60 * 1000;
const ann = basic('ann', 'ann-password');
const bob = basic('bob', 'bob-password');
let dataDir: string;
let server: SyncServer;

const at = (id: string) => `/team/${encodeURIComponent(id)}`;
const put = (id: string, body: Record<string, unknown>, auth = ann) => callServer(server.url, 'PUT', at(id), { auth, body: { ...body, _id: id } });

/** Written by replication (as PouchDB pushes), then read back: null when the server did not keep it. */
async function replicated(doc: Record<string, unknown>): Promise<unknown> {
  const answer = await callServer(server.url, 'POST', '/team/_bulk_docs', {
    auth: ann,
    body: { new_edits: false, docs: [{ _rev: '1-0123456789abcdef0123456789abcdef', ...doc }] },
  });
  expect(answer.status).toBe(201);
  const read = await callServer(server.url, 'GET', at(String(doc._id)), { auth: bob });
  return read.status === 200 ? read.body : null;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sync-server-validation-'));
  server = await startSyncServer({ dataDir, adminPassword: 'validation-admin-1' });
  await server.addMember('ann', 'ann-password');
  await server.addMember('bob', 'bob-password');
  await server.createWorkspace('team', ['ann', 'bob']);
}, 60_000);

afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('claims', () => {
  it('refuses a claim without its fields, and takes the app’s', async () => {
    expect((await put('claim:reply:facebook:c1', { kind: 'claim', who: 'ann' })).status).toBe(403);
    expect((await put('claim:reply:facebook:c2', { kind: 'claim', who: 'ann', device: 'laptop' })).status).toBe(403);
    expect((await put('claim:reply:facebook:c3', { kind: 'claim', who: 'ann', device: 'laptop', at: 'now' })).status).toBe(403);
    expect((await put('claim:reply:facebook:c4', { who: 'ann', device: 'laptop', at: Date.now() })).status).toBe(403);
    expect(await replicated({ _id: 'claim:reply:facebook:c5', kind: 'claim', who: 'ann' })).toBeNull();
    expect((await put('claim:reply:facebook:c6', { kind: 'claim', who: 'ann', device: 'laptop', at: Date.now() })).status).toBe(201);
  });
});

describe('leases', () => {
  it(`refuses a lease beyond ${MAX_LEASE_MS / 60_000} minutes from now, and takes the app’s 90 s one`, async () => {
    expect((await put('lease:profile-1', { kind: 'lease', holder: 'ann', device: 'laptop', until: 9e15 })).status).toBe(403);
    expect((await put('lease:profile-1', { kind: 'lease', holder: 'ann', device: 'laptop', until: Date.now() + MAX_LEASE_MS + 60_000 })).status).toBe(403);
    expect((await put('lease:profile-1', { kind: 'lease', holder: 'ann', device: 'laptop', until: 'later' })).status).toBe(403);
    expect((await put('lease:profile-1', { kind: 'lease', holder: 'ann', until: Date.now() + 90_000 })).status).toBe(403);
    expect(await replicated({ _id: 'lease:profile-2', kind: 'lease', holder: 'ann', device: 'laptop', until: 9e15 })).toBeNull();
    expect((await put('lease:profile-1', { kind: 'lease', holder: 'ann', device: 'laptop', until: Date.now() + 90_000 })).status).toBe(201);
  });
});

describe('the change log', () => {
  it('refuses a change whose id does not say what it holds', async () => {
    const own = changeDoc('ann', 'laptop', 'facebook:l1');
    // Another item's, another stamp's, another device's id; a change naming another author inside.
    expect((await put(`change:facebook:l2:${String(own.hlc)}`, own)).status).toBe(403);
    expect((await put(`change:facebook:l1:${stamp(Date.now() - 1000, 'laptop')}`, own)).status).toBe(403);
    const otherDevice = changeDoc('ann', 'laptop', 'facebook:l1', { hlc: stamp(Date.now(), 'desktop') });
    expect((await put(`change:facebook:l1:${String(otherDevice.hlc)}`, otherDevice)).status).toBe(403);
    const bobsInside = changeDoc('ann', 'laptop', 'facebook:l3');
    bobsInside.change = { ...(bobsInside.change as object), who: 'bob' };
    expect((await put(String(bobsInside._id), bobsInside)).status).toBe(403);
    expect((await put(String(own._id), { ...own, change: 'done' })).status).toBe(403);
    expect(await replicated({ ...own, _id: `change:facebook:l9:${String(own.hlc)}` })).toBeNull();
    expect((await put(String(own._id), own)).status).toBe(201);
  });

  it('refuses an event whose entry id is not its device and stamp (the audit cannot be rewritten)', async () => {
    const hlc = stamp(Date.now(), 'laptop');
    const event = { kind: 'event', itemKey: 'facebook:e1', who: 'ann', device: 'laptop', hlc, seen: [], event: 'reply-sent', at: Date.now() };
    expect((await put(`event:facebook:e1:${hlc}`, { ...event, id: 'desktop:000001700000000000.000000.desktop' })).status).toBe(403);
    expect((await put(`event:facebook:e2:${hlc}`, { ...event, id: `laptop:${hlc}` })).status).toBe(403);
    expect((await put(`event:facebook:e1:${hlc}`, { ...event, id: `laptop:${hlc}` })).status).toBe(201);
  });

  it('refuses a stamp an hour or more ahead of the server’s clock, or not a stamp at all', async () => {
    for (const hlc of [stamp(Date.now() + 23 * HOUR, 'laptop', 999_999), stamp(999_999_999_999_999, 'laptop'), `${Date.now()}.1.laptop`, 'soon']) {
      const doc = changeDoc('ann', 'laptop', 'facebook:s1', { hlc });
      expect({ hlc, status: (await put(`change:facebook:s1:${hlc}`, doc)).status }).toEqual({ hlc, status: 403 });
    }
    const fine = changeDoc('ann', 'laptop', 'facebook:s1', {});
    const ahead = stamp(Date.now() + 5 * 60_000, 'laptop');
    expect((await put(`change:facebook:s1:${ahead}`, { ...fine, hlc: ahead })).status).toBe(201);
  });
});

describe('settings', () => {
  it('refuses a settings field stamped far in the future, and takes the app’s', async () => {
    const settings = (at: string) => ({
      kind: 'settings',
      who: 'ann',
      device: 'laptop',
      scope: 'saved-replies',
      id: 'r1',
      fields: { text: { value: 'Hi', at, who: 'ann', device: 'laptop' } },
    });
    expect((await put('settings:saved-replies:r1:laptop', settings('999999999999999.999999.laptop'))).status).toBe(403);
    expect((await put('settings:saved-replies:r1:laptop', settings(stamp(Date.now() + 2 * HOUR, 'laptop')))).status).toBe(403);
    expect((await put('settings:saved-replies:r1:desktop', settings(stamp(Date.now(), 'laptop')))).status).toBe(403);
    expect((await put('settings:saved-replies:r1:laptop', settings(stamp(Date.now(), 'laptop')))).status).toBe(201);
  });
});

describe('presence', () => {
  it(`refuses presence beyond ${MAX_PRESENCE_MS / 60_000} minutes, or under another name, and takes the app’s 45 s`, async () => {
    const presence = { kind: 'presence', who: 'ann', device: 'laptop', composing: 'facebook:c1' };
    expect((await put('presence:ann:laptop', { ...presence, until: 9e15 })).status).toBe(403);
    expect((await put('presence:ann:laptop', { ...presence, until: Date.now() + MAX_PRESENCE_MS + 60_000 })).status).toBe(403);
    expect((await put('presence:ann:desktop', { ...presence, until: Date.now() + 45_000 })).status).toBe(403);
    expect(await replicated({ _id: 'presence:ann:phone', ...presence, device: 'phone', until: 9e15 })).toBeNull();
    expect((await put('presence:ann:laptop', { ...presence, until: Date.now() + 45_000 })).status).toBe(201);
  });
});

describe('size', () => {
  it('refuses a document over 256 KiB, even one the request limit lets through', async () => {
    const content = (padding: number) => ({
      kind: 'content',
      who: 'ann',
      device: 'laptop',
      scope: 'p9',
      at: Date.now(),
      writes: [{ padding: 'x'.repeat(padding) }],
    });
    expect((await put('content:p9:000001.laptop', content(300 * 1024))).status).toBe(403);
    expect((await put('content:p9:000002.laptop', content(12 * 1024 * 1024))).status).toBe(403);
    expect((await put('content:p9:000003.laptop', content(100 * 1024))).status).toBe(201);
  });
});
