// The team's words on screen: who else is replying to the open item (this member's other device
// named, expired entries gone), and who answered a held reply first, when, in the formatter's words.
import { beforeAll, describe, expect, it } from 'vitest';
import { setFormatter } from '../../../src/renderer/logic/format.ts';
import { presenceLine } from '../../../src/renderer/logic/presenceWords.ts';

const NOW = Date.parse('2026-11-27T14:00:00Z');
const ME = { member: 'ann', device: 'laptop' };
const entry = (member: string, device: string, itemKey = 'instagram:c1', until = NOW + 30_000) => ({ member, device, itemKey, until });

beforeAll(() => {
  setFormatter({ locale: 'en-GB', timeZone: 'Europe/London' });
});

describe('presenceLine', () => {
  it('names who else is replying to this item, and nobody for another item', () => {
    expect(presenceLine([entry('bob', 'desktop')], ME, 'instagram:c1', NOW)).toBe('Bob is replying');
    expect(presenceLine([entry('bob', 'desktop'), entry('cleo', 'phone')], ME, 'instagram:c1', NOW)).toBe('Bob and Cleo are replying');
    expect(presenceLine([entry('bob', 'desktop', 'instagram:c2')], ME, 'instagram:c1', NOW)).toBeNull();
  });

  it('says "you" on the other device for this member, and nothing for this very device', () => {
    expect(presenceLine([entry('ann', 'phone')], ME, 'instagram:c1', NOW)).toBe('You are replying on phone');
    expect(presenceLine([entry('ann', 'laptop')], ME, 'instagram:c1', NOW)).toBeNull();
    expect(presenceLine([entry('bob', 'desktop'), entry('ann', 'phone')], ME, 'instagram:c1', NOW)).toBe('Bob is replying; you are replying on phone');
  });

  it('leaves out an entry whose time has passed', () => {
    expect(presenceLine([entry('bob', 'desktop', 'instagram:c1', NOW - 1)], ME, 'instagram:c1', NOW)).toBeNull();
  });
});
