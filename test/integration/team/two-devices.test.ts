// Issue 22's CI test for the engine: the sync server, two devices (two data directories, two
// members), each through its own TCP proxy to cut and heal its network. Triage converges both
// ways; done vs snooze at once resolves the same on both; assignment and notes arrive; a claim
// taken while the other device is cut off leaves that device holding, then told who holds it; a
// device closed mid-replication and opened again loses nothing; bad documents are refused one by
// one. (The sandbox ledger's "exactly one reply" needs the outbox wiring: next session.)
// With COUCH_URL (a plain-http CouchDB on this machine, e.g. in a container: the proxies forward raw
// TCP) and COUCH_ADMIN_PASSWORD (COUCH_ADMIN if not "admin") set, the same suite runs
// against that CouchDB instead of the sync server, in a new workspace database of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ItemChange } from '../../../src/shared/domain/itemState.ts';
import { TeamRecordError } from '../../../src/main/core/team/teamErrors.ts';
import { openTeamWorkspace, type TeamUpdate, type TeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';

const COUCH_URL = process.env.COUCH_URL;
const ADMIN = { name: process.env.COUCH_ADMIN ?? 'admin', password: COUCH_URL ? (process.env.COUCH_ADMIN_PASSWORD ?? '') : 'admin-password' };
const WORKSPACE = COUCH_URL ? `agency-test-${Date.now()}` : 'agency';
let root: string;
let server: SyncServer | null = null;
let serverUrl: string;
let laptopProxy: TcpProxy;
let desktopProxy: TcpProxy;
let laptop: TeamWorkspace;
let desktop: TeamWorkspace;
let changeCount = 0;

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

function open(who: typeof ANN, proxy: TcpProxy, now?: () => number): Promise<TeamWorkspace> {
  return openTeamWorkspace({
    ...(now ? { now } : {}),
    serverUrl: proxy.url,
    workspace: WORKSPACE,
    member: who.member,
    device: who.device,
    credentials: { username: who.member, password: who.password },
    dataDir: join(root, who.device),
    retry: { firstMs: 50, longestMs: 400 },
    serverTimeoutMs: 3000,
  });
}

function made<F extends ItemChange['field']>(who: typeof ANN, itemKey: string, field: F, from: ItemChange<F>['from'], to: ItemChange<F>['to']): ItemChange {
  changeCount += 1;
  return { id: `${who.device}-${changeCount}`, itemKey, field, from, to, who: who.member, device: who.device, at: Date.now() };
}

/** Waits until `check` holds (a guard against hangs, not a speed target). */
async function eventually(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 25) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'team-two-devices-'));
  if (COUCH_URL) serverUrl = COUCH_URL.replace(/\/+$/, '');
  else {
    server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: ADMIN.password });
    serverUrl = server.url;
  }
  const admin = teamAdmin(serverUrl, ADMIN);
  await admin.addMember(ANN.member, ANN.password);
  await admin.addMember(BOB.member, BOB.password);
  await admin.createWorkspace(WORKSPACE, [ANN.member, BOB.member]);
  const target = { host: new URL(serverUrl).hostname, port: Number(new URL(serverUrl).port) };
  laptopProxy = await startTcpProxy(target);
  desktopProxy = await startTcpProxy(target);
});

