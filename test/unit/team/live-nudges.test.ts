// Live events are nudges (decision 0072): deduplicated, paced inside the profile's budget, a forged
// flood bounded, and the polling pace slower only while events arrive. A recording sync stands in
// for ProfileSync's hook-up methods; the clock is the core's fake.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LIVE_NUDGE_OPTIONS, LiveNudges, type NudgeableSync } from '../../../src/main/core/team/liveNudges.ts';
import { type LiveEvent, liveEventOf } from '../../../src/main/core/team/liveEventShape.ts';
import { settle, SteppingClock } from '../../support/steppingClock.ts';

class RecordingSync implements NudgeableSync {
  readonly reads: string[] = [];
  discoveries = 0;
  pace: unknown = null;
  known = new Set(['p1', 'p2']);
  readNudged(what: Parameters<NudgeableSync['readNudged']>[0]): boolean {
    const id = what.kind === 'messages' ? `messages:${what.platform}` : (what.socialPostId ?? '');
    if (what.kind === 'post' && !this.known.has(id)) return false;
    this.reads.push(id);
    return true;
  }
  discoverNudged(): void {
    this.discoveries += 1;
  }
  setLivePace(pace: unknown): void {
    this.pace = pace;
  }
}

const comment = (socialPostId: string, refId = 'client-1'): LiveEvent => ({ action: 'comments', refId, platform: 'facebook', socialPostId });

let nudges: LiveNudges | undefined;
afterEach(async () => {
  await nudges?.stop();
  nudges = undefined;
});

function rig(syncs: Record<string, RecordingSync>) {
  const clock = new SteppingClock();
  nudges = new LiveNudges({ clock, syncOf: (id) => syncs[id] });
  nudges.start();
  return { clock, nudges };
}

describe('dedupe', () => {
  it('reads a post once for events within 5 s, and once more when that time ends', async () => {
    const sync = new RecordingSync();
    const { clock, nudges } = rig({ 'client-1': sync });
    expect(nudges.take(comment('p1'))).toBe('read');
    expect(nudges.take(comment('p1'))).toBe('merged');
    expect(nudges.take(comment('p1'))).toBe('merged');
    expect(sync.reads).toEqual(['p1']);
    await clock.advance(5_000);
    await settle();
    expect(sync.reads).toEqual(['p1', 'p1']);
    // Another post is its own.
    expect(nudges.take(comment('p2'))).toBe('read');
  });

  it('does not read again when no event came within the 5 s', async () => {
    const sync = new RecordingSync();
    const { clock, nudges } = rig({ 'client-1': sync });
    nudges.take(comment('p1'));
    await clock.advance(6_000);
    await settle();
    expect(sync.reads).toEqual(['p1']);
  });
});

describe('pacing', () => {
  it(`reads at most ${DEFAULT_LIVE_NUDGE_OPTIONS.maxReads} times per profile per 5 minutes, then the window moves on`, async () => {
    const sync = new RecordingSync();
    sync.known = new Set(Array.from({ length: 200 }, (_, n) => `post-${n}`));
    const other = new RecordingSync();
    const { clock, nudges } = rig({ 'client-1': sync, 'client-2': other });
    const outcomes = Array.from({ length: 200 }, (_, n) => nudges.take(comment(`post-${n}`)));
    expect(outcomes.filter((o) => o === 'read')).toHaveLength(60);
    expect(outcomes.filter((o) => o === 'over-pace')).toHaveLength(140);
    expect(sync.reads).toHaveLength(60);
    // Another profile has its own budget.
    other.known = new Set(['x']);
    expect(nudges.take(comment('x', 'client-2'))).toBe('read');
    await clock.advance(5 * 60_000);
    expect(nudges.take(comment('post-199'))).toBe('read');
  });

  it('a flood of 10,000 forged events for unknown posts costs one discovery a minute', async () => {
    const sync = new RecordingSync();
    const { clock, nudges } = rig({ 'client-1': sync });
    for (let n = 0; n < 10_000; n++) nudges.take(comment(`forged-${n}`));
    expect(sync.discoveries).toBe(1);
    expect(sync.reads).toEqual([]);
    await clock.advance(60_000);
    for (let n = 0; n < 10_000; n++) nudges.take(comment(`forged-${n}`));
    expect(sync.discoveries).toBe(2);
  });

  it('ignores events of profiles this device does not read (another device holds the lease, or not ours)', () => {
    const { nudges } = rig({});
    expect(nudges.take(comment('p1', 'someone-else'))).toBe('not-read-here');
    expect(nudges.lastEventAt('someone-else')).toBeNull();
  });
});

describe('the last event (Settings → Team)', () => {
  it('is kept for a client another device reads (every device says "Last event"), never for a stranger', async () => {
    const clock = new SteppingClock();
    nudges = new LiveNudges({ clock, syncOf: () => undefined, isClient: (id) => id === 'client-1' });
    nudges.start();
    await clock.advance(1_000);
    expect(nudges.take(comment('p1'))).toBe('not-read-here');
    expect(nudges.lastEventAt('client-1')).toBe(clock.now());
    for (let i = 0; i < 1_000; i++) nudges.take(comment('p1', `forged-${i}`));
    expect(nudges.lastEventAt('forged-1')).toBeNull();
  });
});

describe('the polling pace', () => {
  it('slows while events arrive and comes back 10 minutes after the last', async () => {
    const sync = new RecordingSync();
    const { clock, nudges } = rig({ 'client-1': sync });
    nudges.take(comment('p1'));
    expect(sync.pace).toEqual(DEFAULT_LIVE_NUDGE_OPTIONS.livePace);
    await clock.advance(9 * 60_000);
    nudges.take(comment('p2'));
    await clock.advance(9 * 60_000);
    await settle();
    expect(sync.pace).toEqual(DEFAULT_LIVE_NUDGE_OPTIONS.livePace);
    await clock.advance(60_000);
    await settle();
    expect(sync.pace).toBeNull();
  });
});

describe('the event as the device reads it', () => {
  it('keeps only what names the post or conversation, and refuses the rest', () => {
    const service = {
      action: 'comments',
      created: '2026-05-01T12:00:00Z',
      refId: 'r1',
      platform: 'facebook',
      socialPostId: 's1',
      comment: '<b>hi</b>',
      from: { id: 'x' },
    };
    expect(liveEventOf(service)).toEqual({ action: 'comments', refId: 'r1', platform: 'facebook', socialPostId: 's1' });
    expect(liveEventOf({ ...service, platform: 'myspace' })).toBeNull();
    expect(liveEventOf({ ...service, socialPostId: 's'.repeat(201) })).toBeNull();
    expect(liveEventOf({ ...service, action: 'feed' })).toBeNull();
    expect(liveEventOf({ action: 'messages', refId: 'r1', platform: 'instagram' })).toBeNull();
    expect(liveEventOf(null)).toBeNull();
    expect(liveEventOf([service])).toBeNull();
  });
});
