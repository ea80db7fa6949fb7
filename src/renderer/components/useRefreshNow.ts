// "Refresh now" on a metric panel: while the app asks the service, the button says so; then a line
// says what came of it (logic/refreshOutcome.ts).
import { useState } from 'react';
import { refreshOutcome, type Freshness } from '../logic/refreshOutcome.ts';

export type { Freshness };

export interface RefreshNow {
  busy: boolean;
  /** The outcome of the last refresh in words; null before one. */
  message: string | null;
  run: () => Promise<void>;
}

/**
 * `subject` is what the panel shows (a post's or a thread's key): an outcome is said only beside the
 * numbers it is about. `refresh` asks and waits for the store to be read again (it resolves when the
 * panel shows what came back); `read` gives the panel's freshness now; `error` the panel's error.
 */
export function useRefreshNow(subject: string | null, refresh: () => Promise<void>, read: () => Freshness | null, error: () => string | null): RefreshNow {
  const [busyFor, setBusyFor] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ subject: string; message: string } | null>(null);
  async function run() {
    if (subject === null || busyFor !== null) return;
    const before = read();
    setBusyFor(subject);
    setOutcome(null);
    let failed: string | null;
    try {
      await refresh();
      failed = error();
    } catch (caught) {
      failed = caught instanceof Error ? caught.message : String(caught);
    } finally {
      setBusyFor(null);
    }
    setOutcome({ subject, message: refreshOutcome(before, read(), failed, Date.now()) });
  }
  return { busy: busyFor !== null && busyFor === subject, message: outcome !== null && outcome.subject === subject ? outcome.message : null, run };
}
