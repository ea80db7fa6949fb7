import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../src/main/core/ports.ts';
import { NotificationPlanner, type NotificationPlannerOptions } from '../../../src/main/core/notifications/notificationPlanner.ts';
import { SteppingClock } from '../../support/steppingClock.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

function planner(options: Partial<NotificationPlannerOptions> = {}) {
  const clock = new SteppingClock();
  const shown: AppNotification[] = [];
  let enabled = true;
  const planner = new NotificationPlanner({
    clock,
    notifier: { show: (notification) => shown.push(notification) },
    enabled: () => enabled,
    profileTitle: (id) => `Client ${id}`,
    preview: (key) => `Ann: comment ${key}`,
    gatherMs: 5 * SECOND,
    minGapPerProfileMs: 2 * MINUTE,
    maxPerWindow: 3,
    longOfflineMs: 10 * MINUTE,
    catchUpMs: 2 * MINUTE,
    ...options,
  });
  return {
    clock,
    shown,
    planner,
    disable: () => {
      enabled = false;
    },
  };
}

const keys = (n: number, prefix = 'instagram:c') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('notification planning', () => {
  it('groups the new comments of a client gathered in one window into one notification', async () => {
    const { clock, shown, planner: p } = planner();
    p.newItems('comment', 'acme', ['instagram:c1'], false);
    await clock.runFor(2 * SECOND);
    p.newItems('comment', 'acme', ['instagram:c2', 'instagram:c3'], false);
    expect(shown).toEqual([]);
    await clock.runFor(10 * SECOND);
    expect(shown).toEqual([
      expect.objectContaining({
        kind: 'new-items',
        profileId: 'acme',
        profileTitle: 'Client acme',
        counts: { comment: 3, conversation: 0, review: 0 },
        firstKey: 'instagram:c1',
        preview: 'Ann: comment instagram:c1',
      }),
    ]);
  });

  it('notifies each client separately, and the click opens that client’s first comment', async () => {
    const { clock, shown, planner: p } = planner();
    p.newItems('comment', 'acme', ['instagram:a1'], false);
    p.newItems('comment', 'bolt', ['tiktok:b1', 'tiktok:b2'], false);
    await clock.runFor(10 * SECOND);
    expect(shown.map((n) => n.kind === 'new-items' && [n.profileId, n.counts.comment])).toEqual([
      ['acme', 1],
      ['bolt', 2],
    ]);
    expect(p.opened(shown[1]!.id)).toEqual({ commentKey: 'tiktok:b1', outboxId: null });
    expect(p.opened('unknown')).toBeNull();
  });

  it('notifies a client at most once per gap; what arrives meanwhile comes with the next one', async () => {
    const { clock, shown, planner: p } = planner();
    p.newItems('comment', 'acme', ['instagram:c1'], false);
    await clock.runFor(10 * SECOND);
    for (let i = 0; i < 20; i++) {
      p.newItems('comment', 'acme', [`instagram:n${i}`], false);
      await clock.runFor(3 * SECOND);
    }
    expect(shown).toHaveLength(1);
    await clock.runFor(2 * MINUTE);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toMatchObject({ kind: 'new-items', counts: { comment: 20, conversation: 0, review: 0 }, firstKey: 'instagram:n0' });
  });

  it('shows one summary instead of a storm when many clients have news at once', async () => {
    const { clock, shown, planner: p } = planner();
    for (const client of ['a', 'b', 'c', 'd', 'e']) p.newItems('comment', client, keys(4, `${client}:`), false);
    await clock.runFor(10 * SECOND);
    expect(shown).toEqual([expect.objectContaining({ kind: 'summary', counts: { comment: 20, conversation: 0, review: 0 }, profiles: 5 })]);
  });

  it('sums up a first sync in one notification, whatever its size', async () => {
    const { clock, shown, planner: p } = planner();
    for (let post = 0; post < 200; post++) p.newItems('comment', `client${post % 4}`, keys(50, `instagram:p${post}-`), true);
    await clock.runFor(MINUTE);
    expect(shown).toEqual([expect.objectContaining({ kind: 'summary', counts: { comment: 10_000, conversation: 0, review: 0 }, profiles: 4 })]);
  });

  it('after a long offline spell, what pours in is one summary; after a short one, business as usual', async () => {
    const long = planner();
    long.planner.connectivity('account', false);
    await long.clock.runFor(30 * MINUTE);
    long.planner.connectivity('account', true);
    for (const client of ['a', 'b']) for (let i = 0; i < 30; i++) long.planner.newItems('comment', client, [`instagram:${client}${i}`], false);
    await long.clock.runFor(5 * MINUTE);
    expect(long.shown).toEqual([expect.objectContaining({ kind: 'summary', counts: { comment: 60, conversation: 0, review: 0 }, profiles: 2 })]);

    const short = planner();
    short.planner.connectivity('account', false);
    await short.clock.runFor(MINUTE);
    short.planner.connectivity('account', true);
    short.planner.newItems('comment', 'a', ['instagram:a1'], false);
    await short.clock.runFor(10 * SECOND);
    expect(short.shown).toEqual([expect.objectContaining({ kind: 'new-items', profileId: 'a' })]);
  });

  it('shows a refused reply at once, and its click opens the comment and the reply', () => {
    const { shown, planner: p } = planner();
    p.replyFailed({ profileId: 'acme', outboxId: 'o1', commentKey: 'instagram:c1', message: 'Invalid comment (HTTP 400, code 215)', what: 'A reply' });
    expect(shown).toEqual([expect.objectContaining({ kind: 'reply-failed', outboxId: 'o1', commentKey: 'instagram:c1' })]);
    expect(p.opened(shown[0]!.id)).toEqual({ commentKey: 'instagram:c1', outboxId: 'o1' });
  });

  it('gathers a client’s direct messages with its comments, counting each conversation once', async () => {
    const { clock, shown, planner: p } = planner();
    p.newItems('conversation', 'acme', ['dm:instagram:t1'], false);
    await clock.runFor(2 * SECOND);
    p.newItems('comment', 'acme', ['instagram:c1'], false);
    p.newItems('conversation', 'acme', ['dm:instagram:t1', 'dm:facebook:t2'], false);
    p.newItems('conversation', 'bolt', ['dm:twitter:t3'], false);
    await clock.runFor(10 * SECOND);
    expect(shown).toEqual([
      expect.objectContaining({ kind: 'new-items', profileId: 'acme', counts: { comment: 1, conversation: 2, review: 0 }, firstKey: 'dm:instagram:t1' }),
      expect.objectContaining({
        kind: 'new-items',
        profileId: 'bolt',
        counts: { comment: 0, conversation: 1, review: 0 },
        preview: 'Ann: comment dm:twitter:t3',
      }),
    ]);
    expect(p.opened(shown[0]!.id)).toEqual({ commentKey: 'dm:instagram:t1', outboxId: null });
    // The gap per client holds for messages too.
    p.newItems('conversation', 'acme', ['dm:instagram:t1'], false);
    await clock.runFor(30 * SECOND);
    expect(shown).toHaveLength(2);
    await clock.runFor(2 * MINUTE);
    expect(shown[2]).toMatchObject({ kind: 'new-items', profileId: 'acme', counts: { comment: 0, conversation: 1, review: 0 } });
  });

  it('folds direct messages into the summary of a first sync or of a storm', async () => {
    const { clock, shown, planner: p } = planner();
    p.newItems('comment', 'a', keys(30), true);
    p.newItems('conversation', 'b', ['dm:instagram:t1', 'dm:instagram:t2'], false);
    await clock.runFor(MINUTE);
    expect(shown).toEqual([expect.objectContaining({ kind: 'summary', counts: { comment: 30, conversation: 2, review: 0 }, profiles: 2 })]);
    await clock.runFor(5 * MINUTE);
    for (const client of ['c', 'd', 'e', 'f']) p.newItems('conversation', client, [`dm:facebook:${client}`], false);
    await clock.runFor(10 * SECOND);
    expect(shown[1]).toMatchObject({ kind: 'summary', counts: { comment: 0, conversation: 4, review: 0 }, profiles: 4 });
  });

  it('shows a refused direct message at once, saying it is one', () => {
    const { shown, planner: p } = planner();
    p.replyFailed({ profileId: 'acme', outboxId: 'o2', commentKey: 'dm:instagram:t1', message: 'The reply window has closed', what: 'A direct message' });
    expect(shown).toEqual([expect.objectContaining({ kind: 'reply-failed', what: 'A direct message', commentKey: 'dm:instagram:t1' })]);
  });

  it('shows nothing while notifications are off in the settings', async () => {
    const { clock, shown, planner: p, disable } = planner();
    disable();
    p.newItems('comment', 'acme', ['instagram:c1'], false);
    p.replyFailed({ profileId: 'acme', outboxId: 'o1', commentKey: 'instagram:c1', message: 'refused', what: 'A reply' });
    await clock.runFor(MINUTE);
    expect(shown).toEqual([]);
  });

  it('remembers a bounded number of notifications for their clicks', () => {
    const { shown, planner: p } = planner({ remember: 3 });
    for (let i = 0; i < 5; i++) p.replyFailed({ profileId: 'a', outboxId: `o${i}`, commentKey: `instagram:c${i}`, message: 'refused', what: 'A reply' });
    expect(p.opened(shown[0]!.id)).toBeNull();
    expect(p.opened(shown[4]!.id)).toEqual({ commentKey: 'instagram:c4', outboxId: 'o4' });
  });
});
