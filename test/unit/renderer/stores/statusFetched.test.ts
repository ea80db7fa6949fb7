// The page's record of each client's first complete fetch (issue 27): a sync.fetched event that
// arrives before the answer of a status.get asked earlier is not taken back by that answer (seen
// under load: the line stayed on "Fetching: 0 of 5 clients" with every client fetched).
import { describe, expect, it } from 'vitest';
import { mergeFetch } from '../../../../src/renderer/stores/statusStore.ts';

const before = { accountId: 'a1', profileId: 'bakery', firstFetched: { comment: null, conversation: null }, checked: false };
const told = { accountId: 'a1', profileId: 'bakery', firstFetched: { comment: 10, conversation: 12 }, checked: true };

describe("what the page knows of a client's fetches", () => {
  it('keeps a fetch done and a start checked when an older answer comes after the event', () => {
    expect(mergeFetch(told, before)).toEqual(told);
    expect(mergeFetch(before, told)).toEqual(told);
    expect(mergeFetch(undefined, before)).toEqual(before);
    // One kind fetched later than the other: each is kept.
    expect(
      mergeFetch({ ...before, firstFetched: { comment: 10, conversation: null } }, { ...before, firstFetched: { comment: null, conversation: 12 } })
        .firstFetched,
    ).toEqual({
      comment: 10,
      conversation: 12,
    });
  });
});
