// The empty list before a client's first complete fetch (issue 27, item 3): "Messages not fetched
// yet: the service can't be reached" or "Fetching messages…", never the view's "Inbox zero"; once
// fetched, the view's own words.
import { describe, expect, it } from 'vitest';
import { type ClientFetchFacts, type FetchHindrance, notFetchedWords } from '../../../src/renderer/logic/firstFetch.ts';

const clients: ClientFetchFacts[] = [
  { accountId: 'a1', profileId: 'bakery', firstFetched: { comment: 1, conversation: 2 }, checked: true },
  { accountId: 'a1', profileId: 'yoga', firstFetched: { comment: 1, conversation: null }, checked: true },
];
const calm: FetchHindrance = { paused: false, offlineAccounts: new Set(), heldProfiles: new Set(), failing: [] };

describe('an empty list before the first complete fetch', () => {
  it('says the messages are being fetched, for every client or the one chosen, until they are', () => {
    expect(notFetchedWords({ kind: 'conversation', profileId: null }, clients, calm)).toEqual({
      title: 'Fetching messages…',
      detail: 'They appear here as soon as they are fetched. 1 of 2 clients done.',
      busy: true,
    });
    expect(notFetchedWords({ kind: 'conversation', profileId: 'yoga' }, clients, calm)?.title).toBe('Fetching messages…');
    // The bakery's messages and everyone's comments are fetched: the view's own words are true.
    expect(notFetchedWords({ kind: 'conversation', profileId: 'bakery' }, clients, calm)).toBeNull();
    expect(notFetchedWords({ kind: 'comment', profileId: null }, clients, calm)).toBeNull();
    expect(notFetchedWords({ kind: null, profileId: null }, clients, calm)?.title).toBe('Fetching comments and messages…');
  });

  it('says why nothing comes: the service can’t be reached, the sync is paused, a key, a failing service', () => {
    const offline = notFetchedWords({ kind: 'conversation', profileId: null }, clients, { ...calm, offlineAccounts: new Set(['a1']) });
    expect(offline).toMatchObject({ title: 'Messages not fetched yet: the service can’t be reached', busy: false });
    expect(
      notFetchedWords({ kind: 'comment', profileId: null }, [{ ...clients[1]!, firstFetched: { comment: null, conversation: null } }], {
        ...calm,
        paused: true,
      })?.title,
    ).toBe('Comments not fetched yet: the sync is paused');
    expect(notFetchedWords({ kind: 'conversation', profileId: null }, clients, { ...calm, heldProfiles: new Set(['yoga']) })?.title).toBe(
      'Messages not fetched yet: a key must be entered again in Settings',
    );
    expect(notFetchedWords({ kind: 'conversation', profileId: null }, clients, { ...calm, failing: [{ accountId: 'a1', profileId: 'yoga' }] })?.title).toBe(
      'Messages not fetched yet: the service is failing right now',
    );
    // Trouble elsewhere (another client) does not stand in the way of this one.
    expect(notFetchedWords({ kind: 'conversation', profileId: null }, clients, { ...calm, failing: [{ accountId: 'a1', profileId: 'bakery' }] })?.title).toBe(
      'Fetching messages…',
    );
  });
});
