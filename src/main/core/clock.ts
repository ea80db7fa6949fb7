// Time as a port of the whole core: the rate budget, the outbox and the sync scheduler wait on it,
// so tests move a fake clock instead of sleeping.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // The wait ends on the timer or on the abort; throwIfAborted then rejects with the signal's own
  // reason, whatever it is (as fetch does), which callers compare with the reason they gave.
  sleep: async (ms, signal) => {
    signal?.throwIfAborted();
    await new Promise<void>((resolve) => {
      const end = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', end);
        resolve();
      };
      const timer = setTimeout(end, Math.max(0, ms));
      signal?.addEventListener('abort', end, { once: true });
    });
    signal?.throwIfAborted();
  },
};
