// Settings → Team's words for what the device refused from the team (decision 0064).
import { describe, expect, it } from 'vitest';
import { refusalLine } from '../../../src/renderer/logic/teamRefusals.ts';

const titles = (profileId: string) => (profileId === 'p-bloom' ? 'Bloom Bakery' : null);

describe('refusal lines', () => {
  it('name the client and whose device, for content', () => {
    expect(
      refusalLine({ count: 1, reason: 'A shared entry was left out: x.', content: { profileId: 'p-bloom', member: 'ann', device: 'laptop' } }, titles),
    ).toBe('Refused: content for Bloom Bakery from ann’s laptop, which does not poll it.');
    expect(refusalLine({ count: 3, reason: 'x', content: { profileId: 'p-gone', member: 'ann', device: 'laptop' } }, titles)).toBe(
      'Refused: content for a client not on this device from ann’s laptop, which does not poll it (3 times).',
    );
  });

  it('say why, for other entries', () => {
    expect(
      refusalLine({ count: 1, reason: 'A shared entry was left out: it is dated more than an hour ahead of this device’s clock.', content: null }, titles),
    ).toBe('An entry from the team was left out: it is dated more than an hour ahead of this device’s clock.');
    expect(refusalLine({ count: 1200, reason: 'A shared entry was left out: it is nested too deeply.', content: null }, titles)).toBe(
      '1,200 entries from the team were left out: it is nested too deeply.',
    );
  });
});
