// The rate budget is the workspace's (issue 22, decision 0060): in a team, one device polls a
// profile under a lease on the team server and shares what it stored; the others replay that
// instead of asking the service. This is the sync's side of it: the port the team gives
// (`SharedPolling`) and, per profile, whether this device polls now (`PollLease`). Solo cores have
// no port and never get here.
import type { SharedWrite } from '../../../shared/domain/teamContent.ts';

export type LeaseAnswer =
  | { status: 'held-by-me'; until: number }
  | { status: 'held-by-other'; holder: string; device: string; until: number }
  /** The team server could not be asked. */
  | { status: 'unknown' };

/** What the team gives the sync of an account (team/teamContent.ts). */
export interface SharedPolling {
  /** Takes or renews the profile's lease for `durationMs`, or says who holds it. */
  takeLease(profileId: string, durationMs: number): Promise<LeaseAnswer>;
  /** What this device stored from the service for the profile, for the other devices. */
  share(profileId: string, writes: readonly SharedWrite[]): void;
  /** What other devices shared for the profile since the last call, in the order it arrived. */
  arrived(profileId: string): SharedWrite[];
  /** Told when something arrives for the profile; returns the unsubscribe. */
  onArrival(profileId: string, listener: () => void): () => void;
}

export type PollRole = 'poll' | 'follow';

export interface LeaseCheck {
  role: PollRole;
  /** This device follows no longer: it has just taken the profile over. */
  tookOver: boolean;
}

/**
 * One profile's lease, asked before its polling work. Held: renewed every third of its duration,
 * so a holder that goes quiet (crashed, asleep, cut off) loses it within one duration. Another
 * device's: asked again when it runs out. Unknown (the team server cannot be asked): this device
 * polls itself, freshness first; the duplicate cost lasts while the server is away (asked again
 * every third of the duration).
 */
export class PollLease {
  readonly durationMs: number;
  private readonly port: SharedPolling;
  private readonly profileId: string;
  private readonly now: () => number;
  private role: PollRole = 'poll';
  private askAt = Number.NEGATIVE_INFINITY;
  private holder: string | null = null;

  constructor(port: SharedPolling, profileId: string, durationMs: number, now: () => number) {
    this.port = port;
    this.profileId = profileId;
    this.durationMs = durationMs;
    this.now = now;
  }

  /** When the lease is asked next (renewed, or asked whether its holder went quiet). */
  get nextAskAt(): number {
    return this.askAt;
  }

  /** Who polls the profile while this device follows (null while it polls). */
  get heldBy(): string | null {
    return this.role === 'follow' ? this.holder : null;
  }

  /** The role for now; asks the team server only when the lease is due for renewal or expiry. */
  async check(now: number): Promise<LeaseCheck> {
    if (now < this.askAt) return { role: this.role, tookOver: false };
    let answer: LeaseAnswer;
    try {
      answer = await this.port.takeLease(this.profileId, this.durationMs);
    } catch {
      answer = { status: 'unknown' };
    }
    const before = this.role;
    const after = this.now();
    const renewEvery = Math.max(1, Math.floor(this.durationMs / 3));
    if (answer.status === 'held-by-other') {
      this.role = 'follow';
      this.holder = answer.holder;
      // Its holder renews long before then; asked at expiry, it is taken over only if it did not.
      this.askAt = Math.max(answer.until, after + renewEvery);
    } else {
      this.role = 'poll';
      this.holder = null;
      this.askAt = after + renewEvery;
    }
    return { role: this.role, tookOver: before === 'follow' && this.role === 'poll' };
  }
}
