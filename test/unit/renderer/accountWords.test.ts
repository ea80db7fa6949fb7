// Issue 27, item 15: Settings speaks as the rest of the app does: an account whose clients synced
// is online (never "Not checked yet" beside the sidebar's "Up to date"), no raw address, no
// "Primary profile", and how many clients have their key rather than "4 kept".
import { describe, expect, it } from 'vitest';
import { accountLine, clientKeysLine, profileKind, serviceWhere } from '../../../src/renderer/logic/accountWords.ts';

describe('the words of an account in Settings', () => {
  it('says online once a client of the account has synced, though no probe has answered yet', () => {
    const synced = { p1: { accountId: 'a', state: 'idle' as const } };
    expect(accountLine('a', null, {}, synced)).toEqual({ text: 'Online', tone: 'ok' });
    expect(accountLine('a', null, {}, { p1: { accountId: 'other', state: 'idle' as const } }).text).toBe('Not checked yet');
    expect(accountLine('a', null, {}, { p1: { accountId: 'a', state: 'offline' as const } }).text).toBe('Not checked yet');
  });

  it('takes the live connectivity before the stored reading', () => {
    const down = { a: { accountId: 'a', online: false, reason: 'probe' as const, at: 1 } };
    expect(accountLine('a', true, down, {})).toEqual({ text: 'Not answering', tone: 'warn' });
    expect(accountLine('a', false, {}, {}).text).toBe('Not answering');
  });

  it('names where the service is, a profile’s kind and the clients’ keys in plain words', () => {
    expect(serviceWhere('http://127.0.0.1:4010/api', true)).toBe('Sample clients and comments, on this computer');
    expect(serviceWhere('https://api.example.com/v1', false)).toBe('Service at api.example.com');
    expect(serviceWhere('not a url', false)).not.toContain('not a url');
    expect(profileKind(true)).not.toMatch(/primary/i);
    expect(profileKind(false)).toBe('Client');
    expect(clientKeysLine(4, 4)).toBe('Saved for every client (4)');
    expect(clientKeysLine(3, 4)).toBe('Saved for 3 of 4 clients');
  });
});
