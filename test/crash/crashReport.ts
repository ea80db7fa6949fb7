// What a crash test run is asked to do (CrashOptions) and what it found (CrashReport).
import type { SettleMode } from './drainChild.ts';

export interface CrashOptions {
  /** Kills to land while replies are draining (at least). */
  kills: number;
  /** Replies queued before the first child starts. */
  replies: number;
  /** Every n-th write is a direct message (the others replies). Default 3. */
  messageEvery?: number;
  /** Every n-th write is a reply to a new review, Google and Facebook in turn (where no message is). Default 5. */
  reviewEvery?: number;
  /** Replies queued when the queue runs dry before the kills are done. Default 10. */
  topUpBatch?: number;
  /** Default 0.3. */
  dropAfterCommitRate?: number;
  /** Each life gets a latency fault drawn from this range (ms). Default [20, 120]. */
  latencyMs?: [number, number];
  /**
   * Share of lives in which the service takes each request and closes the connection unanswered,
   * applying nothing: unknown outcomes that were not applied, the case the settle window is for. Default 0.25 in service mode, 0 in sandbox mode.
   */
  downShare?: number;
  /** A kill lands within this long after the child says "ready". Default 150 ms (600 ms in service mode). */
  maxLifeMs?: number;
  /** Share of kills that land at any moment from the spawn on (start-up and recovery included). Default 0.15. */
  earlyKillShare?: number;
  /** Replies in flight at once in the child. Default 1. */
  maxConcurrent?: number;
  /** The whole run. Default 10 minutes. */
  timeLimitMs?: number;
  /** One life (a child that never says "ready" is killed and counted as a problem). Default 20 s. */
  lifeLimitMs?: number;
  /** The last, unkilled child. Default 60 s. */
  finalDrainMs?: number;
  seed?: number;
  log?: (line: string) => void;
  /** Whose settle rules the child's outbox follows. Default `sandbox`. */
  settle?: SettleMode;
  /**
   * Service mode: how the simulated clock moves. While children are killed it runs at `speed`
   * simulated ms per real ms and jumps up to `jumpMs` between two lives, so a write's checks land
   * both inside the 11-minute window (it waits) and after it (it is resent or found); the last,
   * unkilled child drains at `drainSpeed` (slow enough that its first checks land inside the window
   * of the writes the life before lost, however long it takes to start). Defaults: 10, 1 minute, 100.
   */
  simulatedClock?: { speed?: number; jumpMs?: number; drainSpeed?: number };
}

export interface CrashReport {
  ok: boolean;
  problems: string[];
  seed: number;
  kills: number;
  /** Kills that landed after the child was draining and before it had drained. */
  killsWhileDraining: number;
  /** Kills that landed before the child said "ready" (start-up, recovery of the file). */
  killsBeforeReady: number;
  /** Kills that left a reply "sending" on disk: in the middle of a send or of a check of the thread. */
  killsMidSend: number;
  lives: number;
  replies: number;
  sent: number;
  /** Of `replies`, the direct messages. */
  messages: number;
  /** Of `replies`, the replies to reviews (issue 31). */
  reviews: number;
  /** Writes the outbox found in the thread (or conversation) after an unknown outcome, rather than from an answer. */
  adopted: number;
  /** Requests that wrote or may have written a reply, over all replies. */
  attempts: number;
  /** comment.reply and message.send entries in the ledger for the planned texts. */
  ledgerReplies: number;
  duplicates: number;
  missing: number;
  durationMs: number;
  settle: SettleMode;
  /** Writes that waited out the settle window (a check found nothing, too soon to resend), as the children said. */
  settleWaits: number;
  /** Service mode: simulated minutes the run took (0 on the system clock). */
  simulatedMinutes: number;
}
