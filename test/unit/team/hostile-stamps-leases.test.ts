// Decision 0064's bounds, unit by unit: the hybrid clock's counter never outgrows its six digits and
// the clock never learns a stamp more than an hour ahead; lease terms decide which device's content
// is taken; refusals are grouped for Settings → Team.
import { describe, expect, it } from 'vitest';
import { createHybridClock, formatStamp, MAX_AHEAD_MS, parseStamp, stampProblem } from '../../../src/main/core/team/hybridClock.ts';
import { LEASE_SLACK_MS, LeaseTerms, MAX_LEASE_MS } from '../../../src/main/core/team/leaseTerms.ts';
import { refusalGroups } from '../../../src/main/core/team/refusals.ts';
import { TeamDocumentRefused } from '../../../src/main/core/team/teamErrors.ts';
import type { ContentDoc } from '../../../src/shared/domain/teamDocuments.ts';

const NOW = 1_800_000_000_000;

describe('the hybrid clock under hostile stamps', () => {
  it('keeps its counter to six digits and still sorts after what it saw', () => {
    const clock = createHybridClock('desktop', () => NOW);
    const seen = formatStamp(NOW + 1_000, 999_999, 'laptop');
    clock.receive(seen);
    const next = clock.tick();
    expect(parseStamp(next)).toEqual({ ms: NOW + 1_001, counter: 0, device: 'desktop' });
    expect(next > seen).toBe(true);
  });

  it('does not learn a stamp more than an hour ahead, and says why it is refused', () => {
    const clock = createHybridClock('desktop', () => NOW);
    clock.receive(formatStamp(NOW + MAX_AHEAD_MS + 1, 5, 'laptop'));
    expect(parseStamp(clock.tick())?.ms).toBe(NOW);
    expect(stampProblem(formatStamp(NOW + MAX_AHEAD_MS + 1, 0, 'laptop'), 'laptop', NOW)).toMatch(/more than an hour ahead/);
    expect(stampProblem(formatStamp(NOW, 0, 'desktop'), 'laptop', NOW)).toMatch(/another device/);
    expect(stampProblem(formatStamp(NOW + MAX_AHEAD_MS, 0, 'laptop'), 'laptop', NOW)).toBeNull();
  });
});

function content(who: string, device: string, at: number): ContentDoc {
  return {
    _id: `content:p1@host:${String(at).padStart(15, '0')}.000001.${device}`,
    kind: 'content',
    who,
    device,
    scope: 'p1@host',
    at,
    writes: [{ op: 'analytics', snapshot: {} as never }],
  };
}

describe('lease terms', () => {
  it('believe a lease at most a lease and the slack ahead of when it was first seen', () => {
    let now = NOW;
    const terms = new LeaseTerms(() => now);
    const lease = { _id: 'lease:p1@host', _rev: '2-a', until: 9e15 };
    expect(terms.believedUntil(lease)).toBe(NOW + MAX_LEASE_MS + LEASE_SLACK_MS);
    now += 100_000;
    expect(terms.believedUntil(lease)).toBe(NOW + MAX_LEASE_MS + LEASE_SLACK_MS);
  });

  it('take content only from the holder of its term', () => {
    const terms = new LeaseTerms(() => NOW);
    terms.observeOwn('p1@host', 'bob', 'desktop', NOW + 90_000);
    expect(terms.authorship(content('bob', 'desktop', NOW))).toBe('holder');
    // Before the first term this device knows of: believed to be its holder's.
    expect(terms.authorship(content('bob', 'desktop', NOW - 86_400_000))).toBe('holder');
    expect(terms.authorship(content('ann', 'laptop', NOW))).toBe('not-holder');
    expect(terms.authorship(content('ann', 'desktop', NOW))).toBe('not-holder');
    // Later than any term known: the lease that covers it may still be on its way.
    expect(terms.authorship(content('bob', 'desktop', NOW + 200_000))).toBe('not-yet-known');
    terms.observeOwn('p1@host', 'ann', 'laptop', NOW + 300_000);
    expect(terms.authorship(content('ann', 'laptop', NOW + 200_000))).toBe('holder');
    expect(terms.authorship(content('bob', 'desktop', NOW + 200_000))).toBe('not-holder');
    expect(terms.authorship(content('ann', 'laptop', NOW))).toBe('not-holder');
    // Kept across restarts.
    const again = new LeaseTerms(() => NOW, JSON.parse(JSON.stringify(terms.state())));
    expect(again.authorship(content('ann', 'laptop', NOW + 200_000))).toBe('holder');
    expect(again.authorship(content('ann', 'laptop', NOW))).toBe('not-holder');
  });

  it('refuse content whose name is not its author’s stamp', () => {
    const terms = new LeaseTerms(() => NOW);
    terms.observeOwn('p1@host', 'bob', 'desktop', NOW + 90_000);
    expect(terms.authorship({ ...content('bob', 'desktop', NOW), at: NOW - 5 })).toBe('not-holder');
  });
});

describe('refusal groups', () => {
  it('group content per client and device, the rest per reason, latest last', () => {
    const groups = refusalGroups([
      new TeamDocumentRefused('content:a', 'x', { scope: 'p1@host:8080', who: 'ann', device: 'laptop' }),
      new TeamDocumentRefused('change:b', 'it is nested too deeply.'),
      new TeamDocumentRefused('content:c', 'x', { scope: 'p1@host:8080', who: 'ann', device: 'laptop' }),
    ]);
    expect(groups).toEqual([
      { count: 1, reason: 'A shared entry was left out: it is nested too deeply.', content: null },
      { count: 2, reason: 'A shared entry was left out: x', content: { profileId: 'p1', member: 'ann', device: 'laptop' } },
    ]);
  });
});
