import { describe, expect, it } from 'vitest';
import { MESSAGE_REPLY_WINDOW_MS } from '../../../src/shared/networks.ts';
import { closedAgo, countdown, replyWindowState, windowBadge, windowBlockedReason } from '../../../src/renderer/logic/replyWindow.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-03-10T12:00:00Z');

describe('the reply window in words', () => {
  it('has no window on X, whatever the times', () => {
    expect(replyWindowState('twitter', NOW - 30 * DAY, NOW)).toEqual({ kind: 'none' });
    expect(replyWindowState('twitter', null, NOW)).toEqual({ kind: 'none' });
    expect(windowBlockedReason('twitter', replyWindowState('twitter', NOW - DAY, NOW), NOW, 'Ana')).toBeNull();
  });

  it('is open until the moment it closes, and closing soon under a day', () => {
    expect(replyWindowState('facebook', NOW + 3 * DAY, NOW)).toEqual({ kind: 'open', closesAt: NOW + 3 * DAY, leftMs: 3 * DAY, closingSoon: false });
    expect(replyWindowState('instagram', NOW + DAY, NOW)).toMatchObject({ kind: 'open', closingSoon: false });
    expect(replyWindowState('instagram', NOW + DAY - 1, NOW)).toMatchObject({ kind: 'open', closingSoon: true });
    expect(replyWindowState('instagram', NOW + 1, NOW)).toMatchObject({ kind: 'open', leftMs: 1 });
    expect(replyWindowState('instagram', NOW, NOW)).toEqual({ kind: 'closed', closedAt: NOW });
    expect(replyWindowState('facebook', null, NOW)).toEqual({ kind: 'neverOpened' });
  });

  it('counts down in days and hours, then hours and minutes, then minutes and seconds', () => {
    expect(countdown(MESSAGE_REPLY_WINDOW_MS - 1)).toBe('6 d 23 h');
    expect(countdown(DAY + 5 * HOUR + 59 * MINUTE)).toBe('1 d 5 h');
    expect(countdown(DAY - 1)).toBe('23 h 59 min');
    expect(countdown(HOUR + 2 * MINUTE)).toBe('1 h 02 min');
    expect(countdown(HOUR - 1)).toBe('59 min 59 s');
    expect(countdown(7 * SECOND)).toBe('0 min 07 s');
    expect(countdown(-5)).toBe('0 min 00 s');
  });

  it('says why a closed window stops Send, since when, and what reopens it', () => {
    const closed = replyWindowState('instagram', NOW - 2 * DAY, NOW);
    const reason = windowBlockedReason('instagram', closed, NOW, 'Ana López');
    expect(reason).toMatch(/^The reply window closed 2 days ago \(/);
    expect(reason).toContain('2026');
    expect(reason).toContain('Instagram takes an answer only within 7 days');
    expect(reason).toContain('once Ana López writes');
    expect(windowBlockedReason('facebook', { kind: 'neverOpened' }, NOW, 'Sam')).toMatch(/Sam has not written/);
    expect(windowBlockedReason('facebook', replyWindowState('facebook', NOW + HOUR, NOW), NOW, 'Sam')).toBeNull();
  });

  it('says how long ago a window closed in days past a week, not as a bare date', () => {
    expect(closedAgo(NOW - 5 * HOUR, NOW)).toBe('5 h ago');
    expect(closedAgo(NOW - 2 * DAY, NOW)).toBe('2 days ago');
    expect(closedAgo(NOW - 31 * DAY - HOUR, NOW)).toBe('31 days ago');
    expect(windowBlockedReason('facebook', replyWindowState('facebook', NOW - 31 * DAY, NOW), NOW, 'Ravi')).toMatch(/^The reply window closed 31 days ago \(/);
  });

  it('marks a row only when its window closes within a day or has closed', () => {
    expect(windowBadge(replyWindowState('facebook', NOW + 2 * DAY, NOW))).toBeNull();
    expect(windowBadge(replyWindowState('twitter', NOW, NOW))).toBeNull();
    expect(windowBadge(replyWindowState('facebook', NOW + 5 * HOUR + 2 * MINUTE, NOW))).toEqual({ text: 'Closes in 5 h 02 min', warning: true });
    expect(windowBadge(replyWindowState('facebook', NOW - 1, NOW))).toEqual({ text: 'Window closed', warning: false });
  });
});
