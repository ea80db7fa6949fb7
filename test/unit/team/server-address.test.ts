// TLS for any team server that is not this computer, no credentials in the address, and a clear
// typed error otherwise; and the hybrid clock's promise: later than anything seen.
import { describe, expect, it } from 'vitest';
import { workspaceUrl } from '../../../src/main/core/team/serverAddress.ts';
import { TeamAddressError } from '../../../src/main/core/team/teamErrors.ts';
import { createHybridClock, parseStamp } from '../../../src/main/core/team/hybridClock.ts';

describe('the team server address', () => {
  it('takes https anywhere and http on this computer only', () => {
    expect(workspaceUrl('https://couch.example.org/', 'agency')).toBe('https://couch.example.org/agency');
    expect(workspaceUrl('http://127.0.0.1:5984', 'agency')).toBe('http://127.0.0.1:5984/agency');
    expect(workspaceUrl('http://localhost:5984', 'agency')).toBe('http://localhost:5984/agency');
    expect(workspaceUrl('http://[::1]:5984', 'agency')).toBe('http://[::1]:5984/agency');
  });

  it('refuses plain http to another computer, credentials in the address and things that are not addresses', () => {
    for (const [url, words] of [
      ['http://couch.example.org', 'must use https://'],
      ['http://192.168.1.20:5984', 'must use https://'],
      ['https://ann:secret@couch.example.org', 'Leave the member name and password out'],
      ['couch.example.org', 'not a web address'],
      ['ftp://couch.example.org', 'starts with https://'],
    ] as const) {
      let thrown: unknown;
      try {
        workspaceUrl(url, 'agency');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(TeamAddressError);
      expect((thrown as Error).message).toContain(words);
      expect((thrown as Error).message).not.toContain('secret');
    }
    expect(() => workspaceUrl('https://couch.example.org', 'Agency!')).toThrow(TeamAddressError);
  });
});

describe('the hybrid clock', () => {
  it('stamps later than anything it made or received, even when its wall clock is behind', () => {
    let wall = 1000;
    const clock = createHybridClock('laptop', () => wall);
    const first = clock.tick();
    const second = clock.tick();
    expect(second > first).toBe(true);
    clock.receive(createHybridClock('desktop', () => 5000).tick());
    wall = 1001;
    const afterReceiving = clock.tick();
    expect(parseStamp(afterReceiving)).toEqual({ ms: 5000, counter: 1, device: 'laptop' });
    // A stamp a year ahead (a wrong clock elsewhere) is not believed.
    clock.receive(createHybridClock('broken', () => 1000 + 365 * 24 * 3_600_000).tick());
    expect(parseStamp(clock.tick())?.ms).toBe(5000);
  });
});
