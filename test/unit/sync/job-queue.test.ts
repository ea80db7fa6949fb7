// Which job goes next: a manual refresh first, then the post lists when due, then posts never
// fetched (newest first), then the due job most overdue relative to its interval; analytics go in
// batches of up to 100 ids, a partial batch waiting a little for more posts to fall due.
import { describe, expect, it } from 'vitest';
import { type AnalyticsTrack, nextAnalyticsJob } from '../../../src/main/core/sync/analyticsPlan.ts';
import { nextJob } from '../../../src/main/core/sync/jobQueue.ts';
import type { PollTarget } from '../../../src/main/core/sync/pollTargets.ts';

const NOW = Date.UTC(2026, 4, 30, 12);

function target(id: string, fields: Partial<PollTarget> = {}): PollTarget {
  return {
    id,
    servicePostId: id,
    posts: [],
    created: NOW - 86_400_000,
    lastCommentAt: null,
    lastPolledAt: NOW - 60_000,
    dueAt: NOW + 60_000,
    manual: false,
    failures: 0,
    ...fields,
  };
}

const options = {
  intervalOf: (t: PollTarget) => (t.id.startsWith('hot') ? 30_000 : 3_600_000),
  analyticsBatchDelayMs: 300_000,
  analyticsRankIntervalMs: 600_000,
};
const pick = (targets: PollTarget[], agenda: { discoveryDueAt?: number; discoveryManual?: boolean; analytics?: AnalyticsTrack[] } = {}) =>
  nextJob(
    { discoveryDueAt: agenda.discoveryDueAt ?? NOW + 1000, discoveryManual: agenda.discoveryManual ?? false, targets, analytics: agenda.analytics ?? [] },
    NOW,
    options,
  );
const idOf = (result: ReturnType<typeof pick>) => (result.job?.kind === 'comments' ? result.job.target.id : result.job?.kind);

describe('job queue', () => {
  it('a manual refresh goes before everything, the newest post first', () => {
    const targets = [target('due', { dueAt: NOW - 10_000 }), target('old', { manual: true, created: NOW - 9e9 }), target('new', { manual: true })];
    expect(idOf(pick(targets, { discoveryDueAt: NOW - 1 }))).toBe('new');
    expect(idOf(pick(targets, { discoveryManual: true }))).toBe('discovery');
  });

  it('the post lists when due, then posts never fetched, newest first, then the most overdue', () => {
    const never = [target('never-old', { lastPolledAt: null, dueAt: NOW, created: NOW - 5e9 }), target('never-new', { lastPolledAt: null, dueAt: NOW })];
    const due = [target('cold', { dueAt: NOW - 600_000 }), target('hot', { dueAt: NOW - 20_000 })];
    expect(idOf(pick([...never, ...due], { discoveryDueAt: NOW }))).toBe('discovery');
    expect(idOf(pick([...never, ...due]))).toBe('never-new');
    // 20 s late on a 30 s interval is more urgent than 10 minutes late on an hour.
    expect(idOf(pick(due))).toBe('hot');
  });

  it('nothing due: says when the next job is', () => {
    const result = pick([target('a', { dueAt: NOW + 5000 }), target('b', { dueAt: NOW + 2000 })], { discoveryDueAt: NOW + 9000 });
    expect(result).toEqual({ job: undefined, at: NOW + 2000 });
  });
});

function track(i: number, dueAt: number, platform: AnalyticsTrack['platform'] = 'facebook', servicePostId: string | null = null): AnalyticsTrack {
  return { key: `${platform}:${i}`, platform, socialPostId: String(i), servicePostId, networks: [platform], created: NOW - i * 60_000, dueAt };
}

describe('analytics plan', () => {
  it('a full batch goes at once: the 100 newest due posts of one network', () => {
    const tracks = Array.from({ length: 150 }, (_, i) => track(i, NOW - 1000));
    const { job } = nextAnalyticsJob(tracks, NOW, { batchDelayMs: 300_000 });
    expect(job?.kind).toBe('by-social-ids');
    expect(job?.tracks).toHaveLength(100);
    expect(job?.tracks[0]?.socialPostId).toBe('0');
  });

  it('a partial batch waits for more posts to fall due; nothing is asked before its time', () => {
    const tracks = [track(1, NOW - 1000), track(2, NOW + 60_000)];
    expect(nextAnalyticsJob(tracks, NOW, { batchDelayMs: 300_000 })).toEqual({ job: undefined, at: NOW - 1000 + 300_000 });
    const later = nextAnalyticsJob(tracks, NOW + 300_000, { batchDelayMs: 300_000 });
    expect(later.job?.tracks.map((t) => t.socialPostId).sort()).toEqual(['1', '2']);
    expect(nextAnalyticsJob([track(3, NOW + 60_000)], NOW + 59_000, { batchDelayMs: 0 }).job).toBeUndefined();
  });

  it('bluesky goes by service post id, one post a request; an outside bluesky post has none', () => {
    const { job } = nextAnalyticsJob([track(1, NOW, 'bluesky', 'S1'), track(2, NOW - 5000, 'bluesky', null)], NOW, { batchDelayMs: 300_000 });
    expect(job).toMatchObject({ kind: 'by-service-id', servicePostId: 'S1' });
    expect(nextAnalyticsJob([track(2, NOW - 5000, 'bluesky', null)], NOW, { batchDelayMs: 0 }).job).toBeUndefined();
  });

  it('a post the user asked to refresh takes its batch at once, but never before the post is due', () => {
    const asked = { ...track(1, NOW - 1000), manual: true };
    const { job } = nextAnalyticsJob([asked, track(2, NOW - 500)], NOW, { batchDelayMs: 300_000 });
    expect(job?.tracks.map((t) => t.socialPostId).sort()).toEqual(['1', '2']);
    const notYet = { ...track(3, NOW + 60_000), manual: true };
    expect(nextAnalyticsJob([notYet], NOW, { batchDelayMs: 300_000 })).toEqual({ job: undefined, at: NOW + 60_000 + 300_000 });
  });

  it('posts never asked (first figures) go at once, ahead of the first comment polls, 100 a request (issue 27)', () => {
    const first = Array.from({ length: 30 }, (_, i) => ({ ...track(i, NOW), firstRead: true }));
    const never = [target('never-new', { lastPolledAt: null, dueAt: NOW })];
    // Before: 30 due posts waited five minutes for a fuller batch, and every never-polled post went first.
    const result = pick(never, { analytics: first });
    expect(result.job?.kind).toBe('analytics');
    expect(result.job?.kind === 'analytics' ? result.job.job.tracks : []).toHaveLength(30);
    // Bluesky's first reads (one post a request) take turns with the first comment polls, newest first.
    const bluesky = [{ ...track(1, NOW, 'bluesky', 'S1'), created: NOW - 5e9, firstRead: true }];
    expect(idOf(pick(never, { analytics: bluesky }))).toBe('never-new');
    expect(idOf(pick([], { analytics: bluesky }))).toBe('analytics');
    // Once asked, a post goes back to the usual batching.
    const asked = first.map((t) => ({ ...t, firstRead: false }));
    expect(idOf(pick(never, { analytics: asked }))).toBe('never-new');
  });

  it('a network left out (twitter without its key pair) is not planned', () => {
    expect(nextAnalyticsJob([track(1, NOW - 1, 'twitter')], NOW, { batchDelayMs: 0, skip: (p) => p === 'twitter' }).job).toBeUndefined();
  });
});
