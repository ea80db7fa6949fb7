// What the reply outbox and the post settings queue share about their sends in flight: a send is
// a promise with an abort switch; the drain loop sleeps until woken; closing lets the sends finish
// for a grace time, then aborts them (each queue records an aborted send as it stands).
import type { Clock } from '../clock.ts';

export interface InFlight {
  abort: AbortController;
  done: Promise<void>;
}

/** Resolves when the signal aborts (at once if it already has); never rejects. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Waits for every send to finish, up to `graceMs`; then aborts the rest and waits for them. */
export async function settleInFlight(flights: readonly InFlight[], clock: Clock, graceMs: number): Promise<void> {
  if (flights.length === 0) return;
  const grace = new AbortController();
  const allDone = Promise.all(flights.map((flight) => flight.done)).then(() => 'done' as const);
  const outcome = await Promise.race([
    allDone,
    clock.sleep(graceMs, grace.signal).then(
      () => 'grace-over' as const,
      () => 'done' as const,
    ),
  ]);
  grace.abort();
  if (outcome === 'grace-over') for (const flight of flights) flight.abort.abort();
  await allDone;
}
