// One running app per user: a second launch hands over to the first (which shows its window) and
// exits. Two instances would open the same SQLite files and the same outbox.

/** The parts of Electron's `app` used here. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
  quit(): void;
}

/** True when this is the first instance; otherwise it quits and returns false. */
export function claimSingleInstance(app: SingleInstanceApp, showExisting: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => showExisting());
  return true;
}