afterAll(async () => {
  await laptopProxy.stop();
  await desktopProxy.stop();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(async () => {
  laptopProxy.heal();
  desktopProxy.heal();
  laptop = await open(ANN, laptopProxy);
  desktop = await open(BOB, desktopProxy);
});

afterEach(async () => {
  await laptop.close();
  await desktop.close();
});

describe('two devices on one team workspace', () => {
  it('converges triage both ways', async () => {
    await laptop.record([made(ANN, 'facebook:t1', 'done', false, true)]);
    await eventually('the desktop sees done', () => desktop.item('facebook:t1')?.state.done === true);
    await desktop.record([made(BOB, 'facebook:t1', 'labels', [], ['billing'])]);
    await eventually('the laptop sees the label', () => laptop.item('facebook:t1')?.state.labels.includes('billing') === true);
    expect(laptop.item('facebook:t1')?.state).toEqual(desktop.item('facebook:t1')?.state);
  });

  it('resolves done vs snooze made at once the same way on both, and tells both', async () => {
    laptopProxy.cut();
    desktopProxy.cut();
    const until = Date.now() + 3_600_000;
    await laptop.record([made(ANN, 'facebook:t2', 'done', false, true)]);
    await desktop.record([made(BOB, 'facebook:t2', 'snoozedUntil', null, until)]);
    laptopProxy.heal();
    desktopProxy.heal();
    const settled = (device: TeamWorkspace) => (device.item('facebook:t2')?.resolutions.length ?? 0) > 0;
    await eventually('both devices see both decisions', () => settled(laptop) && settled(desktop));
    for (const device of [laptop, desktop]) {
      const item = device.item('facebook:t2');
      expect(item?.state).toMatchObject({ done: false, snoozedUntil: until });
      expect(item?.resolutions).toEqual([
        {
          itemKey: 'facebook:t2',
          register: 'visibility',
          rule: 'shows-soonest',
          kept: expect.objectContaining({ who: 'bob' }),
          dropped: [expect.objectContaining({ who: 'ann' })],
        },
      ]);
    }
  });

  it('delivers assignment and notes, and tells the other device through its subscription', async () => {
    const updates: TeamUpdate[] = [];
    desktop.subscribe((update) => updates.push(update));
    await laptop.record([made(ANN, 'dm:instagram:t3', 'assignee', null, 'bob'), made(ANN, 'dm:instagram:t3', 'note', null, 'Wants a refund; be kind')]);
    await eventually('the desktop sees the note', () => desktop.item('dm:instagram:t3')?.state.note === 'Wants a refund; be kind');
    expect(desktop.item('dm:instagram:t3')?.state.assignee).toBe('bob');
    await eventually('the subscription told it', () => updates.some((update) => update.items.some((item) => item.state.note === 'Wants a refund; be kind')));
  });

  it('gives one claim to one device: the one cut off holds, then learns who answered', async () => {
    laptopProxy.cut();
    expect(await laptop.claim('facebook:c9')).toEqual({ status: 'unknown' });
    expect(await desktop.claim('facebook:c9')).toMatchObject({ status: 'won' });
    laptopProxy.heal();
    expect(await laptop.claim('facebook:c9')).toMatchObject({ status: 'held', who: 'bob', device: 'desktop' });
    // And when both ask at the same moment, exactly one wins.
    const both = await Promise.all([laptop.claim('twitter:c10'), desktop.claim('twitter:c10')]);
    expect(both.map((result) => result.status).sort()).toEqual(['held', 'won']);
  });

  it('loses nothing when a device is closed mid-replication and opened again', async () => {
    laptopProxy.cut();
    const keys = Array.from({ length: 300 }, (_, index) => `facebook:r${index}`);
    await laptop.record(keys.map((key) => made(ANN, key, 'done', false, true)));
    laptopProxy.heal();
    await eventually('replication has started', () => desktop.items().some((item) => item.itemKey.startsWith('facebook:r')));
    await laptop.close();
    laptop = await open(ANN, laptopProxy);
    await eventually('the desktop has all 300', () => keys.every((key) => desktop.item(key)?.state.done === true));
    expect(laptop.items().filter((item) => item.itemKey.startsWith('facebook:r'))).toHaveLength(300);
  });

  it('shows who is replying, within seconds, and not after they stop', async () => {
    await laptop.setComposing('facebook:t4');
    await eventually('the desktop sees ann replying', () => desktop.presence().some((entry) => entry.member === 'ann' && entry.itemKey === 'facebook:t4'));
    await laptop.setComposing(null);
    await eventually('the desktop sees ann stopped', () => !desktop.presence().some((entry) => entry.member === 'ann'));
  });

  it('shares outbox status: who sent what, when', async () => {
    await laptop.writeOutboxStatus({ outboxId: 'o1', itemKey: 'facebook:t5', text: 'Thanks, sorted!', state: 'sent', at: 1_700_000_000_000 });
    await eventually('the desktop sees the sent reply', () =>
      desktop.outboxStatuses().some((status) => status.outboxId === 'o1' && status.state === 'sent' && status.who === 'ann'),
    );
  });

  it('refuses bad documents from the server one by one and keeps the good ones', async () => {
    const admin = `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}`;
    const levels = 1000;
    const deep = `${'{"deeper":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
    const bad = [
      { _id: 'change:facebook:x1:wrong', kind: 'change', who: 'ann' },
      { _id: 'event:facebook:x2:huge', kind: 'event', padding: 'x'.repeat(400_000) },
      { _id: 'outbox:laptop:deep', kind: 'outbox', deep: '(placeholder)' },
    ];
    const body = JSON.stringify({ docs: bad }).replace('"(placeholder)"', deep);
    const response = await fetch(`${serverUrl}/${WORKSPACE}/_bulk_docs`, {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(201);
    await laptop.record([made(ANN, 'facebook:t6', 'done', false, true)]);
    await eventually('the desktop refused all three', () => bad.every((doc) => desktop.refused().some((refusal) => refusal.documentId === doc._id)));
    await eventually('and still took the good one', () => desktop.item('facebook:t6')?.state.done === true);
    expect(desktop.refused().map((refusal) => refusal.name)).toEqual(['TeamDocumentRefused', 'TeamDocumentRefused', 'TeamDocumentRefused']);
  });

  it('records nothing when one of the changes is in another member’s name', async () => {
    const own = made(ANN, 'facebook:t7', 'done', false, true);
    const forged = made(BOB, 'facebook:t7', 'note', null, 'not mine to write');
    await expect(laptop.record([own, forged])).rejects.toThrow(TeamRecordError);
    expect(laptop.item('facebook:t7')).toBeNull();
  });

  it('gives a profile lease to one device and lets the other take it over when it goes quiet', async () => {
    const minute = 60_000;
    expect(await laptop.takeLease('profile-1', minute)).toMatchObject({ status: 'held-by-me' });
    expect(await desktop.takeLease('profile-1', minute)).toMatchObject({ status: 'held-by-other', holder: 'ann', device: 'laptop' });
    // Renewing keeps it.
    expect(await laptop.takeLease('profile-1', minute)).toMatchObject({ status: 'held-by-me' });
    // A minute and a bit later (a clock moved forward, not a wait), the laptop has gone quiet: taken over.
    const later = await open({ ...BOB, device: 'desktop-later' }, desktopProxy, () => Date.now() + minute + 5_000);
    try {
      expect(await later.takeLease('profile-1', minute)).toMatchObject({ status: 'held-by-me' });
    } finally {
      await later.close();
    }
    expect(await laptop.takeLease('profile-1', minute)).toMatchObject({ status: 'held-by-other', holder: 'bob', device: 'desktop-later' });
  });
});
