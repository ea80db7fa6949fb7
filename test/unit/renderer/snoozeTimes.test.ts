import { describe, expect, it } from 'vitest';
import { setFormatter } from '../../../src/renderer/logic/format.ts';
import { defaultPickedTime, laterToday, nextWeek, pickedTime, pickerValue, snoozeChoices, tomorrowMorning } from '../../../src/renderer/logic/snoozeTimes.ts';

// The app's formatter follows the system's locale; these words are pinned to en-GB.
setFormatter({ locale: 'en-GB' });

// Local times (the person's clock): new Date(year, monthIndex, day, hours, minutes).
const at = (day: number, hours: number, minutes = 0) => new Date(2026, 10, day, hours, minutes);
const local = (ms: number) => {
  const d = new Date(ms);
  return [d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
};

describe('snooze times', () => {
  it('later today is three hours on, rounded up to the full hour', () => {
    expect(local(laterToday(at(20, 9, 20))!)).toEqual([11, 20, 13, 0]);
    expect(local(laterToday(at(20, 14, 0))!)).toEqual([11, 20, 17, 0]);
  });

  it('later today is not offered in the evening or when it would be tomorrow', () => {
    expect(laterToday(at(20, 18, 30))).toBeNull();
    expect(laterToday(at(20, 23, 10))).toBeNull();
    expect(snoozeChoices(at(20, 22, 0)).map((c) => c.id)).toEqual(['tomorrow', 'nextWeek']);
  });

  it('tomorrow morning is 8:00 the next day, across a month end', () => {
    expect(local(tomorrowMorning(at(20, 15, 45)))).toEqual([11, 21, 8, 0]);
    expect(local(tomorrowMorning(new Date(2026, 10, 30, 0, 30)))).toEqual([12, 1, 8, 0]);
  });

  it('next week is the coming Monday 8:00, a full week on from a Monday', () => {
    // 2026-11-20 is a Friday, 2026-11-23 a Monday.
    expect(local(nextWeek(at(20, 10)))).toEqual([11, 23, 8, 0]);
    expect(local(nextWeek(at(22, 10)))).toEqual([11, 23, 8, 0]);
    expect(local(nextWeek(at(23, 7)))).toEqual([11, 30, 8, 0]);
  });

  it('offers the three choices in order, each later than now, with the wake time in words', () => {
    const now = at(20, 9, 5);
    const choices = snoozeChoices(now);
    expect(choices.map((c) => c.id)).toEqual(['laterToday', 'tomorrow', 'nextWeek']);
    expect(choices.map((c) => c.when)).toEqual(['13:00', 'Sat 21 Nov, 8:00', 'Mon 23 Nov, 8:00']);
    for (const choice of choices) expect(choice.until).toBeGreaterThan(now.getTime());
  });

  it('a picked time (issue 19): starts at tomorrow 9:00, must be later than now and within a year', () => {
    const now = at(20, 15, 45);
    expect(pickerValue(defaultPickedTime(now))).toBe('2026-11-21T09:00');
    const picked = pickedTime('2026-11-21T09:00', now);
    expect(picked.ok && local(picked.until)).toEqual([11, 21, 9, 0]);
    expect(pickedTime('2026-11-20T15:00', now)).toEqual({ ok: false, reason: 'Pick a time later than now.' });
    expect(pickedTime('2026-02-30T09:00', now)).toEqual({ ok: false, reason: 'That day does not exist.' });
    expect(pickedTime('2028-01-01T09:00', now)).toEqual({ ok: false, reason: 'Pick a time within a year.' });
    expect(pickedTime('', now)).toEqual({ ok: false, reason: 'Pick a day and a time.' });
  });
});
