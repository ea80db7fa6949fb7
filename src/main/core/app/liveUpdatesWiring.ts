// Live updates in the running core (decision 0072): while the device is joined to a workspace, it
// follows the workspace's events database and nudges the syncs of the client profiles it reads from
// the service (core/team/liveUpdates.ts); a new workspace (or none) stops the old follower first.
// Part of the team module (teamModule.ts), which starts it with the syncs the core hands it and
// closes it with the team.
import type { Clock } from '../clock.ts';
import type { LoggerPort, SecretVault } from '../ports.ts';
import { type LiveUpdates, startLiveUpdates } from '../team/liveUpdates.ts';
import type { AccountService } from './accountService.ts';
import type { TeamHanded } from './teamPort.ts';
import type { TeamConnection } from './teamConnection.ts';

export interface LiveUpdatesWiring {
  /** Epoch ms of the profile's last event on this device, or null (Settings → Team, "Last event 2 min ago"). */
  lastEventAt(profileId: string): number | null;
  close(): Promise<void>;
}

export function wireLiveUpdates(deps: {
  team: Pick<TeamConnection, 'onJoined' | 'workspace'>;
  syncs: TeamHanded['syncs'];
  /** Whether a profile is one of this device's clients (its last event is shown on every device). */
  isClient?: (profileId: string) => boolean;
  vault: Pick<SecretVault, 'teamPassword'>;
  clock: Clock;
  logger?: LoggerPort | undefined;
  longPollMs?: number | undefined;
}): LiveUpdatesWiring {
  let live: LiveUpdates | null = null;
  let stopping: Promise<void> = Promise.resolve();
  let closed = false;
  deps.team.onJoined((joined) => {
    const old = live;
    live = null;
    if (old) stopping = stopping.then(() => old.stop());
    if (joined === null || closed || !deps.vault.teamPassword) return;
    const { serverUrl, workspace, member } = joined.settings;
    deps.vault
      .teamPassword(serverUrl, workspace, member)
      .then((password) => {
        // Left or changed while the vault answered: nothing to follow.
        if (password === null || closed || deps.team.workspace !== joined.workspace) return;
        live = startLiveUpdates({
          serverUrl,
          workspace,
          credentials: { name: member, password },
          clock: deps.clock,
          syncOf: (profileId) => deps.syncs.nudgeable(profileId),
          ...(deps.isClient ? { isClient: deps.isClient } : {}),
          prunes: () => deps.syncs.readsAny(),
          onPruneFailed: (reason) => deps.logger?.warn('Old live events could not be removed from the team server', { reason }),
          ...(deps.longPollMs === undefined ? {} : { longPollMs: deps.longPollMs }),
        });
      })
      .catch((error: unknown) => deps.logger?.warn('Live updates could not start', { reason: (error as Error).message }));
  });
  return {
    lastEventAt: (profileId) => live?.lastEventAt(profileId) ?? null,
    async close() {
      closed = true;
      const old = live;
      live = null;
      await stopping;
      await old?.stop();
    },
  };
}

/** The syncs the core hands the team to nudge: a client profile's, only where this device reads it from the service. */
export function nudgeableSyncs(accounts: Pick<AccountService, 'running'>): TeamHanded['syncs'] {
  return {
    nudgeable: (profileId) => {
      for (const runtime of accounts.running()) {
        const sync = runtime.sync.profile(profileId);
        if (sync) return sync.readsFromService ? sync : undefined;
      }
      return undefined;
    },
    readsAny: () => accounts.running().some((runtime) => Object.keys(runtime.sync.status()).some((id) => runtime.sync.profile(id)?.readsFromService === true)),
  };
}
