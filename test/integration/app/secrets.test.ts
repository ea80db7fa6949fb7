// Secrets never cross the bridge. A full run of the app through the dispatcher, every command and
// every event of the contract at least once (two sandboxes: the built-in account and one added as a
// service account; keys added, checked, replaced, a profile created, a webhook secret set, a reply
// refused and its notification clicked, the connection lost and found, in a team: presence and a
// reply a teammate answered first sent anyway; the sandbox reset), and then
// every answer, every event and every log line is searched for every key and secret the run used.
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMAND_NAMES, EVENT_NAMES } from '../../../src/shared/bridge/names.ts';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { openTeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { startSyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { AppRig, controlUrl, worldOf, type SandboxWorld } from './appHarness.ts';
import { MemoryVault } from './memoryVault.ts';
import { asThread, asConversation } from '../../support/itemReads.ts';

const BUILT_IN_KEY = 'sk-builtin-SECRET-4711-abcdef';
const SERVICE_KEY = 'sk-service-SECRET-0815-uvwxyz';
const WEBHOOK_SECRET = 'whsec-SECRET-2024-qrstuv';
const TEAM_PASSWORD = 'team-SECRET-1984-ghijkl';
const TEAMMATE_PASSWORD = 'team-SECRET-1985-mnopqr';
const LIVE_SECRET_PATH = 'live-SECRET-7331-stuvwxyz0123456789';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Which of the named secrets occur in the text. */
function leaks(text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

function secretsOf(world: SandboxWorld, prefix: string): Record<string, string> {
  const secrets: Record<string, string> = {
    [`${prefix} API key`]: world.apiKey,
    [`${prefix} X key`]: world.xCredentials.key,
    [`${prefix} X secret`]: world.xCredentials.secret,
  };
  for (const profile of world.profiles) if (profile.profileKey) secrets[`${prefix} profile key of ${profile.title}`] = profile.profileKey;
  return secrets;
}

describe('secrets on the bridge', () => {
  it('the search finds a secret where there is one (positive control)', () => {
    const answers = JSON.stringify([
      { ok: true, data: { accounts: [] } },
      { name: 'x', payload: { leaked: `Bearer ${BUILT_IN_KEY}` } },
    ]);
    expect(leaks(answers, { 'built-in key': BUILT_IN_KEY, other: 'not-there-123' })).toEqual(['built-in key']);
  });

  it('no answer, event or log line of a full run of every command and event holds a key or secret', async () => {
    // A store file that is not a database: the core rebuilds it and says so (store.recovered).
    const dataDir = mkdtempSync(join(tmpdir(), 'app-secrets-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'inbox.sqlite'), 'this is not a database '.repeat(200));
    // Keys kept in memory only (no keyring): keys.warning.
    const vault = new MemoryVault({ kind: 'memory', backend: 'basic_text', warning: 'No keyring was found: keys are kept in memory until the app quits.' });

    // In a team (issue 22), so that its commands and event happen too; a teammate writes beside it.
    const team = await startSyncServer({ dataDir: join(dataDir, 'team-server'), adminPassword: 'team-admin-password' });
    cleanups.push(() => team.stop());
    const admin = teamAdmin(team.url, { name: 'admin', password: 'team-admin-password' });
    await admin.addMember('ann', TEAM_PASSWORD);
    await admin.addMember('bob', TEAMMATE_PASSWORD);
    await admin.createWorkspace('agency', ['ann', 'bob']);
    await vault.setTeamPassword(team.url, 'agency', 'ann', TEAM_PASSWORD);
    const teammate = await openTeamWorkspace({
      serverUrl: team.url,
      workspace: 'agency',
      member: 'bob',
      device: 'desktop',
      credentials: { username: 'bob', password: TEAMMATE_PASSWORD },
      dataDir: join(dataDir, 'teammate'),
    });
    cleanups.push(() => teammate.close());

    const rig = await AppRig.start({
      dataDir,
      vault,
      sandbox: { apiKey: BUILT_IN_KEY },
      team: { serverUrl: team.url, workspace: 'agency', member: 'ann', device: 'laptop' },
    });
    cleanups.push(() => rig.close());
    const service: RunningSandbox = await startSandbox({ port: 0, seed: 7, apiKey: SERVICE_KEY });
    cleanups.push(() => service.close());
    const builtInWorld = await worldOf(rig.sandbox);
    const serviceWorld = await worldOf(service);
    const secrets: Record<string, string> = {
      ...secretsOf(builtInWorld, 'built-in'),
      ...secretsOf(serviceWorld, 'service'),
      'webhook secret': WEBHOOK_SECRET,
      'team password': TEAM_PASSWORD,
      "teammate's team password": TEAMMATE_PASSWORD,
    };
    expect(secrets['built-in API key']).toBe(BUILT_IN_KEY);

    // Accounts, profiles, keys of the built-in account.
    await rig.call('status.get', {});
    await rig.call('team.status', {});
    // The store was rebuilt (its file is not a database): the person reads it and dismisses it.
    expect((await rig.call('status.get', {})).storeRecovery).not.toBeNull();
    await rig.call('status.acknowledgeStoreRecovery', {});
    expect((await rig.call('status.get', {})).storeRecovery).toBeNull();
    expect((await rig.call('accounts.list', {})).accounts).toHaveLength(1);
    const profiles = await rig.until('profiles', async () => {
      const { profiles } = await rig.call('profiles.list', {});
      return profiles.length > 1 ? profiles : null;
    });
    const client = profiles.find((profile) => !profile.isPrimary)!;
    await rig.call('accounts.keyStatus', { accountId: 'sandbox' });
    await rig.call('profiles.update', { profileId: client.profileId, color: '#3366CC', title: 'Renamed client' });

    // The inbox.
    const rows = await rig.until('rows', async () => {
      const { rows } = await rig.call('inbox.page', { filter: { view: 'needsReply', kind: 'comment' }, limit: 500 });
      return rows.some((row) => row.platform === 'instagram' && !row.byAccount) ? rows : null;
    });
    await rig.call('inbox.counts', {});
    await rig.call('inbox.search', { text: 'the' });
    const instagram = rows.filter((row) => row.platform === 'instagram' && !row.byAccount);
    await rig.call('inbox.item', { key: instagram[0]!.key }).then(asThread);
    const triaged = await rig.call('inbox.triage', { keys: [instagram[0]!.key], unread: false, snoozedUntil: Date.now() + 3_600_000 });
    await rig.call('inbox.undoTriage', { undoToken: triaged.undoToken });
    // A whole view read in one sweep, then undone. The sync is still filling the store: a sweep
    // whose count no longer matches is refused (by design), so it is asked again until it holds.
    const viewFilter = { profileIds: [instagram[0]!.profileId], view: 'needsReply' as const };
    const swept = await rig.until('a whole view swept', async () => {
      const view = await rig.call('inbox.viewSize', { filter: viewFilter });
      if (view.newest === null) return null;
      const result = await rig.invoke('inbox.triageView', { filter: viewFilter, newest: view.newest, count: view.count, unread: false });
      return result.ok ? (result.data as { undoToken: string }) : null;
    });
    await rig.call('inbox.undoTriage', { undoToken: swept.undoToken });

    // Replies: sent once; undone; edited then cancelled.
    const sent = (await rig.call('answer.send', { key: instagram[0]!.key, text: 'Thanks a lot!' })).item;
    await rig.until('the reply sent', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === sent.id && item.state === 'sent'));
    await rig.call('outbox.remove', { id: sent.id });
    await rig.call('settings.update', { undoSeconds: 30 });
    const undone = (await rig.call('answer.send', { key: instagram[1]!.key, text: 'Undo me' })).item;
    await rig.call('outbox.undo', { id: undone.id });
    const edited = (await rig.call('answer.send', { key: instagram[1]!.key, text: 'Edit me' })).item;
    await rig.call('outbox.edit', { id: edited.id, text: 'Edited' });
    await rig.call('outbox.cancel', { id: edited.id });
    await rig.call('outbox.setAside', {});
    // An outside comment deleted on its network and from the inbox.
    await rig.call('inbox.deleteComment', { key: instagram[2]!.key });
    await rig.call('settings.update', { undoSeconds: 0 });
    await rig.call('settings.get', {});

    // Direct messages: the windows closing soonest, a conversation read, a message sent once.
    const conversation = await rig.until('a conversation waiting for an answer', async () => (await rig.call('inbox.closingSoon', {})).rows[0]);
    await rig.call('inbox.item', { key: conversation.key }).then(asConversation);
    // The person's picture is fetched by main. A person whose picture is on a server that does not
    // speak https (the sandbox itself, addressed as https): an answer without one, not an error,
    // and no request leaves this machine.
    const pictured = (await rig.control('POST', '/messages', {
      profileRefId: conversation.profileId,
      platform: conversation.platform,
      message: 'Here is my picture',
      from: { name: 'Pia Picture', profileImage: `${rig.sandbox.url.replace(/^http:/, 'https:')}/picture.png` },
    })) as { conversationId: string };
    const picturedKey = `dm:${conversation.platform}:${pictured.conversationId}`;
    await rig.call('sync.refresh', { profileId: conversation.profileId });
    await rig.until('the pictured conversation', async () => (await rig.invoke('inbox.item', { key: picturedKey })).ok);
    expect(await rig.call('inbox.personPicture', { key: picturedKey })).toEqual({ dataUrl: null });
    const message = (await rig.call('answer.send', { key: conversation.key, text: 'Thanks for writing!' })).item;
    await rig.until('the message sent', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === message.id && item.state === 'sent'));
    // A review the business had answered: its reply removed (the removal's own command).
    const answeredReview = await rig.until('a review with the business reply', async () =>
      (await rig.call('inbox.page', { filter: { view: 'all', kind: 'review' }, limit: 500 })).rows.find((row) => row.review?.reply),
    );
    const removal = (await rig.call('reviews.removeReply', { key: answeredReview.key })).item;
    await rig.until('the reply removed', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === removal.id && item.state === 'sent'));

    // Posts: list, metrics, refresh; comments off on an instagram post, a reply on it refused (215),
    // its notification clicked, retried, comments on again.
    await rig.call('posts.list', { profileId: instagram[0]!.profileId });
    // The client report and its settings.
    await rig.call('report.settings.get', { profileId: instagram[0]!.profileId });
    await rig.call('report.settings.update', {
      profileId: instagram[0]!.profileId,
      settings: { timeZone: 'UTC', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' } },
    });
    await rig.call('report.get', { profileId: instagram[0]!.profileId, from: '2026-01-01', to: '2026-12-31' });
    // A host without its own PDF (this one, like the web host) tells the renderer to print instead.
    expect(await rig.call('report.exportPdf', { suggestedName: 'report' })).toEqual({ outcome: 'unsupported' });
    // Last month's reports are prepared by themselves once the first sync round has settled.
    const kept = await rig.until('a prepared report', async () => (await rig.call('reports.prepared.list', {})).reports[0]);
    await rig.call('reports.prepared.get', { month: kept.month, profileId: kept.profileId });
    await rig.call('reports.prepared.prepareAgain', { month: kept.month, profileId: kept.profileId });
    expect(await rig.call('reports.prepared.exportAll', { month: kept.month, files: [] })).toEqual({ outcome: 'unsupported' });
    expect(await rig.call('reports.prepared.chooseFolder', {})).toEqual({ outcome: 'unsupported' });
    await rig.call('inbox.messagingOff', {});
    const target = await pickPostWithServiceId(rig, instagram);
    await rig.call('posts.metrics', { postKey: target.postKey });
    await rig.call('sync.refresh', { postKey: target.postKey });
    await rig.call('sync.refresh', { profileId: target.row.profileId });
    const numbers = await rig.until("the post's numbers", async () => (await rig.call('posts.metrics', { postKey: target.postKey })).latest);
    await rig.call('posts.markSeen', { postKey: target.postKey, snapshotId: numbers.id });
    // The seeded twitter thread, ungrouped and grouped again by hand; the guest video tracked and removed.
    const tweets = builtInWorld.posts.filter((p) => p.platform === 'twitter' && p.flags.includes('thread'));
    const tweetKeys = tweets.map((p) => `twitter:${p.socialId}`);
    const threadClient = tweets[0]!.profileRefId;
    await rig.until('the thread', async () => (await rig.call('posts.threads', { profileId: threadClient })).threads.length > 0);
    await rig.call('posts.ungroupThread', { profileId: threadClient, headKey: tweetKeys[0]! });
    await rig.call('posts.groupThread', { profileId: threadClient, postKeys: tweetKeys });
    const guest = builtInWorld.posts.find((p) => p.platform === 'youtube' && p.flags.includes('notOwned'))!;
    const tracked = await rig.call('posts.track', { profileId: guest.profileRefId, platform: 'youtube', reference: `https://youtu.be/${guest.socialId}` });
    await rig.call('posts.untrack', { postKey: tracked.post.key });
    await rig.call('posts.setComments', { postKey: target.postKey, enabled: false });
    const refused = (await rig.call('answer.send', { key: target.row.key, text: 'Comments are off here' })).item;
    await rig.until('the reply failed', async () => (await rig.call('outbox.list', { states: ['failed'] })).items.find((item) => item.id === refused.id));
    const failedNote = await rig.until('a reply-failed notification', () => rig.notifications.find((n) => n.kind === 'reply-failed'));
    rig.core.notificationClicked(failedNote.id);
    expect(rig.eventsNamed('notification.open')).toContainEqual({ commentKey: target.row.key, outboxId: refused.id });
    await rig.call('outbox.retry', { id: refused.id });
    await rig.call('posts.setComments', { postKey: target.postKey, enabled: true });

    // Webhooks of a client profile, and the verify tool.
    await rig.call('webhooks.setSecret', { profileId: client.profileId, secret: WEBHOOK_SECRET });
    await rig.call('webhooks.register', { profileId: client.profileId, action: 'comments', url: 'https://example.com/hooks/social' });
    expect((await rig.call('webhooks.list', { profileId: client.profileId })).webhooks).toEqual([
      { action: 'comments', url: 'https://example.com/hooks/social' },
    ]);
    const body = '{"action":"comments","id":"c1"}';
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    expect((await rig.call('webhooks.verify', { profileId: client.profileId, body, timestamp: '1700000000', signature })).matches).toBe(true);
    expect((await rig.call('webhooks.verify', { profileId: client.profileId, body: `${body} `, timestamp: '1700000000', signature })).matches).toBe(false);
    await rig.call('webhooks.unregister', { profileId: client.profileId, action: 'comments' });

    // A service account: a wrong key first, then the right one; its profiles and keys.
    const wrong = await rig.invoke('accounts.add', { title: 'Studio', baseUrl: service.url, apiKey: `${SERVICE_KEY}-wrong` });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(JSON.stringify(wrong)).toMatch(/wrong key/);
    const added = await rig.call('accounts.add', { title: 'Studio', baseUrl: service.url, apiKey: SERVICE_KEY, xCredentials: serviceWorld.xCredentials });
    const accountId = added.account.accountId;
    const serviceClient = serviceWorld.profiles.find((profile) => profile.profileKey !== null)!;
    await rig.until('the service account’s client profiles', async () =>
      (await rig.call('profiles.list', { accountId })).profiles.some((profile) => profile.profileId === serviceClient.refId),
    );
    await rig.call('profiles.setKey', { profileId: serviceClient.refId, profileKey: serviceClient.profileKey! });
    const created = await rig.call('profiles.create', { accountId, title: 'A brand new client' });
    const createdKey = await vault.profileKey(accountId, created.profile.profileId);
    secrets['created profile key'] = createdKey;
    await rig.call('accounts.updateKeys', { accountId, apiKey: SERVICE_KEY });
    // Without the X key pair, twitter is left out and the sync says why (sync.problem).
    await rig.call('accounts.updateKeys', { accountId, xCredentials: null });
    await rig.call('sync.refresh', { profileId: serviceWorld.profiles.find((p) => p.profileKey === null)!.refId });
    await rig.until('a sync problem', () => rig.eventsNamed('sync.problem').length > 0);
    await rig.call('accounts.keyStatus', { accountId });
    await rig.call('accounts.remove', { accountId });

    // The connection lost and found.
    await rig.control('PUT', '/faults', { down: true });
    await rig.call('sync.refresh', { profileId: client.profileId });
    await rig.until('offline', () => rig.eventsNamed('connectivity.changed').some((c) => !(c as { online: boolean }).online));
    // Comments off while offline: queued (posts.changed), listed, retried, cancelled.
    await rig.call('posts.setComments', { postKey: target.postKey, enabled: false });
    // Retry and cancel are refused while a try is under way: wait for the change to be waiting.
    const waiting = async () =>
      (await rig.call('posts.commentsChanges', {})).posts.some((p) => p.key === target.postKey && p.commentsChange?.state === 'queued');
    await rig.until('the change waiting', waiting);
    await rig.call('posts.retryCommentsChange', { postKey: target.postKey });
    await rig.until('the change waiting again', waiting);
    await rig.call('posts.cancelCommentsChange', { postKey: target.postKey });
    await rig.control('DELETE', '/faults');
    rig.core.networkHint(true);
    await rig.until('online again', () => (rig.eventsNamed('connectivity.changed').at(-1) as { online: boolean } | undefined)?.online === true);

    // The team: presence both ways, and a reply the teammate answered first, sent anyway.
    const teamComment = instagram[3]!.key;
    await rig.call('team.composing', { itemKey: teamComment });
    await rig.call('team.composing', { itemKey: null });
    await teammate.setComposing(teamComment);
    await rig.until('the teammate replying', () => rig.eventsNamed('team.presenceChanged').length > 0);
    await teammate.setComposing(null);
    expect((await teammate.claim(`reply:${teamComment}`)).status).toBe('won');
    const held = (await rig.call('answer.send', { key: teamComment, text: 'Sent although Bob answered' })).item;
    await rig.until('the reply held', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === held.id && item.heldBy));
    await rig.call('outbox.sendAnyway', { id: held.id });
    await rig.until('the reply sent anyway', async () =>
      (await rig.call('outbox.list', {})).items.find((item) => item.id === held.id && item.state === 'sent'),
    );

    // The team's work on items: members, an assignment, a note, the item's history, the notices.
    await rig.call('team.members', {});
    await rig.call('inbox.assign', { keys: [teamComment], assignee: 'ann' });
    await rig.call('inbox.setNote', { key: teamComment, note: 'Call back on Monday' });
    await rig.call('team.itemHistory', { key: teamComment });
    await rig.call('team.notices', {});
    await rig.call('team.dismissNotice', { id: 'none' });
    // Live updates (decision 0083): the event address is a secret path; registered on every client, shown
    // by its host only (here and in the Webhooks panel), its times read, taken back.
    secrets['live event address path'] = LIVE_SECRET_PATH;
    const liveOn = await rig.call('team.liveUpdatesOn', { address: `https://127.0.0.1:9/hooks/${LIVE_SECRET_PATH}` });
    expect(liveOn.addressHost).toBe('127.0.0.1:9');
    expect(liveOn.clients.filter((c) => c.comments === 'ours' && c.messages === 'ours').length).toBeGreaterThan(0);
    expect((await rig.call('webhooks.list', { profileId: client.profileId })).webhooks).toContainEqual({ action: 'comments', url: 'https://127.0.0.1:9/…' });
    await rig.call('team.liveUpdates', {});
    await rig.call('team.liveEventTimes', {});
    const liveOff = await rig.call('team.liveUpdatesOff', {});
    expect(liveOff.clients.every((c) => c.comments !== 'ours' && c.messages !== 'ours')).toBe(true);
    // Settings → Team: another team, on this computer where no server listens (nothing leaves the
    // machine), its mode, and leaving it.
    await rig.call('team.configure', {
      serverUrl: 'http://127.0.0.1:9',
      workspace: 'agency',
      member: 'ann',
      device: 'laptop',
      password: TEAM_PASSWORD,
      mode: 'team',
    });
    await rig.call('team.setMode', { mode: 'solo' });
    await rig.call('team.leave', {});

    // Pause, then a fresh sandbox world.
    await rig.call('sync.setPaused', { paused: true });
    await rig.call('sync.setPaused', { paused: false });
    const reset = await rig.call('accounts.resetSandbox', {});
    expect(reset.account.accountId).toBe('sandbox');
    secrets['reset built-in X key'] = (await worldOf(rig.sandbox)).xCredentials.key;
    await rig.until('rows after the reset', async () => (await rig.call('inbox.page', {})).rows.length > 0);

    // Every command and every event of the contract happened.
    expect(COMMAND_NAMES.filter((name) => !rig.answers.some((answer) => answer.command === name && answer.result.ok))).toEqual([]);
    expect(EVENT_NAMES.filter((name) => rig.eventsNamed(name).length === 0)).toEqual([]);

    // And none of them carried a secret.
    const everything = JSON.stringify({ answers: rig.answers, events: rig.events, logs: rig.logs, notifications: rig.notifications });
    expect(everything.length).toBeGreaterThan(10_000);
    expect(leaks(everything, secrets)).toEqual([]);
  }, 120_000);
});

async function pickPostWithServiceId(rig: AppRig, rows: InboxRow[]): Promise<{ postKey: string; row: InboxRow }> {
  for (const row of rows) {
    const postKey = `instagram:${row.socialPostId}`;
    const result = await rig.invoke('posts.metrics', { postKey });
    if (result.ok && (result.data as { post: { servicePostId: string | null } }).post.servicePostId !== null) return { postKey, row };
  }
  throw new Error(`no instagram post made through the service among ${rows.length} rows (${controlUrl('')})`);
}
