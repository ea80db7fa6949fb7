// Issue 22's outbox status and the client report per member, in two app cores on one workspace
// (the sync server, one sandbox, a TCP proxy per device, as two-cores.test.ts): a reply going
// through one device's outbox is written to the workspace as `outbox:<device>:<outbox id>` (who,
// what, when, its delivery; never the key), the other device's outbox stays empty of it (status
// documents never make another device send), and the other device's client report counts it for
// its member, timed by its confirmed delivery.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';
import { AppRig, FAST_TUNING, worldOf } from '../app/appHarness.ts';
import { MemoryVault } from '../app/memoryVault.ts';

const WORKSPACE = 'agency';
const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let root: string;
let server: SyncServer;
let sandbox: RunningSandbox;
const proxies = new Map<string, TcpProxy>();
const rigs = new Map<string, AppRig>();

async function startCore(who: typeof ANN): Promise<AppRig> {
  const proxy = proxies.get(who.device)!;
  const vault = new MemoryVault();
  await vault.setTeamPassword(proxy.url, WORKSPACE, who.member, who.password);
  const running = [sandbox];
  return AppRig.start({
    dataDir: join(root, who.device),
    vault,
    settings: { undoSeconds: 0 },
    factory: {
      running,
      async start() {
        const world = await worldOf(sandbox);
        return { url: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} };
      },
    },
    tuning: { ...FAST_TUNING, teamRetry: { firstMs: 50, longestMs: 400 } },
    team: { serverUrl: proxy.url, workspace: WORKSPACE, member: who.member, device: who.device },
  });
}

/** The workspace's outbox status documents on the server, read as its admin. */
async function outboxDocsOnServer(): Promise<Record<string, unknown>[]> {
  const range = `startkey=${encodeURIComponent('"outbox:"')}&endkey=${encodeURIComponent('"outbox:\uffff"')}`;
  const response = await fetch(`${server.url}/${WORKSPACE}/_all_docs?include_docs=true&${range}`, {
    headers: { authorization: `Basic ${Buffer.from('admin:admin-password').toString('base64')}` },
  });
  return ((await response.json()) as { rows: { doc: Record<string, unknown> }[] }).rows.map((row) => row.doc);
}

const laptop = () => rigs.get(ANN.device)!;
const desktop = () => rigs.get(BOB.device)!;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'team-outbox-report-'));
  server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: 'admin-password' });
  const admin = teamAdmin(server.url, { name: 'admin', password: 'admin-password' });
  await admin.addMember(ANN.member, ANN.password);
  await admin.addMember(BOB.member, BOB.password);
  await admin.createWorkspace(WORKSPACE, [ANN.member, BOB.member]);
  const target = { host: '127.0.0.1', port: Number(new URL(server.url).port) };
  for (const who of [ANN, BOB]) proxies.set(who.device, await startTcpProxy(target));
  sandbox = await startSandbox({ port: 0 });
  for (const who of [ANN, BOB]) rigs.set(who.device, await startCore(who));
}, 60_000);

afterAll(async () => {
  for (const rig of rigs.values()) await rig.close();
  for (const proxy of proxies.values()) await proxy.stop();
  await sandbox?.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('outbox status and the client report per member, on two cores', () => {
  it('shares a reply’s status without the other device sending it, and counts each member’s replies in the report', async () => {
    const profiles = await laptop().until('the sandbox profiles', async () => {
      const { profiles } = await laptop().call('profiles.list', {});
      return profiles.length >= 2 ? profiles : null;
    });
    const profile = profiles.find((p) => !p.isPrimary) ?? profiles[0]!;
    // In a team one device polls each profile and the other replays what it shared (decision 0060):
    // a device that follows is idle before the comments arrive, so both wait for the client's comments.
    for (const rig of [laptop(), desktop()]) {
      await rig.until('the client’s comments', async () => {
        const { rows } = await rig.call('inbox.page', { filter: { profileIds: [profile.profileId], kind: 'comment', view: 'needsReply' }, limit: 10 });
        return rows.length >= 2 ? true : null;
      });
    }
    const settings = { timeZone: 'UTC', businessHours: null, responseTarget: null };
    await laptop().call('report.settings.update', { profileId: profile.profileId, settings });
    const period = { profileId: profile.profileId, from: dateOf(Date.now() - 60 * DAY), to: dateOf(Date.now() + DAY) };
    const before = await laptop().call('report.get', period);
    // In a team, the section is there from the start: nobody sent anything yet.
    expect(before.byMember).toEqual([]);
    const waiting = before.current.slowestUnanswered.filter((item) => item.kind === 'comment');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const [forBob, forAnn] = [waiting[0]!.id, waiting[1]!.id];
    await desktop().until('the comment on the desktop', async () => ((await desktop().invoke('inbox.thread', { key: forBob })).ok ? true : null));

    const texts = { bob: 'Bob here: thanks, the parcel left today.', ann: 'Ann here: glad you like it!' };
    const bobs = (await desktop().call('reply.send', { commentKey: forBob, text: texts.bob })).item;
    const anns = (await laptop().call('reply.send', { commentKey: forAnn, text: texts.ann })).item;
    const sentOn = async (rig: AppRig, id: string) =>
      rig.until('the reply sent', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === id && item.state === 'sent') ?? null);
    const bobSent = await sentOn(desktop(), bobs.id);
    const annSent = await sentOn(laptop(), anns.id);

    // The desktop's status on the server: who, what, when, its delivery; never the key.
    const bobDoc = await desktop().until('the desktop’s status on the server', async () =>
      (await outboxDocsOnServer()).find((doc) => doc._id === `outbox:desktop:${bobs.id}` && doc.state === 'sent'),
    );
    const bobDelivery = Object.entries(bobSent.results).map(([network, result]) => ({
      network,
      at: result.at,
      socialCommentId: result.state === 'sent' ? result.socialCommentId : null,
    }));
    expect(bobDoc).toMatchObject({
      kind: 'outbox',
      who: 'bob',
      device: 'desktop',
      itemKey: forBob,
      text: texts.bob,
      profileId: profile.profileId,
      itemKind: 'reply',
    });
    expect(bobDoc.delivery).toEqual(bobDelivery);
    expect(JSON.stringify(await outboxDocsOnServer())).not.toContain(sandbox.apiKey);

    // The laptop's report: Bob's reply counted for Bob, timed by its confirmed delivery; Ann's for Ann.
    const after = await laptop().until('Bob’s reply in the laptop’s report', async () => {
      const report = await laptop().call('report.get', period);
      return report.byMember?.some((member) => member.member === 'bob') ? report : null;
    });
    const createdOf = async (key: string) => Date.parse((await laptop().call('inbox.thread', { key })).thread.comment.created);
    const firstAt = (item: typeof bobSent) => Math.min(...Object.values(item.results).map((result) => result.at));
    expect(after.byMember).toEqual([
      { member: 'ann', repliesSent: 1, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: firstAt(annSent) - (await createdOf(forAnn)) },
      { member: 'bob', repliesSent: 1, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: firstAt(bobSent) - (await createdOf(forBob)) },
    ]);
    expect(after.current.answeredBySource['outbox-confirmed']).toBe(before.current.answeredBySource['outbox-confirmed'] + 2);

    // Only the device that wrote a reply sends it: the laptop's outbox never held Bob's, the service has it once.
    expect((await laptop().call('outbox.list', {})).items.filter((item) => item.answers === forBob)).toEqual([]);
    expect((await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.bob)).toHaveLength(1);
  }, 90_000);
});
