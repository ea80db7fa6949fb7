// The one notification of the month's prepared reports, in words: the month's name, the clients counted.
import { describe, expect, it } from 'vitest';
import { notificationText } from '../../../src/main/electron/notifier.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';

describe('the reports-ready notification', () => {
  const october = createFormatter({ timeZone: 'UTC' }).monthName(Date.UTC(2026, 9, 15));

  it("says whose month's reports are ready and for how many clients", () => {
    expect(notificationText({ kind: 'reports-ready', id: 'r1', month: '2026-10', clients: 5 }).title).toBe(`${october}'s reports are ready for 5 clients`);
    expect(notificationText({ kind: 'reports-ready', id: 'r2', month: '2026-10', clients: 1 }).title).toBe(`${october}'s reports are ready for 1 client`);
  });

  it('names the month in the system words (English here: October)', () => {
    expect(createFormatter({ locale: 'en-GB', timeZone: 'UTC' }).monthName(Date.UTC(2026, 9, 15))).toBe('October');
    expect(createFormatter({ locale: 'en-GB', timeZone: 'UTC' }).monthName(Date.UTC(2026, 0, 1))).toBe('January');
  });
});
