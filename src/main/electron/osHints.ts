// The operating system's hints for the core: the machine woke from sleep (timers did not count the
// time it slept), and the network went away or came back. Electron reports wake-up as an event
// but connectivity only as a property (net.isOnline()), so that one is read every few seconds and
// only changes are passed on. Hints, not verdicts: the core also judges from its own traffic.

export interface OsHintsHost {
  /** powerMonitor.on('resume', …). */
  onResume(listener: () => void): void;
  /** net.isOnline(). */
  isOnline(): boolean;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface OsHintsTarget {
  networkHint(online: boolean): void;
  resumedFromSleep(): void;
}

export const ONLINE_POLL_MS = 5_000;

/** Starts passing hints on; returns the stop function. */
export function watchOsHints(host: OsHintsHost, target: OsHintsTarget, pollMs: number = ONLINE_POLL_MS): () => void {
  let stopped = false;
  host.onResume(() => {
    if (!stopped) target.resumedFromSleep();
  });
  let online = host.isOnline();
  const handle = host.setInterval(() => {
    const now = host.isOnline();
    if (now === online) return;
    online = now;
    target.networkHint(now);
  }, pollMs);
  return () => {
    stopped = true;
    host.clearInterval(handle);
  };
}
