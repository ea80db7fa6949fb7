// Faults a test can switch on through PUT /__sandbox/faults: latency, a share of failed answers,
// a service that is down, and writes that are applied but never answered (the case that tempts a
// client to send twice). Draws come from a seeded generator, so a fault pattern is repeatable.
import { Random } from '../random.ts';

export interface FaultSettings {
  latencyMs: number;
  errorRate: number;
  status: number;
  down: boolean;
  dropAfterCommitRate: number;
}

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, status: 503, down: false, dropAfterCommitRate: 0 };

export class Faults {
  settings: FaultSettings = { ...NO_FAULTS };
  private readonly rng: Random;

  constructor(seed: number) {
    this.rng = new Random(seed * 31 + 7);
  }

  failThisRequest(): boolean {
    return this.settings.errorRate > 0 && this.rng.next() < this.settings.errorRate;
  }

  dropThisWrite(): boolean {
    return this.settings.dropAfterCommitRate > 0 && this.rng.next() < this.settings.dropAfterCommitRate;
  }
}
