// The client settings schema: what the settings screen and main accept, and what they say otherwise.
import { describe, expect, it } from 'vitest';
import { clientSettingsSchema, defaultClientSettings, isKnownTimeZone } from '../../../src/shared/domain/clientSettings.ts';

const messages = (value: unknown) => {
  const parsed = clientSettingsSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('client settings', () => {
  it('the default (Mon–Fri 09:00–17:00, 4 business hours) is valid', () => {
    expect(clientSettingsSchema.parse(defaultClientSettings('Europe/Berlin'))).toEqual(defaultClientSettings('Europe/Berlin'));
  });

  it('accepts no business hours (wall-clock time) with a wall-clock target, or no target', () => {
    expect(messages({ timeZone: 'Asia/Kolkata', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' } })).toEqual([]);
    expect(messages({ timeZone: 'Asia/Kolkata', businessHours: null, responseTarget: null })).toEqual([]);
  });

  it('accepts a day that ends at 24:00 and drops keys it does not know', () => {
    const parsed = clientSettingsSchema.parse({
      timeZone: 'America/New_York',
      businessHours: { saturday: { start: '18:00', end: '24:00' }, funday: { start: '01:00', end: '02:00' } },
      responseTarget: null,
      colour: 'blue',
    });
    expect(parsed).toEqual({ timeZone: 'America/New_York', businessHours: { saturday: { start: '18:00', end: '24:00' } }, responseTarget: null });
  });

  it('says what is wrong with hours, days, zone and target', () => {
    const base = defaultClientSettings('Europe/Berlin');
    expect(messages({ ...base, businessHours: { monday: { start: '17:00', end: '09:00' } } })).toEqual(['Business hours must end after they start']);
    expect(messages({ ...base, businessHours: { monday: { start: '9:00', end: '17:00' } } })).toEqual([
      'Write the time as HH:MM on a 24-hour clock, e.g. 09:00',
    ]);
    expect(messages({ ...base, businessHours: { monday: { start: '09:00', end: '24:30' } } })).toHaveLength(1);
    expect(messages({ ...base, businessHours: {} })).toEqual(['Pick at least one business day, or count wall-clock time instead']);
    expect(messages({ ...base, timeZone: 'Europe/Atlantis' })).toEqual(['Unknown time zone: pick one from the list, e.g. Europe/Berlin']);
    expect(messages({ ...base, businessHours: null })).toEqual([
      'A target in business hours needs business hours: set them, or count the target in wall-clock time',
    ]);
    expect(messages({ ...base, responseTarget: { minutes: 0, clock: 'wall' } })).toEqual(['A response target is at least a minute']);
  });

  it('knows the zones Intl knows', () => {
    expect(isKnownTimeZone('Asia/Kolkata')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
