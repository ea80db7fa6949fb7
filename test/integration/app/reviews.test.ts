// Reviews through the core as a host builds it, against the real sandbox (issue 31, item 5): the
// clients' reviews come into the one inbox as their own kind (not notified as a backlog); a new
// one-star review made through the control call is told at once (one notification in its words);
// the one item read gives it with the business's reply; triage, snooze and search go through the
// kind-generic commands; a reply goes through the one answer command, is refused in words when it
// cannot go, and reaches the sandbox's ledger exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../src/shared/domain/inboxItem.ts';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { notificationText } from '../../../src/main/electron/notifier.ts';
import { AppRig, type SandboxWorld } from './appHarness.ts';

let rig: AppRig;
let world: SandboxWorld;

beforeAll(async () => {
  ({ rig, world } = await AppRig.startWithWorld());
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

async function reviewRows(filter: Record<string, unknown> = {}): Promise<InboxRow[]> {
  const page = await rig.call('inbox.page', { filter: { ...filter, kind: 'review' }, cursor: null, limit: 500 });
  return page.rows;
}

describe('reviews in the application core', () => {
  it('brings every client’s reviews into the inbox as their own kind, counted, never notified as a backlog', async () => {
    const listed = (await rig.control('GET', '/reviews')) as unknown[];
    const rows = await rig.until('the reviews read', async () => {
      const got = await reviewRows();
      return got.length === listed.length ? got : null;
    });
    expect(rows.every((row) => row.kind === 'review' && row.review !== undefined)).toBe(true);
    const counts = await rig.call('inbox.counts', { kind: 'review' });
    expect(counts.total.all).toBe(listed.length);
    expect(rig.notifications.filter((n) => (n.kind === 'new-items' || n.kind === 'summary') && (n.counts.review ?? 0) > 0)).toEqual([]);
  });

  it('a new one-star review is told at once, in its words; read through the one item read; triaged and found like any item', async () => {
    // As for any news: once the first sync was summed up, news is told item by item.
    await rig.until('the first sync summed up', async () => {
      const { sync } = await rig.call('status.get', {});
      return sync.length > 1 && sync.every((s) => s.state === 'idle' && s.postsDone === s.postsTotal) && rig.backlogSummarised();
    });
    const bakery = world.profiles.find((p) => p.title === 'Bloom Bakery')!;
    const made = (await rig.control('POST', '/reviews', {
      profileRefId: bakery.refId,
      platform: 'gmb',
      rating: 1,
      review: 'The sourdough was burnt and nobody cared.',
      reviewer: { name: 'Priya Patel' },
    })) as { review: { id: string } };
    const key = `review:gmb:${made.review.id}`;
    await rig.call('sync.refresh', { profileId: bakery.refId });
    const note = await rig.until('its notification', () => rig.notifications.find((n) => n.kind === 'new-items' && n.firstKey === key), 300);
    expect(note).toMatchObject({ profileId: bakery.refId, counts: { review: 1 }, preview: 'Priya Patel: The sourdough was burnt and nobody cared.' });
    expect(notificationText(note).title).toBe('Bloom Bakery: 1 new low review');

    const read = (await rig.call('inbox.item', { key })) as { item: InboxItem; row: InboxRow };
    expect(read.item.kind).toBe('review');
    expect(read.row).toMatchObject({ key, kind: 'review', platform: 'gmb', authorName: 'Priya Patel', unread: true, replied: false });
    expect(read.row.review).toMatchObject({ stars: 1, network: 'gmb', reply: null });

    const found = await rig.call('inbox.search', { filter: {}, text: 'sourdough burnt', cursor: null, limit: 50 });
    expect(found.rows.map((row) => row.key)).toContain(key);

    await rig.call('inbox.triage', { keys: [key], snoozedUntil: Date.now() + 3_600_000 });
    expect((await reviewRows({ view: 'snoozed' })).map((row) => row.key)).toContain(key);
    await rig.call('inbox.triage', { keys: [key], snoozedUntil: null });
    expect((await reviewRows({ view: 'needsReply' })).map((row) => row.key)).toContain(key);
  });

  it('a reply goes through the one answer command, refused in words when it cannot go, and reaches the ledger once', async () => {
    const open = (await reviewRows({ view: 'needsReply' })).find((row) => row.platform === 'gmb')!;
    const empty = await rig.invoke('answer.send', { key: open.key, text: '   ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.error.message).toMatch(/empty/);
    const image = await rig.invoke('answer.send', { key: open.key, text: 'Hi', mediaUrls: ['https://example.com/a.png'] });
    if (image.ok) throw new Error('an image was taken');
    expect(image.error.message).toMatch(/A reply to a review takes no image/);

    const text = `Thank you, we are sorry ${Math.random().toString(36).slice(2, 8)}`;
    const { item } = await rig.call('answer.send', { key: open.key, text });
    expect(item).toMatchObject({ kind: 'review-reply', answers: open.key, platforms: ['gmb'], person: open.authorName });
    await rig.until('sent', async () => ((await rig.call('outbox.list', {})).items.find((i) => i.id === item.id)?.state === 'sent' ? true : null), 300);
    const ledger = ((await rig.control('GET', '/ledger')) as { kind: string; text: string | null }[]).filter(
      (e) => e.kind === 'review.reply' && e.text === text,
    );
    expect(ledger).toHaveLength(1);
  });

  it('the client report says the period’s reviews: how many, their stars, answered within a day, and those waiting, quoted', async () => {
    const bakery = world.profiles.find((p) => p.title === 'Bloom Bakery')!;
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const report = await rig.call('report.get', { profileId: bakery.refId, from: monthAgo, to: today });
    const rows = await reviewRows({ profileIds: [bakery.refId] });
    const inPeriod = rows.filter((row) => Date.parse(row.created) >= Date.parse(`${monthAgo}T00:00:00Z`) - 14 * 3_600_000);
    expect(report.reviews).toBeDefined();
    expect(report.reviews!.received).toBeGreaterThan(0);
    expect(report.reviews!.received).toBeLessThanOrEqual(inPeriod.length);
    // Those waiting: unanswered in the store, quoted as the store has them, oldest first.
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const waiting = report.reviews!.waiting;
    expect(waiting.length).toBeGreaterThan(0);
    for (const w of waiting) {
      const row = byKey.get(w.key)!;
      expect([row.replied, w.author, w.text, w.stars]).toEqual([false, row.authorName, row.text, row.review?.stars ?? null]);
    }
    expect(waiting.map((w) => w.createdAt)).toEqual([...waiting.map((w) => w.createdAt)].sort((a, b) => a - b));
    expect(report.reviews!.waitingCount).toBeGreaterThanOrEqual(report.reviews!.waiting.length);
  });

  it('removes the business’s reply once on each network; once it went, the review shows none and needs a reply again (decision 0086)', async () => {
    const answered = (await reviewRows()).filter((row) => row.review?.reply !== null && !row.done);
    const picked = (['gmb', 'facebook'] as const).map((network) => answered.find((row) => row.platform === network)!);
    const unanswered = (await reviewRows({ view: 'needsReply' }))[0]!;
    const refused = await rig.invoke('reviews.removeReply', { key: unanswered.key });
    if (refused.ok) throw new Error('a review without a reply had one removed');
    expect(refused.error.message).toBe('This review has no reply of the business to remove');

    for (const row of picked) {
      const { item } = await rig.call('reviews.removeReply', { key: row.key });
      expect(item).toMatchObject({ kind: 'review-reply-delete', answers: row.key, platforms: [row.platform], text: '', state: 'queued' });
      await rig.until(
        'the removal sent',
        async () => ((await rig.call('outbox.list', {})).items.find((i) => i.id === item.id)?.state === 'sent' ? true : null),
        300,
      );
      // No read of the reviews since: the confirmed removal took the reply off the stored review.
      const read = (await rig.call('inbox.item', { key: row.key })) as { item: InboxItem; row: InboxRow };
      expect(read.row).toMatchObject({ replied: false });
      expect(read.row.review?.reply).toBeNull();
      expect(read.item.kind === 'review' && read.item.data.answers).toEqual([]);
      expect((await reviewRows({ view: 'needsReply' })).map((r) => r.key)).toContain(row.key);
      const removals = ((await rig.control('GET', '/ledger')) as { kind: string; ids: string[] }[]).filter(
        (e) => e.kind === 'review.replyDelete' && e.ids[0] === row.review!.reviewId,
      );
      expect(removals).toHaveLength(1);
    }
  });
});
