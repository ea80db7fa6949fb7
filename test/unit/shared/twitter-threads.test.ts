import { describe, expect, it } from 'vitest';
import {
  applyThreadEdits,
  detectTwitterThreads,
  groupTweets,
  NO_THREAD_EDITS,
  threadMarker,
  type ThreadCandidate,
  ungroupThread,
} from '../../../src/shared/domain/twitterThreads.ts';

const T0 = Date.parse('2026-11-10T09:00:00.000Z');

/** A tweet `seconds` after T0. */
function tweet(id: string, text: string, seconds: number, profileId = 'p1', platform = 'twitter'): ThreadCandidate {
  return { key: `${platform}:${id}`, profileId, platform, text, created: new Date(T0 + seconds * 1000).toISOString() };
}

// The sandbox's seeded thread (src/sandbox/world/clients.ts), 30–90 s apart.
const seeded = [
  tweet('a', 'We get asked a lot how often you should service your bike. A short thread 🧵 1/3', 0),
  tweet('b', '2/3 Riding to work daily? A tune-up every 3–4 months, chain lube every 2 weeks, tyre pressure weekly.', 45),
  tweet('c', '3/3 Weekend riders: once or twice a year is plenty. Book at https://spokeandchain.com/service #bikemaintenance', 120),
];

describe('threadMarker', () => {
  it('reads "k/n" anywhere in the text, with or without spaces or brackets', () => {
    expect(threadMarker('A short thread 🧵 1/3')).toEqual({ index: 1, total: 3 });
    expect(threadMarker('2/3 Riding to work')).toEqual({ index: 2, total: 3 });
    expect(threadMarker('the end (3 / 3)')).toEqual({ index: 3, total: 3 });
    expect(threadMarker('last one 10/12.')).toEqual({ index: 10, total: 12 });
  });

  it('takes 🧵 alone as a marker without a place', () => {
    expect(threadMarker('Everything about tyres 🧵👇')).toEqual({ index: null, total: null });
  });

  it('ignores dates, "24/7", "1/1", "0/5" and numbers inside longer ones', () => {
    expect(threadMarker('Open 24/7 all week')).toBeNull();
    expect(threadMarker('Closed on 12/05/2026')).toBeNull();
    expect(threadMarker('Score 1/1')).toBeNull();
    expect(threadMarker('0/5 would not recommend')).toBeNull();
    expect(threadMarker('ratio 123/456')).toBeNull();
    expect(threadMarker('A plain tweet')).toBeNull();
  });
});

describe('detectTwitterThreads', () => {
  it('finds the sandbox’s seeded thread, first tweet first, whatever order they come in', () => {
    expect(detectTwitterThreads([seeded[2]!, seeded[0]!, seeded[1]!])).toEqual([
      { headKey: 'twitter:a', keys: ['twitter:a', 'twitter:b', 'twitter:c'], announced: 3 },
    ]);
  });

  it('keeps a thread with a missing tweet, and says how many were announced', () => {
    expect(detectTwitterThreads([seeded[0]!, seeded[2]!])).toEqual([{ headKey: 'twitter:a', keys: ['twitter:a', 'twitter:c'], announced: 3 }]);
  });

  it('makes no thread of one tweet alone', () => {
    expect(detectTwitterThreads([seeded[0]!])).toEqual([]);
    expect(detectTwitterThreads([seeded[1]!, tweet('x', 'Unrelated', 60)])).toEqual([]);
  });

  it('skips unmarked tweets written in between, and other networks’ posts', () => {
    const between = [seeded[0]!, tweet('x', 'Flash sale on lights today!', 20), seeded[1]!, tweet('y', '3/3 on threads', 50, 'p1', 'threads'), seeded[2]!];
    expect(detectTwitterThreads(between)).toEqual([{ headKey: 'twitter:a', keys: ['twitter:a', 'twitter:b', 'twitter:c'], announced: 3 }]);
  });

  it('ends a thread at a gap longer than a few minutes', () => {
    const late = [seeded[0]!, seeded[1]!, tweet('c', '3/3 much later', 45 + 6 * 60)];
    expect(detectTwitterThreads(late)).toEqual([{ headKey: 'twitter:a', keys: ['twitter:a', 'twitter:b'], announced: 3 }]);
    expect(detectTwitterThreads(late, 10 * 60_000)[0]?.keys).toHaveLength(3);
  });

  it('starts a new thread at "1/n" again, at a 🧵 head, or when the totals differ', () => {
    const two = [
      tweet('a1', '1/2 first thread', 0),
      tweet('a2', '2/2 first thread ends', 30),
      tweet('b1', '1/2 second thread', 60),
      tweet('b2', '2/2 second thread ends', 90),
      tweet('c0', 'A third one 🧵', 120),
      tweet('c1', '2/4 third', 150),
      tweet('d1', '3/5 not the same thread', 180),
    ];
    expect(detectTwitterThreads(two).map((t) => t.keys)).toEqual([
      ['twitter:a1', 'twitter:a2'],
      ['twitter:b1', 'twitter:b2'],
      ['twitter:c0', 'twitter:c1'],
    ]);
  });

  it('takes a 🧵 head followed by "1/n" as one thread', () => {
    const threads = detectTwitterThreads([tweet('h', 'How we true a wheel 🧵', 0), tweet('1', '1/2 spokes first', 30), tweet('2', '2/2 then the rim', 60)]);
    expect(threads).toEqual([{ headKey: 'twitter:h', keys: ['twitter:h', 'twitter:1', 'twitter:2'], announced: 2 }]);
  });

  it('never joins tweets of two clients, and counts a tweet once', () => {
    const mixed = [seeded[0]!, { ...seeded[1]!, profileId: 'p2' }, seeded[2]!, seeded[2]!];
    expect(detectTwitterThreads(mixed)).toEqual([{ headKey: 'twitter:a', keys: ['twitter:a', 'twitter:c'], announced: 3 }]);
  });

  it('ignores tweets whose time is not a time', () => {
    expect(detectTwitterThreads([seeded[0]!, { ...seeded[1]!, created: 'yesterday' }])).toEqual([]);
  });
});

