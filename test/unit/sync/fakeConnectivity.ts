// The connectivity a ProfileSync reports its requests' outcomes to, reduced to the flag the tests read.
import type { ConnectivityView } from '../../../src/main/core/sync/connectivityMonitor.ts';

export class FakeConnectivity implements ConnectivityView {
  online = true;
  answered(): void {
    this.online = true;
  }
  noAnswer(): void {
    this.online = false;
  }
}
