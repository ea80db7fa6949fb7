// Issue 22's "a device restarted mid-replication loses nothing": a device records 3,000 changes
// and is closed, or its process killed hard (SIGKILL), while its push is under way; another device
// is killed while it pulls. Opened again, every change reaches the server and the other devices,
// none twice (one document per change, never rewritten, no conflicts), and a device killed while
// pulling goes on from its checkpoint rather than reading the workspace again from the start.
// The devices reach the sync server through a slow relay (each chunk held a while) so that the
// replication is still under way when the test stops them; each test checks that it was.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import PouchDB from 'pouchdb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTeamWorkspace, type TeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { type RecordingRelay, startRecordingRelay } from './support/recordingRelay.ts';

const CHANGES = 3000;
const ADMIN_PASSWORD = 'mid-replication-admin';
const CHILD = resolve(import.meta.dirname, 'support/workspaceChild.ts');
const root = mkdtempSync(join(tmpdir(), 'team-mid-replication-'));
let server: SyncServer;
let relay: RecordingRelay;
let desktop: TeamWorkspace;
const children = new Set<ChildProcess>();

const PASSWORDS: Record<string, string> = { ann: 'ann-password', bob: 'bob-password' };

function open(member: string, device: string, through: string): Promise<TeamWorkspace> {
  return openTeamWorkspace({
    serverUrl: through,
    workspace: 'agency',
    member,
    device,
    credentials: { username: member, password: PASSWORDS[member] ?? '' },
    dataDir: join(root, device),
    retry: { firstMs: 50, longestMs: 400 },
  });
}

function changesOf(device: string) {
  return Array.from({ length: CHANGES }, (_, n) => ({
    id: `${device}-${n}`,
    itemKey: `facebook:${device}-m${n}`,
    field: 'done' as const,
    from: false,
    to: true,
    who: 'ann',
    device,
    at: n,
  }));
}

/** The workspace's change documents on the server, read as its admin. */
async function onServer(): Promise<{ _id: string; _rev: string; device: string; change: { id: string } }[]> {
  const query = `include_docs=true&startkey=${encodeURIComponent('"change:"')}&endkey=${encodeURIComponent('"change:\ufff0"')}`;
  const response = await fetch(`${server.url}/agency/_all_docs?${query}`, {
    headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` },
  });
  const body = (await response.json()) as { rows: { doc: { _id: string; _rev: string; device: string; change: { id: string } } }[] };
  return body.rows.map((row) => row.doc);
}

/** How many documents the workspace has on the server (cheaper than reading them, for polling). */
async function documentsOnServer(): Promise<number> {
  const response = await fetch(`${server.url}/agency`, { headers: { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` } });
  return ((await response.json()) as { doc_count: number }).doc_count;
}

async function countOnServer(device: string): Promise<number> {
  return (await onServer()).filter((doc) => doc.device === device).length;
}

/** Waits until `check` holds (a guard against hangs, not a speed target). */
async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 90_000; waited += 20) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`never happened: ${what}`);
}

/** Every change of `device` is on the server once: one document each, written once, no two for one change. */
async function expectEachOnceOnServer(device: string): Promise<void> {
  const docs = (await onServer()).filter((doc) => doc.device === device);
  expect(docs).toHaveLength(CHANGES);
  expect(new Set(docs.map((doc) => doc.change.id)).size).toBe(CHANGES);
  expect(docs.filter((doc) => !doc._rev.startsWith('1-'))).toEqual([]);
}

/** A device's own copy (opened after it is closed) holds each change of `authors` once: one document, written once, no conflict. */
async function expectEachOnceInCopy(device: string, authors: string[]): Promise<void> {
  const copy = new PouchDB(join(root, device, 'team-agency'));
  try {
    const all = await copy.allDocs({ include_docs: true, conflicts: true });
    const changes = all.rows.filter((row) => authors.some((author) => row.id.startsWith(`change:facebook:${author}-`)));
    expect(changes).toHaveLength(CHANGES * authors.length);
    expect(changes.filter((row) => row.doc?._conflicts !== undefined || !String(row.doc?._rev).startsWith('1-'))).toEqual([]);
  } finally {
    await copy.close();
  }
}

/** A device in its own process (support/workspaceChild.ts); resolves with what it prints, line by line. */
function child(member: string, device: string, record?: number): { process: ChildProcess; lines: string[] } {
  const settings = { serverUrl: relay.url, workspace: 'agency', member, device, password: PASSWORDS[member], dataDir: join(root, device), record };
  const running = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', CHILD, JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(running);
  running.on('exit', () => children.delete(running));
  const lines: string[] = [];
  running.stdout.setEncoding('utf8');
  running.stdout.on('data', (text: string) => lines.push(...text.split('\n').filter((line) => line !== '')));
  return { process: running, lines };
}

