// The status line's whole answer (`status.get`): each account's connectivity, each active client's
// sync, the pause, the store's recovery, the vault's warning, the outbox's health and a key problem.
// Read afresh at each call from what the core holds; nothing here is kept.
import type { AppStatus } from '../../../shared/domain/status.ts';
import type { EventHub } from '../bridge/eventHub.ts';
import type { SecretVault } from '../ports.ts';
import type { AccountService } from './accountService.ts';
import type { StatusBoard } from './statusBoard.ts';

export interface AppStatusSources {
  board: StatusBoard;
  accounts: AccountService;
  /** The clients whose items the inbox shows (a client switched off has no sync line). */
  activeProfileIds: () => ReadonlySet<string>;
  vault: Pick<SecretVault, 'protection'>;
  hub: Pick<EventHub, 'stickyPayload'>;
  now: () => number;
}

export function appStatus({ board, accounts, activeProfileIds, vault, hub, now }: AppStatusSources): AppStatus {
  const active = activeProfileIds();
  const running = accounts.running();
  return {
    connectivity: running.map(
      (runtime) => board.connectivity(runtime.accountId) ?? { accountId: runtime.accountId, online: runtime.sync.online, reason: 'initial', at: now() },
    ),
    sync: running.flatMap((runtime) =>
      Object.entries(runtime.sync.status())
        .filter(([profileId]) => active.has(profileId))
        .map(([profileId, state]) => ({ accountId: runtime.accountId, profileId, ...state })),
    ),
    syncPaused: board.syncPaused,
    storeRecovery: board.storeRecovery,
    keyWarning: vault.protection().warning,
    outboxHealth: running.flatMap((runtime) => runtime.outboxHealth()),
    keyProblem: hub.stickyPayload('sync.problem') ?? null,
  };
}
