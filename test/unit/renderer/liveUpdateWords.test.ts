// Settings → Team → Live updates in words (decision 0083): what each client's line says.
import { describe, expect, it } from 'vitest';
import { isLive, lastEventWords, registrationWords } from '../../../src/renderer/logic/liveUpdateWords.ts';

const relative = (then: number, now: number) => `${Math.round((now - then) / 60_000)} min ago`;

describe('live updates per client', () => {
  it('says on, off, half on with the own receiver kept, and why the service could not be asked', () => {
    expect(registrationWords({ comments: 'ours', messages: 'ours', problem: null })).toBe('On for new comments and messages');
    expect(registrationWords({ comments: 'none', messages: 'none', problem: null })).toBe('Off');
    expect(registrationWords({ comments: 'other', messages: 'ours', problem: null })).toBe(
      'On for new messages; new comments already go to another address (one you or a teammate set), which stays as it is',
    );
    expect(registrationWords({ comments: 'unknown', messages: 'unknown', problem: 'The service did not answer in time.' })).toBe(
      'The service did not answer in time.',
    );
    expect(isLive({ comments: 'other', messages: 'none' })).toBe(false);
    expect(isLive({ comments: 'none', messages: 'ours' })).toBe(true);
  });

  it('says when the last event came, or that none did', () => {
    expect(lastEventWords(null, 1_000_000, relative)).toBe('No event yet');
    expect(lastEventWords(1_000_000 - 120_000, 1_000_000, relative)).toBe('Last event 2 min ago');
  });
});
