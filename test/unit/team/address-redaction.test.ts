// Issue 28, item 10: an address shown anywhere (an error, the CLI's output, Settings → Team) never
// carries the member's password, whatever it holds: everything from `//` to the last `@` goes.
import { describe, expect, it } from 'vitest';
import { addressWithoutCredentials, messageWithoutCredentials } from '../../../src/main/core/team/serverAddress.ts';

describe('addresses without credentials', () => {
  it.each([
    ['http://bob:SECRET@127.0.0.1:99999/agency', 'http://…@127.0.0.1:99999/agency'],
    ['https://bob:SE/CR#ET@couch.example.org/agency', 'https://…@couch.example.org/agency'],
    ['https://bob:p@ss@couch.example.org', 'https://…@couch.example.org'],
    ['https://couch.example.org/agency', 'https://couch.example.org/agency'],
    ['not an address', 'not an address'],
  ])('%s is shown as %s', (address, shown) => {
    expect(addressWithoutCredentials(address)).toBe(shown);
  });

  it('redacts every address in a message and leaves the rest', () => {
    const message = 'request to http://bob:SECRET@127.0.0.1:5984/agency failed; sandbox "https://x:Y@h/api" too';
    expect(messageWithoutCredentials(message)).toBe('request to http://…@127.0.0.1:5984/agency failed; sandbox "https://…@h/api" too');
  });
});
