// The app's one formatter of dates, times, numbers and counted words on screen: the system's locale,
// zone and clock (Intl), made once. Every screen formats through `fmt`, so a date reads the same in
// the list, the panels, the toasts and the banners ("27 Nov 2026, 14:05" in en-GB, "Nov 27, 2026,
// 2:05 PM" in en-US). The client report uses the same formatter with the client's zone.
import { createFormatter, type Formatter, type FormatterOptions } from '../../shared/format/formatter.ts';

/** The formatter every screen uses. A live binding: `setFormatter` replaces it (tests pin a locale). */
export let fmt: Formatter = createFormatter();

/** Replaces the app's formatter: tests pin a locale and zone so their expectations do not follow the machine's. */
export function setFormatter(options: FormatterOptions): Formatter {
  fmt = createFormatter(options);
  return fmt;
}
