// The core as a host builds it, against a real sandbox through the factory port and a temp data
// directory: the built-in account, the inbox after a sync, a reply through the outbox (sent once,
// per the sandbox's ledger), triage (of some comments, and of a whole view) with undo, settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxCounts, InboxRow } from '../../../src/shared/domain/inbox.ts';
import { AppRig } from './appHarness.ts';
import { asThread } from '../../support/itemReads.ts';

let rig: AppRig;

beforeAll(async () => {
  rig = await AppRig.start();
});

afterAll(async () => {
  await rig?.close();
});

async function rowsOf(filter: Record<string, unknown> = {}, limit = 200): Promise<InboxRow[]> {
  return (await rig.call('inbox.page', { filter, limit })).rows;
}

/** An outside comment (not by the account) on a network, once the sync has it. */
async function outsideComment(platform: string): Promise<InboxRow> {
  return rig.until(`an outside ${platform} comment in the inbox`, async () =>
    (await rowsOf({ platforms: [platform], view: 'needsReply', kind: 'comment' })).find(
      (row) => !row.byAccount && (platform !== 'linkedin' || row.commentUrn !== null),
    ),
  );
}

describe('the application core with the built-in sandbox account', () => {
  it('lists the sandbox account and its client profiles, with their keys configured (never shown)', async () => {
    const { accounts } = await rig.call('accounts.list', {});
    expect(accounts.map((account) => [account.accountId, account.kind])).toEqual([['sandbox', 'sandbox']]);
    const profiles = await rig.until('the sandbox profiles', async () => {
      const { profiles } = await rig.call('profiles.list', {});
      return profiles.length >= 2 ? profiles : null;
    });
    expect(profiles.filter((profile) => profile.isPrimary)).toHaveLength(1);
    const keys = await rig.call('accounts.keyStatus', { accountId: 'sandbox' });
    expect(keys.apiKey).toEqual({ configured: true, protection: 'os', last4: rig.sandbox.apiKey.slice(-4) });
    expect(keys.x.configured).toBe(true);
    for (const profile of profiles.filter((p) => !p.isPrimary)) expect(keys.profiles[profile.profileId]?.configured).toBe(true);
  });

  it('pages the inbox once the sync has fetched comments, newest first, and counts them', async () => {
    const rows = await rig.until('inbox rows', async () => {
      const page = await rowsOf();
      return page.length > 0 ? page : null;
    });
    const created = rows.map((row) => row.created);
    expect([...created].sort().reverse()).toEqual(created);
    expect(rig.eventsNamed('items.new').length).toBeGreaterThan(0);
    const counts = await rig.call('inbox.counts', {});
    expect(counts.total.all).toBeGreaterThan(0);
    expect(rig.core.unreadTotal()).toBe(counts.total.unread);
    const searched = await rig.call('inbox.search', { text: rows[0]!.text.split(/\s+/)[0]!.replace(/[^\p{L}\p{N}]/gu, '') || 'a', limit: 10 });
    expect(searched.rows.length).toBeGreaterThan(0);
  });

  it('queues a reply at once and sends it exactly once (instagram; linkedin with its URN filled in)', async () => {
    for (const platform of ['instagram', 'linkedin']) {
      const comment = await outsideComment(platform);
      const text = `Thank you (${platform}, ${comment.socialCommentId})`;
      const { item } = await rig.call('answer.send', { key: comment.key, text });
      expect(item).toMatchObject({ state: 'queued', answers: comment.key, text, platforms: [platform] });
      const sent = await rig.until(`the ${platform} reply sent`, async () =>
        (await rig.call('outbox.list', { states: ['sent'] })).items.find((i) => i.id === item.id),
      );
      expect(sent.results[platform as 'instagram']?.state).toBe('sent');
      const ledger = await rig.ledger('comment.reply');
      expect(ledger.filter((entry) => entry.text === text)).toHaveLength(1);
      expect(rig.eventsNamed('outbox.changed').some((e) => (e as { item?: { id: string; state: string } }).item?.id === item.id)).toBe(true);
      const thread = await rig.call('inbox.item', { key: comment.key }).then(asThread);
      expect(thread.outbox.map((i) => i.id)).toContain(item.id);
    }
  });

  it('lets a reply be taken back within its undo window: nothing is sent, the text comes back', async () => {
    await rig.call('settings.update', { undoSeconds: 30 });
    const comment = await outsideComment('facebook');
    const text = `Undone reply ${comment.socialCommentId}`;
    const { item } = await rig.call('answer.send', { key: comment.key, text });
    const undone = await rig.call('outbox.undo', { id: item.id });
    expect(undone).toMatchObject({ item: { state: 'cancelled' }, text });
    expect((await rig.ledger('comment.reply')).filter((entry) => entry.text === text)).toHaveLength(0);
    await rig.call('settings.update', { undoSeconds: 0 });
  });

  it('shows a new outside comment live: event, counts, one notification whose click opens it', async () => {
    // Comments that arrive while the first sync's backlog is being summed up join that one summary:
    // wait until the summary is out, so this comment is news of its own.
    await rig.until('the first sync summed up', async () => {
      const { sync } = await rig.call('status.get', {});
      return sync.length > 1 && sync.every((s) => s.state === 'idle' && s.postsDone === s.postsTotal) && rig.backlogSummarised();
    });
    // A post whose comments are on (the sandbox refuses outside comments on the others).
    let known: InboxRow | undefined;
    for (const row of await rowsOf({ platforms: ['instagram'], kind: 'comment' })) {
      const { post } = await rig.call('posts.metrics', { postKey: `instagram:${row.socialPostId}` });
      if (!post.disableComments) {
        known = row;
        break;
      }
    }
    if (!known) throw new Error('no instagram post with comments on');
    const injected = (await rig.control('POST', '/comments', {
      platform: 'instagram',
      socialPostId: known.socialPostId,
      comment: 'Is this still available?',
      from: { id: 'visitor-42', username: 'visitor42' },
    })) as { commentId: string };
    expect(injected.commentId).toEqual(expect.any(String));
    const key = `instagram:${injected.commentId}`;
    await rig.call('sync.refresh', { postKey: `instagram:${known.socialPostId}` });
    await rig.until('the new comment event', () => rig.eventsNamed('items.new').some((e) => (e as { keys: string[] }).keys.includes(key)), 300);
    const note = await rig.until('its notification', () => rig.notifications.find((n) => n.kind === 'new-items' && n.firstKey === key), 300);
    expect(note).toMatchObject({ profileId: known.profileId, counts: { comment: 1 }, preview: expect.stringContaining('Is this still available?') });
    rig.core.notificationClicked(note.id);
    expect(rig.eventsNamed('notification.open').at(-1)).toEqual({ commentKey: key, outboxId: null });
    expect((await rig.call('inbox.item', { key }).then(asThread)).thread.comment.text).toBe('Is this still available?');
  });

  it('refuses a reply the service cannot address, saying why', async () => {
    const youtube = (await rowsOf({ platforms: ['youtube'] })).find((row) => !row.byAccount);
    if (!youtube) return;
    const result = await rig.invoke('answer.send', { key: youtube.key, text: 'Hello' });
    expect(result).toMatchObject({ ok: false, error: { code: 'refused' } });
  });

  it('triages many comments at once and undoes it with the token', async () => {
    const rows = (await rowsOf({ view: 'needsReply', unreadOnly: true, kind: 'comment' })).slice(0, 3);
    expect(rows.length).toBeGreaterThan(0);
    const keys = rows.map((row) => row.key);
    const before = await rig.call('inbox.counts', {});
    const done = await rig.call('inbox.triage', { keys, done: true, unread: false, addLabels: ['later'] });
    expect(done.changed).toBe(keys.length);
    const after = await rig.call('inbox.counts', {});
    expect(after.total.done).toBe(before.total.done + keys.length);
    const thread = await rig.call('inbox.item', { key: keys[0]! }).then(asThread);
    expect(thread.thread.comment).toMatchObject({ done: true, unread: false, labels: ['later'] });
    await rig.until('a counts event', () => rig.eventsNamed('inbox.countsChanged').length > 0);

    expect(await rig.call('inbox.undoTriage', { undoToken: done.undoToken })).toEqual({ restored: keys.length });
    const restored = await rig.call('inbox.item', { key: keys[0]! }).then(asThread);
    expect(restored.thread.comment).toMatchObject({ done: false, unread: true, labels: [] });
    expect(await rig.invoke('inbox.undoTriage', { undoToken: done.undoToken })).toMatchObject({ ok: false, error: { code: 'refused' } });
  });

  it('marks a whole client view done in one command, bounded to the selection, and undoes it', async () => {
    const counts = await rig.call('inbox.counts', {});
    const [profileId, start] = Object.entries(counts.byProfile).sort((a, b) => b[1].needsReply - a[1].needsReply)[0]!;
    expect(start.needsReply).toBeGreaterThan(1);
    const filter = { profileIds: [profileId], view: 'needsReply' as const };
    const selected = await rig.call('inbox.viewSize', { filter });
    expect(selected.count).toBe(start.needsReply);
    expect(selected.newest).toEqual((await rig.call('inbox.page', { filter, limit: 1 })).rows.map((row) => ({ created: row.created, key: row.key }))[0]);
    expect(await rig.invoke('inbox.triageView', { filter, newest: selected.newest, count: 0, done: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect(await rig.invoke('inbox.triageView', { filter, newest: selected.newest, count: selected.count })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });

    const swept = await rig.call('inbox.triageView', { filter, newest: selected.newest!, count: selected.count, done: true });
    expect(swept.changed).toBe(start.needsReply);
    expect((await rig.call('inbox.counts', {})).byProfile[profileId]).toMatchObject({ needsReply: 0, done: start.done + start.needsReply });
    await rig.until('a counts event with the view empty', () =>
      (rig.eventsNamed('inbox.countsChanged') as InboxCounts[]).some((event) => event.byProfile[profileId]?.needsReply === 0),
    );

    expect(await rig.call('inbox.undoTriage', { undoToken: swept.undoToken })).toEqual({ restored: start.needsReply });
    expect((await rig.call('inbox.counts', {})).byProfile[profileId]).toMatchObject({ needsReply: start.needsReply, done: start.done });
  });

  it('reads and updates the settings, and tells the renderer', async () => {
    const updated = await rig.call('settings.update', { theme: 'dark', syncPace: 'gentle' });
    expect(updated).toMatchObject({ theme: 'dark', syncPace: 'gentle' });
    expect(await rig.call('settings.get', {})).toEqual(updated);
    expect(rig.eventsNamed('settings.changed').at(-1)).toEqual(updated);
    expect(await rig.invoke('settings.update', { undoSeconds: 99 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // A patch changes what it names, nothing else (no field falls back to its default).
    await rig.call('settings.update', { notifications: false });
    expect(await rig.call('settings.update', { theme: 'light' })).toMatchObject({ theme: 'light', syncPace: 'gentle', notifications: false, undoSeconds: 0 });
    await rig.call('settings.update', { notifications: true });
  });

  it('reports connectivity and sync status, and pauses the sync', async () => {
    const status = await rig.call('status.get', {});
    expect(status.connectivity.map((c) => c.accountId)).toEqual(['sandbox']);
    expect(status.sync.length).toBeGreaterThan(1);
    expect(status.storeRecovery).toBeNull();
    await rig.call('sync.setPaused', { paused: true });
    expect((await rig.call('status.get', {})).sync.every((s) => s.state === 'paused')).toBe(true);
    await rig.call('sync.setPaused', { paused: false });
    expect(rig.core.syncPaused).toBe(false);
  });
});
