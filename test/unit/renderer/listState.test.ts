import { describe, expect, it } from 'vitest';
import {
  appendPage,
  belongsToView,
  compareClosing,
  compareRows,
  displayItems,
  mergeFirstPage,
  moveSelection,
  offsetsOf,
  scrollToReveal,
  visibleRange,
} from '../../../src/renderer/logic/listState.ts';
import { latestForComment, stateDetail, stateLabel, undoSecondsLeft } from '../../../src/renderer/logic/outboxLabels.ts';

const row = (key: string, created: string) => ({ key, created });
const triage = { byAccount: false, done: false, hidden: false, replied: false, snoozedUntil: null, unread: true };

describe('the list state', () => {
  it('keeps a conversation in Closing soon while it waits and is not done, snoozed or not', () => {
    expect(belongsToView(triage, 'closingSoon', 0)).toBe(true);
    expect(belongsToView({ ...triage, snoozedUntil: 100 }, 'closingSoon', 50)).toBe(true);
    expect(belongsToView({ ...triage, done: true }, 'closingSoon', 0)).toBe(false);
    expect(belongsToView({ ...triage, replied: true }, 'closingSoon', 0)).toBe(false);
  });

  it('orders Closing soon by the person’s last message, the oldest (closing first) first', () => {
    const info = (lastReceivedAt: string) => ({ lastReceivedAt });
    const rows = [
      { key: 'dm:facebook:b', conversation: info('2026-03-05T10:00:00Z') },
      { key: 'dm:instagram:a', conversation: info('2026-03-04T10:00:00Z') },
      { key: 'dm:facebook:a', conversation: info('2026-03-05T10:00:00Z') },
    ].sort(compareClosing);
    expect(rows.map((r) => r.key)).toEqual(['dm:instagram:a', 'dm:facebook:a', 'dm:facebook:b']);
  });

  it('groups the conversations together, beside the posts', () => {
    const rows = [
      { platform: 'facebook' as const, socialPostId: 'p1', postExcerpt: 'one' },
      { platform: 'instagram' as const, socialPostId: '', postExcerpt: '', kind: 'conversation' as const },
      { platform: 'facebook' as const, socialPostId: 'p1', postExcerpt: 'one', kind: 'comment' as const },
      { platform: 'twitter' as const, socialPostId: '', postExcerpt: '', kind: 'conversation' as const },
    ];
    const grouped = displayItems(rows, true);
    expect(grouped.map((item) => (item.kind === 'header' ? `h:${item.excerpt}:${item.count}` : item.index))).toEqual([
      'h:one:2',
      0,
      2,
      'h:Direct messages:2',
      1,
      3,
    ]);
  });

  it('orders newest first, ties by key', () => {
    const rows = [row('a', '2026-01-01'), row('c', '2026-01-02'), row('b', '2026-01-01')].sort(compareRows);
    expect(rows.map((r) => r.key)).toEqual(['c', 'b', 'a']);
  });

  it('merges a fresh first page in front of the rows loaded after it', () => {
    const loaded = [row('d', '2026-01-04'), row('c', '2026-01-03'), row('b', '2026-01-02'), row('a', '2026-01-01')];
    const page = [row('e', '2026-01-05'), row('d', '2026-01-04')];
    expect(mergeFirstPage(loaded, page, true).map((r) => r.key)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(mergeFirstPage(loaded, page, false).map((r) => r.key)).toEqual(['e', 'd']);
  });

  it('appends a page without duplicates', () => {
    expect(appendPage([row('b', '2'), row('a', '1')], [row('a', '1'), row('z', '0')]).map((r) => r.key)).toEqual(['b', 'a', 'z']);
  });

  it('knows which rows stay in a view after a change', () => {
    expect(belongsToView({ ...triage, done: true }, 'needsReply', 0)).toBe(false);
    expect(belongsToView({ ...triage, done: true }, 'done', 0)).toBe(true);
    expect(belongsToView({ ...triage, done: true }, 'all', 0)).toBe(true);
    expect(belongsToView({ ...triage, snoozedUntil: 100 }, 'needsReply', 50)).toBe(false);
    expect(belongsToView({ ...triage, snoozedUntil: 100 }, 'needsReply', 150)).toBe(true);
    expect(belongsToView({ ...triage, snoozedUntil: 100 }, 'snoozed', 50)).toBe(true);
    expect(belongsToView({ ...triage, unread: false }, 'all', 0, true)).toBe(false);
  });

  it('keeps the selection inside the list', () => {
    expect(moveSelection(0, -1, 5)).toBe(0);
    expect(moveSelection(4, 1, 5)).toBe(4);
    expect(moveSelection(2, 1, 5)).toBe(3);
    expect(moveSelection(3, 1, 0)).toBe(0);
  });

  it('groups rows by post on demand, posts in the order of their newest comment', () => {
    const rows = [
      { platform: 'instagram' as const, socialPostId: 'p1', postExcerpt: 'one' },
      { platform: 'instagram' as const, socialPostId: 'p2', postExcerpt: 'two' },
      { platform: 'instagram' as const, socialPostId: 'p1', postExcerpt: 'one' },
    ];
    expect(displayItems(rows, false)).toHaveLength(3);
    const grouped = displayItems(rows, true);
    expect(grouped.map((item) => (item.kind === 'header' ? `h:${item.excerpt}:${item.count}` : item.index))).toEqual(['h:one:2', 0, 2, 'h:two:1', 1]);
  });

  it('renders a constant number of items however long the list', () => {
    const items = displayItems(new Array(100_000).fill({ platform: 'facebook', socialPostId: 'x', postExcerpt: '' }), false);
    const offsets = offsetsOf(items, 88, 36);
    expect(offsets[items.length]).toBe(88 * 100_000);
    const range = visibleRange(offsets, 88 * 50_000, 880, 4);
    expect(range).toEqual({ start: 49_996, end: 50_014 });
    expect(scrollToReveal(offsets, 10, 0, 880)).toBe(88 * 11 - 880);
    expect(scrollToReveal(offsets, 3, 0, 880)).toBeNull();
    expect(scrollToReveal(offsets, 3, 1000, 880)).toBe(264);
  });
});

describe('outbox states as words', () => {
  const base = { state: 'queued' as const, lastError: null, nextAttemptAt: null, results: {}, sendAfter: 10_000, attempts: 0 };
  it('names every state as the person reads it', () => {
    expect(['queued', 'waiting', 'sending', 'sent', 'failed'].map((state) => stateLabel({ state: state as 'queued' }))).toEqual([
      'Queued',
      'Queued',
      'Sending',
      'Sent',
      'Failed',
    ]);
  });

  it('counts the undo window down', () => {
    expect(undoSecondsLeft(base, 5_000)).toBe(5);
    expect(undoSecondsLeft(base, 10_000)).toBe(0);
    expect(undoSecondsLeft({ ...base, attempts: 1 }, 5_000)).toBe(0);
  });

  it('says why a reply failed in words, with the service code apart for Details (issue 19: no longer the service text)', () => {
    const failed = {
      ...base,
      state: 'failed' as const,
      results: { instagram: { state: 'failed' as const, code: '110', message: 'Comments are disabled', at: 1 } },
    };
    expect(stateDetail(failed, 0)).toEqual({
      text: 'Comments are disabled on this Instagram post. Edit it and send it again, or cancel it.',
      details: "The service's code 110",
    });
  });

  it('says a waiting reply goes when the connection is back, and when it is tried next', () => {
    const waiting = {
      ...base,
      state: 'waiting' as const,
      lastError: { code: 'network', message: 'user: the service cannot be reached (ENOTFOUND)' },
      nextAttemptAt: 25_000,
    };
    expect(stateDetail(waiting, 0)?.text).toBe("Can't reach the service. It will be sent when the connection is back; next try in 25 s.");
  });

  it('finds the newest live reply to a comment', () => {
    const items = [
      { answers: 'a', created: 1, state: 'sent' as const },
      { answers: 'a', created: 3, state: 'cancelled' as const },
      { answers: 'a', created: 2, state: 'queued' as const },
      { answers: 'b', created: 9, state: 'queued' as const },
    ];
    expect(latestForComment(items, 'a')?.created).toBe(2);
    expect(latestForComment(items, 'c')).toBeNull();
  });
});
