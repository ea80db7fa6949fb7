// A client's working week, time zone and response target: what the client report counts response
// times against. One schema for the settings screen (it says what is wrong as the user types) and
// for main (which checks again before computing anything with it).
import { z } from 'zod';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** 'HH:MM' on a 24-hour clock, local to the client's time zone; '24:00' is the end of the day. */
const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes since local midnight of an 'HH:MM' that passed the schema. */
export function clockTimeMinutes(time: string): number {
  const [hours, minutes] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** True when this runtime's Intl knows the IANA zone (Node and Chromium ship full ICU). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone in a freelancer's words: "New York time", "London time", "Ho Chi Minh time"; the universal
 * zones "GMT" (never "UTC"); an offset-only zone by its offset ("GMT-5"). Read from the IANA name,
 * so the report names the zone its hours are counted in, whichever locale prints it.
 */
export function timeZoneWords(timeZone: string): string {
  if (/^(?:Etc\/)?(?:UTC|UCT|GMT|Greenwich|Universal|Zulu|GMT[+-]?0)$/u.test(timeZone)) return 'GMT';
  if (timeZone.startsWith('Etc/') || !timeZone.includes('/')) {
    try {
      const parts = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(0);
      return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      return timeZone;
    }
  }
  const city = timeZone.slice(timeZone.lastIndexOf('/') + 1).replace(/_/gu, ' ');
  return `${city} time`;
}

const clockTime = z.string().regex(CLOCK_TIME, 'Write the time as HH:MM on a 24-hour clock, e.g. 09:00');

/**
 * One business day's opening hours. A day runs within itself: hours past midnight (a night shift)
 * are the next day's hours.
 */
export const businessDaySchema = z.object({ start: clockTime, end: clockTime }).refine((day) => clockTimeMinutes(day.start) < clockTimeMinutes(day.end), {
  message: 'Business hours must end after they start',
  path: ['end'],
});

/** The days the client's business is open; a day left out (or null) is closed. */
export const businessHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, businessDaySchema.nullable().optional()])) as Record<
      Weekday,
      z.ZodOptional<z.ZodNullable<typeof businessDaySchema>>
    >,
  )
  .refine((hours) => WEEKDAYS.some((day) => hours[day] != null), {
    message: 'Pick at least one business day, or count wall-clock time instead',
  });
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/** The most a response target may be: 30 days. */
export const MAX_TARGET_MINUTES = 30 * 24 * 60;

export const responseTargetSchema = z.object({
  minutes: z.number().int().min(1, 'A response target is at least a minute').max(MAX_TARGET_MINUTES, 'A response target is at most 30 days'),
  /** 'business': the target counts business hours only (e.g. 4 business hours); 'wall': every hour counts. */
  clock: z.enum(['business', 'wall']),
});

export const clientSettingsSchema = z
  .object({
    /** An IANA zone, e.g. 'Europe/Berlin': business hours are read on the client's clock, not the user's. */
    timeZone: z.string().refine(isKnownTimeZone, 'Unknown time zone: pick one from the list, e.g. Europe/Berlin'),
    /** null: no business hours, response times count wall-clock time. */
    businessHours: businessHoursSchema.nullable(),
    /** null: no target, the report shows no "answered within target" share. */
    responseTarget: responseTargetSchema.nullable(),
  })
  .refine((settings) => settings.responseTarget?.clock !== 'business' || settings.businessHours !== null, {
    message: 'A target in business hours needs business hours: set them, or count the target in wall-clock time',
    path: ['responseTarget', 'clock'],
  });
export type ClientSettings = z.infer<typeof clientSettingsSchema>;

/** What a new client starts with: Monday to Friday 09:00–17:00 in the given zone, 4 business hours. */
export function defaultClientSettings(timeZone: string): ClientSettings {
  const day = { start: '09:00', end: '17:00' };
  return {
    timeZone,
    businessHours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day },
    responseTarget: { minutes: 240, clock: 'business' },
  };
}
