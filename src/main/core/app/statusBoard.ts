// What the status line knows beyond the sync's own state: the last word on each account's
// connectivity, the store's recovery (if it had to be rebuilt), and whether the sync is paused.
import type { Connectivity, StoreRecoveryView } from '../../../shared/domain/status.ts';

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
