// What the app does with a live event (decision 0072): an event is a nudge, never content. It only
// says which post or conversation to read now; the device that reads the profile from the service
// (its lease holder in a team) reads it as its poll would, through the profile's sync and its rate
// budget, and shares what it stored as today. Anybody holding the hook route can write events, so
// each one must cost little and change nothing by itself:
// - deduplicated: one read per post or conversation within `mergeMs`; an event in that time asks
//   one more read when it ends (the comment may have come after the read);
// - paced: at most `maxReads` nudged reads per profile per `windowMs`; beyond, the event is
//   dropped and the next poll covers it;
// - a post the profile's plan does not know starts its post discovery at most once per
//   `discoverEveryMs`: 10,000 forged events cost what one a minute does;
// - while events arrive for a profile its polling is slower (`livePace`), and back to today's pace
//   `liveForMs` after the last one.
import type { Clock } from '../clock.ts';
import type { LiveEvent } from './liveEventShape.ts';

const MINUTE = 60_000;

/** What live updates need of a profile's sync (ProfileSync's hook-up methods). */
export interface NudgeableSync {
  readNudged(
    what: { kind: 'post'; platform: string; socialPostId?: string; servicePostId?: string } | { kind: 'messages'; platform: string; conversationId: string },
  ): boolean;
  discoverNudged(): void;
  setLivePace(pace: { hotMs?: number; activeMs?: number } | null): void;
}

export interface LiveNudgePorts {
  clock: Clock;
  /** The sync of a profile (the event's refId) this device reads from the service, or undefined (not ours, or another device holds its lease). */
  syncOf(profileId: string): NudgeableSync | undefined;
  /**
   * Whether the profile is one of this device's clients, read here or not: its last event is kept
   * for Settings → Team ("Last event 2 min ago" on every device, not only the one reading it).
   * Bounded by the clients: a forged refId keeps nothing.
   */
  isClient?(profileId: string): boolean;
}

export interface LiveNudgeOptions {
  maxReads: number;
  windowMs: number;
  mergeMs: number;
  discoverEveryMs: number;
  liveForMs: number;
  livePace: { hotMs: number; activeMs: number };
}

export const DEFAULT_LIVE_NUDGE_OPTIONS: LiveNudgeOptions = {
  maxReads: 60,
  windowMs: 5 * MINUTE,
  mergeMs: 5_000,
  discoverEveryMs: MINUTE,
  liveForMs: 10 * MINUTE,
  livePace: { hotMs: 2 * MINUTE, activeMs: 5 * MINUTE },
};

/** What became of one event (for tests and the panel's counts). */
export type NudgeOutcome = 'read' | 'merged' | 'over-pace' | 'discover' | 'discover-later' | 'not-read-here';

/** Counted per profile; the object is bounded by the number of profiles. */
interface ProfileNudges {
  /** Times of the nudged reads within the window (at most maxReads kept). */
  reads: number[];
  /** Per post or conversation: when it was last read by a nudge, and whether an event came since. */
  recent: Map<string, { at: number; again: boolean; what: Parameters<NudgeableSync['readNudged']>[0] }>;
  lastDiscoverAt: number;
  lastEventAt: number;
  live: boolean;
}

export class LiveNudges {
  private readonly ports: LiveNudgePorts;
  private readonly options: LiveNudgeOptions;
  private readonly profiles = new Map<string, ProfileNudges>();
  /** The last event per client of this device (read here or by another device): one entry per client. */
  private readonly heard = new Map<string, number>();
  private wake: AbortController | undefined;
  private stopped = false;
  private running: Promise<void> | undefined;

  constructor(ports: LiveNudgePorts, options: Partial<LiveNudgeOptions> = {}) {
    this.ports = ports;
    this.options = { ...DEFAULT_LIVE_NUDGE_OPTIONS, ...options };
  }