describe('the user’s corrections', () => {
  const plain = [tweet('p1', 'Open late on Friday', 600), tweet('p2', 'Bring your own lights', 660), tweet('p3', 'Last call', 700)];
  const all = [...seeded, ...plain];
  const found = detectTwitterThreads(all);

  it('changes nothing without edits', () => {
    expect(applyThreadEdits(found, NO_THREAD_EDITS, all)).toEqual(found);
  });

  it('makes a thread of tweets without markers, first tweet first, marked as made by hand', () => {
    const edits = groupTweets(NO_THREAD_EDITS, ['twitter:p2', 'twitter:p1']);
    expect(applyThreadEdits(found, edits, all)).toEqual([
      found[0],
      { headKey: 'twitter:p1', keys: ['twitter:p1', 'twitter:p2'], announced: null, manual: true },
    ]);
  });

  it('takes a found thread apart for good, and a found thread that loses tweets to a hand-made one shrinks or goes', () => {
    const apart = ungroupThread(NO_THREAD_EDITS, found[0]!);
    expect(apart.ungrouped).toEqual(['twitter:a', 'twitter:b', 'twitter:c']);
    expect(applyThreadEdits(found, apart, all)).toEqual([]);

    const stolen = groupTweets(NO_THREAD_EDITS, ['twitter:c', 'twitter:p1']);
    expect(applyThreadEdits(found, stolen, all)).toEqual([
      { headKey: 'twitter:a', keys: ['twitter:a', 'twitter:b'], announced: 3 },
      { headKey: 'twitter:c', keys: ['twitter:c', 'twitter:p1'], announced: null, manual: true },
    ]);
    const both = groupTweets(stolen, ['twitter:b', 'twitter:p3']);
    expect(applyThreadEdits(found, both, all).map((t) => t.keys)).toEqual([
      ['twitter:b', 'twitter:p3'],
      ['twitter:c', 'twitter:p1'],
    ]);
  });

  it('ungrouping a hand-made thread removes only it; its tweets go back where the markers put them', () => {
    const edits = groupTweets(groupTweets(NO_THREAD_EDITS, ['twitter:a', 'twitter:p1']), ['twitter:p2', 'twitter:p3']);
    const shown = applyThreadEdits(found, edits, all);
    expect(shown.map((t) => t.keys)).toEqual([
      ['twitter:a', 'twitter:p1'],
      ['twitter:b', 'twitter:c'],
      ['twitter:p2', 'twitter:p3'],
    ]);
    const undone = ungroupThread(edits, shown[0]!);
    expect(undone.groups).toEqual([['twitter:p2', 'twitter:p3']]);
    expect(applyThreadEdits(found, undone, all).map((t) => t.keys)).toEqual([
      ['twitter:a', 'twitter:b', 'twitter:c'],
      ['twitter:p2', 'twitter:p3'],
    ]);
  });

  it('regrouping tweets taken apart brings them back; ungrouped again they stay apart; a tweet no longer stored is dropped', () => {
    const apart = ungroupThread(NO_THREAD_EDITS, found[0]!);
    const again = groupTweets(apart, ['twitter:a', 'twitter:b']);
    const shown = applyThreadEdits(found, again, all);
    expect(shown.map((t) => t.keys)).toEqual([['twitter:a', 'twitter:b']]);
    expect(applyThreadEdits(found, ungroupThread(again, shown[0]!), all)).toEqual([]);
    expect(
      applyThreadEdits(
        found,
        again,
        all.filter((t) => t.key !== 'twitter:b'),
      ),
    ).toEqual([]);
  });
});
