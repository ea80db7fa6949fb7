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
    fetched: [
      { accountId: 'a1', profileId: 'p1', firstFetched: { comment: at, conversation: at }, checked: true },
      { accountId: 'a1', profileId: 'p2', firstFetched: { comment: at, conversation: at }, checked: true },
    ],
    loaded: true,
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

  it('says "Fetching: 1 of 2 clients" until every client\'s first complete fetch is done, then checks this start, then "Up to date" (issue 27)', () => {
    const whole = { comment: at, conversation: at };
    const fetched = (p2: { comment: number | null; conversation: number | null }, checked = true) => [
      { accountId: 'a1', profileId: 'p1', firstFetched: whole, checked },
      { accountId: 'a1', profileId: 'p2', firstFetched: p2, checked },
    ];
    // Every post's comments read once, but one client's messages not yet: not up to date.
    expect(syncHeadline(facts({ fetched: fetched({ comment: at, conversation: null }) }), format)).toEqual({
      tone: 'busy',
      text: 'Fetching: 1 of 2 clients',
      who: null,
    });
    // A later start: the store's copy is whole, but no request of this start was answered yet.
    expect(syncHeadline(facts({ fetched: fetched(whole, false) }), format).text).toBe('Checking for news: 0 of 2 clients');
    // Trouble says so first: offline, failing.
    const offline = facts({ fetched: fetched({ comment: null, conversation: null }), states: [{ accountId: 'a1', profileId: 'p1', state: 'offline' }] });
    expect(syncHeadline(offline, format).tone).toBe('offline');
    expect(syncHeadline(facts({ fetched: fetched(whole) }), format).text).toBe('Up to date');
    // Before status.get answered, or a client the core has not reported yet: never "Up to date".
    expect(syncHeadline(facts({ loaded: false }), format).text).toBe('Starting…');
    expect(syncHeadline(facts({ fetched: fetched(whole).slice(0, 1) }), format).text).toBe('Fetching: 1 of 2 clients');
    // One client: no count.
    expect(
      syncHeadline(facts({ profiles: [{ profileId: 'p2', title: 'Bloom Bakery' }], fetched: fetched({ comment: null, conversation: null }) }), format).text,
    ).toBe('Fetching comments and messages…');
  });
});
