// The sidebar's sync line (issue 19, item 1): derived from connectivity and every client's sync
// state, never "Up to date" while offline, paused, held for a key or failing; whom and since when.
import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { type SyncFacts, syncHeadline } from '../../../src/renderer/logic/syncHeadline.ts';

const format = createFormatter({ locale: 'en-GB', timeZone: 'UTC' });
const at = Date.UTC(2026, 10, 27, 14, 2);
const problem = { accountId: 'a1', profileId: 'p2', kind: 'service', message: 'The service is having trouble right now.', postKey: null, at };

function facts(patch: Partial<SyncFacts> = {}): SyncFacts {
  return {
    accounts: [
      { accountId: 'a1', title: 'Sandbox' },
      { accountId: 'a2', title: 'Studio' },
    ],
    profiles: [
      { profileId: 'p1', title: 'Harbor Lane Studio' },
      { profileId: 'p2', title: 'Bloom Bakery' },
    ],
    connectivity: { a1: { accountId: 'a1', online: true, reason: 'traffic', at: 0 }, a2: { accountId: 'a2', online: true, reason: 'traffic', at: 0 } },
    states: [
      { accountId: 'a1', profileId: 'p1', state: 'idle' },
      { accountId: 'a1', profileId: 'p2', state: 'idle' },
    ],
    paused: false,
    pausedAt: null,
    keyProblem: null,
    lastProblem: null,
    failing: [],
    postsDone: 10,
    postsTotal: 10,
    ...patch,
  };
}

describe('the sync line', () => {
  it('is up to date only when every account is online and no client is held, paused or failing', () => {
    expect(syncHeadline(facts(), format)).toEqual({ tone: 'ok', text: 'Up to date', who: null });
  });

  it('says offline, since when and which account, while one cannot be reached', () => {
    const offline = facts({ connectivity: { ...facts().connectivity, a2: { accountId: 'a2', online: false, reason: 'traffic', at } } });
    expect(syncHeadline(offline, format)).toEqual({ tone: 'offline', text: 'Offline since 14:02', who: 'Studio' });
    // A client whose sync says offline before the connectivity event arrived.
    const byState = facts({ states: [{ accountId: 'a1', profileId: 'p1', state: 'offline' }] });
    expect(syncHeadline(byState, format).tone).toBe('offline');
  });

  it('says paused, waiting for a key (which client), or failing (which client, since when)', () => {
    expect(syncHeadline(facts({ paused: true, pausedAt: at }), format).text).toBe('Sync paused since 14:02');
    expect(syncHeadline(facts({ keyProblem: { ...problem, kind: 'auth' } }), format)).toEqual({
      tone: 'trouble',
      text: 'Waiting for a key since 14:02',
      who: 'Bloom Bakery',
    });
    expect(syncHeadline(facts({ states: [{ accountId: 'a1', profileId: 'p1', state: 'held' }] }), format)).toMatchObject({ who: 'Harbor Lane Studio' });
    expect(syncHeadline(facts({ lastProblem: problem }), format)).toEqual({ tone: 'trouble', text: 'Sync failing since 14:02', who: 'Bloom Bakery' });
  });

  it('names every client whose sync fails, not only the last one, since the first failed', () => {
    const earlier = { ...problem, profileId: 'p1', at: at - 60_000 };
    const both = facts({ lastProblem: problem, failing: [earlier, problem] });
    expect(syncHeadline(both, format)).toEqual({ tone: 'trouble', text: 'Sync failing since 14:01', who: 'Harbor Lane Studio and Bloom Bakery' });
    const many = facts({
      profiles: [...facts().profiles, { profileId: 'p3', title: 'Still Water Yoga' }, { profileId: 'p4', title: 'Spoke & Chain' }],
      lastProblem: problem,
      failing: [earlier, problem, { ...problem, profileId: 'p3' }, { ...problem, profileId: 'p4' }],
    });
    expect(syncHeadline(many, format).who).toBe('Harbor Lane Studio, Bloom Bakery and 2 more');
  });

  it('counts posts while a first sync runs', () => {
    expect(syncHeadline(facts({ postsDone: 1200, postsTotal: 3400 }), format).text).toBe('Syncing 1,200 of 3,400 posts');
  });
});
