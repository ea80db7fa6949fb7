// The bridge commands the team answers (app/teamPort.ts's TEAM_COMMANDS): Settings → Team, the
// team's work on items, the notices of concurrent decisions and "Ann is replying". Outside a team
// each answers as the device alone would (no members, no notices, nothing told).
import type { TeamStatusView } from '../../../shared/domain/teamStatus.ts';
import type { ResolutionNotice } from '../../../shared/domain/teamItem.ts';
import type { LiveUpdatesSetup } from './liveUpdatesSetup.ts';
import type { TeamItems } from './teamItems.ts';
import type { TeamCommands } from './teamPort.ts';
import type { TeamSetup } from './teamSetup.ts';

export interface TeamCommandServices {
  /** The team workspace's state (teamConnection.ts). */
  status(): TeamStatusView;
  /** Settings → Team: join, change the mode, leave. */
  setup: TeamSetup;
  /** The team's work on items: assignment, notes, members, an item's history (teamItems.ts). */
  items: TeamItems;
  /** The notices of concurrent decisions for this member (teamResolutions.ts); none outside a team. */
  notices: { pending(): ResolutionNotice[]; dismiss(id: string): void };
  /** The person started or stopped writing to an item (teamPresence.ts); nothing outside a team. */
  composing(itemKey: string | null): Promise<void>;
  /** Settings → Team → Live updates (liveUpdatesSetup.ts). */
  live: LiveUpdatesSetup;
}

export function teamCommands(s: TeamCommandServices): TeamCommands {
  return {
    'team.status': () => s.status(),
    'team.members': () => s.items.members(),
    'inbox.assign': ({ keys, assignee }) => s.items.assign(keys, assignee),
    'inbox.setNote': ({ key, note }) => s.items.setNote(key, note),
    'team.itemHistory': ({ key }) => s.items.item(key),
    'team.notices': () => ({ notices: s.notices.pending() }),
    'team.dismissNotice': ({ id }) => {
      s.notices.dismiss(id);
      return { ok: true };
    },
    'team.configure': (input) => s.setup.configure(input),
    'team.setMode': ({ mode }) => s.setup.setMode(mode),
    'team.leave': () => s.setup.leave(),
    'team.composing': async ({ itemKey }) => {
      await s.composing(itemKey);
      return { ok: true };
    },
    'team.liveUpdates': () => s.live.view(),
    'team.liveEventTimes': () => s.live.lastEventTimes(),
    'team.liveUpdatesOn': ({ address }) => s.live.turnOn(address),
    'team.liveUpdatesOff': () => s.live.turnOff(),
  };
}