/** Kills without warning; resolves once what it printed before has been read. */
async function killHard(running: ChildProcess): Promise<void> {
  const exited = new Promise((done) => running.once('close', done));
  running.kill('SIGKILL');
  await exited;
}

beforeAll(async () => {
  server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: ADMIN_PASSWORD });
  await server.addMember('ann', PASSWORDS.ann ?? '');
  await server.addMember('bob', PASSWORDS.bob ?? '');
  await server.createWorkspace('agency', ['ann', 'bob']);
  const port = Number(new URL(server.url).port);
  relay = await startRecordingRelay(() => port, { chunkDelayMs: 20 });
  desktop = await open('bob', 'desktop', server.url);
}, 60_000);

afterAll(async () => {
  for (const running of children) running.kill('SIGKILL');
  await desktop.close();
  await relay.stop();
  await server.stop();
  rmSync(root, { recursive: true, force: true });
});

it('a device closed while it pushes 3,000 changes sends every one, once, when opened again', { timeout: 180_000 }, async () => {
  // All recorded while the device cannot get through, so the push is several batches when it starts.
  relay.hold();
  let laptop = await open('ann', 'laptop', relay.url);
  const changes = changesOf('laptop');
  for (let start = 0; start < CHANGES; start += 100) await laptop.record(changes.slice(start, start + 100));
  const before = await documentsOnServer();
  relay.release();
  await eventually('the push is under way', async () => (await documentsOnServer()) > before);
  await laptop.close();
  const atClose = await countOnServer('laptop');
  expect(atClose).toBeLessThan(CHANGES);

  laptop = await open('ann', 'laptop', relay.url);
  try {
    await eventually('every change is on the server', async () => (await countOnServer('laptop')) === CHANGES);
    await eventually('every change reached the desktop', () => changes.every((change) => desktop.item(change.itemKey)?.state.done === true));
    await expectEachOnceOnServer('laptop');
  } finally {
    await laptop.close();
  }
  await expectEachOnceInCopy('laptop', ['laptop']);
});

it('a device killed (SIGKILL) while it pushes 3,000 changes sends every one, once, when started again', { timeout: 180_000 }, async () => {
  relay.hold();
  const phone = child('ann', 'phone', CHANGES);
  await eventually('all 3,000 are recorded on the phone', () => phone.lines.includes(`recorded ${CHANGES}`));
  const before = await documentsOnServer();
  relay.release();
  await eventually('the push is under way', async () => (await documentsOnServer()) > before);
  await killHard(phone.process);
  const atKill = await countOnServer('phone');
  expect(atKill).toBeLessThan(CHANGES);

  const restarted = await open('ann', 'phone', relay.url);
  try {
    await eventually('every change is on the server', async () => (await countOnServer('phone')) === CHANGES);
    await eventually('every change reached the desktop', () => changesOf('phone').every((change) => desktop.item(change.itemKey)?.state.done === true));
    await expectEachOnceOnServer('phone');
  } finally {
    await restarted.close();
  }
  await expectEachOnceInCopy('phone', ['phone']);
});

it('a device killed (SIGKILL) while it pulls gets everything when started again, from its checkpoint', { timeout: 180_000 }, async () => {
  const everything = [...changesOf('laptop'), ...changesOf('phone')];
  await eventually('the server has both devices’ changes', async () => (await onServer()).length === everything.length);
  relay.clear();
  const tablet = child('bob', 'tablet');
  // Each replication writes its checkpoint on the server (PUT _local/<its id>) after the device's own:
  // the push's first (it has nothing to send), the pull's after its first batch. Then kill.
  const checkpoints = () => new Set(relay.requests().filter((line) => line.startsWith('PUT /agency/_local/'))).size;
  await eventually('a pulled batch is checkpointed', () => checkpoints() >= 2);
  await killHard(tablet.process);
  const arrivedBeforeKill = Math.max(0, ...tablet.lines.filter((line) => line.startsWith('arrived ')).map((line) => Number(line.slice(8))));
  expect(arrivedBeforeKill).toBeGreaterThan(0);
  expect(arrivedBeforeKill).toBeLessThan(everything.length);

  relay.clear();
  const restarted = await open('bob', 'tablet', relay.url);
  try {
    await eventually('the tablet has every change', () => everything.every((change) => restarted.item(change.itemKey)?.state.done === true));
    const changesReads = relay.requests().filter((line) => line.startsWith('GET /agency/_changes'));
    expect(changesReads[0]).toBeDefined();
    expect(changesReads.filter((line) => /[?&]since=0(&|$)/.test(line))).toEqual([]);
  } finally {
    await restarted.close();
  }
  await expectEachOnceInCopy('tablet', ['laptop', 'phone']);
});
