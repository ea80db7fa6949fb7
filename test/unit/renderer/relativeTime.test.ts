import { describe, expect, it } from 'vitest';
import { setFormatter } from '../../../src/renderer/logic/format.ts';
import { exactTime, relativeTime } from '../../../src/renderer/logic/relativeTime.ts';

// The app's formatter follows the system's locale and zone; these words are pinned to en-GB in UTC.
setFormatter({ locale: 'en-GB', timeZone: 'UTC' });

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => relativeTime(now - ms, now);

describe('relative time', () => {
  it('says just now, minutes, hours, yesterday and days', () => {
    expect(ago(10_000)).toBe('just now');
    expect(ago(3 * 60_000)).toBe('3 min ago');
    expect(ago(59 * 60_000)).toBe('59 min ago');
    expect(ago(2 * 3_600_000)).toBe('2 h ago');
    expect(ago(30 * 3_600_000)).toBe('yesterday');
    expect(ago(3 * 86_400_000)).toBe('3 days ago');
  });

  it('gives a date for older times, with the year only when it differs', () => {
    expect(ago(20 * 86_400_000)).toBe('18 Feb');
    expect(relativeTime(Date.parse('2025-06-01T12:00:00Z'), now)).toBe('1 Jun 2025');
  });

  it('treats a small clock skew as now', () => {
    expect(relativeTime(now + 5_000, now)).toBe('just now');
  });

  it('gives the exact time for the hover title', () => {
    expect(exactTime(now)).toMatch(/2026/);
    expect(exactTime(now)).toMatch(/March/);
    // The same text the per-call toLocaleString gave, from one formatter made once.
    expect(exactTime(now)).toBe(
      new Date(now).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    );
    expect(exactTime(Number.NaN)).toBe('Invalid Date');
  });
});