  /** Starts the loop that sends merged follow-up reads and brings the pace back when events stop. */
  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.abort();
    await this.running;
  }

  /** When the last event for a profile arrived (epoch ms), or null. */
  lastEventAt(profileId: string): number | null {
    return this.heard.get(profileId) ?? null;
  }

  take(event: LiveEvent): NudgeOutcome {
    const sync = this.ports.syncOf(event.refId);
    if (sync || this.ports.isClient?.(event.refId)) this.heard.set(event.refId, this.ports.clock.now());
    if (!sync) return 'not-read-here';
    const now = this.ports.clock.now();
    const profile = this.profileOf(event.refId);
    profile.lastEventAt = now;
    if (!profile.live) {
      profile.live = true;
      sync.setLivePace(this.options.livePace);
      this.wake?.abort();
    }
    const what: Parameters<NudgeableSync['readNudged']>[0] =
      event.action === 'messages'
        ? { kind: 'messages', platform: event.platform, conversationId: event.conversationId ?? '' }
        : { kind: 'post', platform: event.platform, socialPostId: event.socialPostId, servicePostId: event.postId };
    // One read per conversation (a message event names it: liveEventShape.ts), per post.
    const key =
      event.action === 'messages'
        ? `m:${event.platform}:${event.conversationId ?? ''}`
        : `p:${event.platform}:${event.postId ?? ''}:${event.socialPostId ?? ''}`;
    const recent = profile.recent.get(key);
    if (recent && now - recent.at < this.options.mergeMs) {
      if (!recent.again) {
        recent.again = true;
        this.wake?.abort();
      }
      return 'merged';
    }
    if (!this.mayRead(profile, now)) return 'over-pace';
    if (sync.readNudged(what)) {
      this.remember(profile, key, what, now);
      return 'read';
    }
    // Unknown to the plan: a new post, or a forged id. The lists are read, at most once a minute.
    if (now - profile.lastDiscoverAt < this.options.discoverEveryMs) return 'discover-later';
    profile.lastDiscoverAt = now;
    profile.reads.push(now);
    sync.discoverNudged();
    return 'discover';
  }

  private profileOf(profileId: string): ProfileNudges {
    let profile = this.profiles.get(profileId);
    if (!profile) {
      profile = { reads: [], recent: new Map(), lastDiscoverAt: Number.NEGATIVE_INFINITY, lastEventAt: 0, live: false };
      this.profiles.set(profileId, profile);
    }
    return profile;
  }

  private mayRead(profile: ProfileNudges, now: number): boolean {
    while (profile.reads.length > 0 && (profile.reads[0] as number) <= now - this.options.windowMs) profile.reads.shift();
    return profile.reads.length < this.options.maxReads;
  }

  private remember(profile: ProfileNudges, key: string, what: Parameters<NudgeableSync['readNudged']>[0], now: number): void {
    profile.reads.push(now);
    profile.recent.set(key, { at: now, again: false, what });
    // Bounded: entries past their merge time are of no use.
    if (profile.recent.size > 4 * this.options.maxReads) {
      for (const [name, entry] of profile.recent) if (now - entry.at >= this.options.mergeMs && !entry.again) profile.recent.delete(name);
    }
  }

  /** One pass: follow-up reads whose merge time ended, and profiles whose events stopped. Returns when to look again. */
  private pass(now: number): number {
    let next = Number.POSITIVE_INFINITY;
    for (const [profileId, profile] of this.profiles) {
      const sync = this.ports.syncOf(profileId);
      for (const [key, entry] of profile.recent) {
        const due = entry.at + this.options.mergeMs;
        if (!entry.again) {
          if (due <= now) profile.recent.delete(key);
          continue;
        }
        if (due > now) {
          next = Math.min(next, due);
          continue;
        }
        profile.recent.delete(key);
        if (sync && this.mayRead(profile, now) && sync.readNudged(entry.what)) this.remember(profile, key, entry.what, now);
      }
      if (profile.live) {
        const quietAt = profile.lastEventAt + this.options.liveForMs;
        if (quietAt <= now) {
          profile.live = false;
          this.ports.syncOf(profileId)?.setLivePace(null);
        } else next = Math.min(next, quietAt);
      }
    }
    return next;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const now = this.ports.clock.now();
      const next = this.pass(now);
      this.wake = new AbortController();
      try {
        await this.ports.clock.sleep(Number.isFinite(next) ? Math.max(0, next - now) : this.options.liveForMs, this.wake.signal);
      } catch {
        // Woken by an event (or stop): look again.
      }
    }
  }
}
