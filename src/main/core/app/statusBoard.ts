// What the status line knows beyond the sync's own state: the last word on each account's
// connectivity, the store's recovery (if it had to be rebuilt), and whether the sync is paused.
import { basename } from 'node:path';
import type { Connectivity, StoreRecoveryView } from '../../../shared/domain/status.ts';
import type { StoreRecovery } from '../store/sqliteStore.ts';

export class StatusBoard {
  readonly #connectivity = new Map<string, Connectivity>();
  storeRecovery: StoreRecoveryView | null = null;
  syncPaused = false;

  connectivity(accountId: string): Connectivity | undefined {
    return this.#connectivity.get(accountId);
  }

  setConnectivity(value: Connectivity): void {
    this.#connectivity.set(value.accountId, value);
  }

  forget(accountId: string): void {
    this.#connectivity.delete(accountId);
  }
}

/**
 * The store's recovery as the person reads it (the status line's banner): what happened, what the
 * app does about it, and what is safe. SQLite's own words go to the log only.
 */
export function storeRecoveryView(recovery: StoreRecovery): StoreRecoveryView {
  const kept = 'Your accounts and unsent replies are safe.';
  const refill = 'comments are being fetched again from the service, and what you had marked read, done or snoozed may show again.';
  if (recovery.temporary) {
    return {
      reason: `The inbox's saved copy on this computer cannot be used, so for now the inbox is kept in memory only: ${refill} Nothing new is saved until the app is restarted. ${kept}`,
      temporary: true,
    };
  }
  const what = recovery.kind === 'missing' ? 'was missing' : recovery.kind === 'newer-version' ? 'was written by a newer version of the app' : 'was damaged';
  const aside = recovery.movedTo === null ? '' : ` (the old file is kept as ${basename(recovery.movedTo)})`;
  return { reason: `The inbox's saved copy on this computer ${what}, so a fresh one was started${aside}: ${refill} ${kept}`, temporary: false };
}
