// The service's per-profile rate limit: a fixed window that starts with the profile's first
// counted request; every authenticated request counts except those answered 429. A profile that
// collects 1,000 answers of 429 within 24 hours is suspended, as the real service does.
import { RATE_LIMIT_WINDOW_MS } from '../../shared/networks.ts';

const SUSPEND_AFTER_429S = 1000;
const SUSPEND_WINDOW_MS = 24 * 60 * 60 * 1000;

interface ProfileWindow {
  start: number;
  count: number;
  rejections: number[];
}

export type RateDecision = { allowed: true; max: number; count: number } | { allowed: false; suspended: boolean; max: number; count: number };

export class RateLimiter {
  private readonly windows = new Map<string, ProfileWindow>();
  private readonly suspended = new Set<string>();

  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs = RATE_LIMIT_WINDOW_MS) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  isSuspended(refId: string): boolean {
    return this.suspended.has(refId);
  }

  take(refId: string, now: number): RateDecision {
    let window = this.windows.get(refId);
    // A suspended profile is refused without being counted (the server answers it 403).
    if (this.suspended.has(refId)) return { allowed: false, suspended: true, max: this.limit, count: window?.count ?? 0 };
    if (!window) {
      window = { start: now, count: 0, rejections: [] };
      this.windows.set(refId, window);
    }
    if (now - window.start >= this.windowMs) {
      window.start = now;
      window.count = 0;
    }
    if (window.count >= this.limit) {
      window.rejections.push(now);
      while (window.rejections.length > 0 && now - (window.rejections[0] ?? now) > SUSPEND_WINDOW_MS) {
        window.rejections.shift();
      }
      // "1,000 responses of 429 within 24 h suspend a profile (then 403)": this request is still
      // one of the 1,000 and is answered 429; the suspension applies from the next request on.
      if (window.rejections.length >= SUSPEND_AFTER_429S) this.suspended.add(refId);
      return { allowed: false, suspended: false, max: this.limit, count: window.count };
    }
    window.count++;
    return { allowed: true, max: this.limit, count: window.count };
  }
}
