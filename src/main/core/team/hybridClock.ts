// A hybrid logical clock: wall-clock milliseconds plus a counter, so that every change written on a
// device sorts after everything that device had seen (even when its wall clock is behind another
// device's), and close to real time otherwise. Stamps are fixed-width strings that sort as text:
// `<ms, 15 digits>.<counter, 6 digits>.<device>`; the device name breaks ties between devices.

const MS_DIGITS = 15;
const COUNTER_DIGITS = 6;
const STAMP = /^(\d{15})\.(\d{6})\.(.+)$/s;
/**
 * A stamp further ahead of this device's clock than this is refused (decision 0064): one stamped a
 * day ahead would drag every clock that learnt it, and win every "latest" for a day. A device's own
 * stamps never go beyond what it would accept: it learns only stamps within the bound.
 */
export const MAX_AHEAD_MS = 60 * 60 * 1000;
const MAX_COUNTER = 10 ** COUNTER_DIGITS - 1;

/** A stamp read into its parts. */
export interface Stamp {
  ms: number;
  counter: number;
  device: string;
}

export interface HybridClock {
  /** A new stamp, later than every stamp made or received before. */
  tick(): string;
  /**
   * Takes in a stamp seen in another device's document, so later ticks sort after it. A stamp its
   * document's check already read (checkedStamp) is passed as read, not parsed again; the bounds
   * are applied either way.
   */
  receive(stamp: string | Stamp): void;
}

export function formatStamp(ms: number, counter: number, device: string): string {
  return `${String(ms).padStart(MS_DIGITS, '0')}.${String(counter).padStart(COUNTER_DIGITS, '0')}.${device}`;
}

export function parseStamp(stamp: string): Stamp | null {
  const match = STAMP.exec(stamp);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { ms: Number(match[1]), counter: Number(match[2]), device: match[3] };
}

export function isStamp(stamp: string): boolean {
  return parseStamp(stamp) !== null;
}

/**
 * A received stamp read once for both its check and the clock (a start reads every history entry's):
 * the stamp, or why it is refused (its device is not the document's, or it is too far ahead of `now`).
 */
export function checkedStamp(stamp: string, device: string, now: number): Stamp | string {
  const seen = parseStamp(stamp);
  if (seen === null) return 'it is not dated by a team clock.';
  if (seen.device !== device) return 'it is dated by another device’s clock.';
  if (seen.ms > now + MAX_AHEAD_MS) return 'it is dated more than an hour ahead of this device’s clock.';
  return seen;
}

/** Why a received stamp is refused, or null (checkedStamp, for who needs only the answer). */
export function stampProblem(stamp: string, device: string, now: number): string | null {
  const checked = checkedStamp(stamp, device, now);
  return typeof checked === 'string' ? checked : null;
}

export function createHybridClock(device: string, now: () => number): HybridClock {
  let lastMs = 0;
  let lastCounter = 0;
  return {
    tick() {
      const wall = Math.floor(now());
      if (wall > lastMs) {
        lastMs = wall;
        lastCounter = 0;
      } else if (lastCounter < MAX_COUNTER) {
        lastCounter += 1;
      } else {
        // The counter never outgrows its six digits: the next millisecond still sorts after.
        lastMs += 1;
        lastCounter = 0;
      }
      return formatStamp(lastMs, lastCounter, device);
    },
    receive(stamp) {
      const seen = typeof stamp === 'string' ? parseStamp(stamp) : stamp;
      if (!seen || seen.ms > now() + MAX_AHEAD_MS || seen.counter > MAX_COUNTER) return;
      if (seen.ms > lastMs || (seen.ms === lastMs && seen.counter > lastCounter)) {
        lastMs = seen.ms;
        lastCounter = seen.counter;
      }
    },
  };
}
