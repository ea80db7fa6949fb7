// The team, as one module behind one port (decision 0075; app/teamPort.ts). Built from what the core
// hands it, it joins the workspace set (at start, or later from Settings → Team), and everything that
// lives only while a workspace is open (the claims, what the device shares, presence, the notices of
// concurrent decisions, following the answers that hold this device's: joinedTeam.ts) is made
// together when one is joined and closed together when it is left. The core asks `offer()` at each
// call: the joined team's offer, or the solo one.
import { itemStatesChangedPayload } from './itemStatesChanged.ts';
import { joinTeam, type JoinedTeam } from './joinedTeam.ts';
import { LiveUpdatesSetup } from './liveUpdatesSetup.ts';
import { wireLiveUpdates } from './liveUpdatesWiring.ts';
import { TeamConnection } from './teamConnection.ts';
import { heldAnswerOf } from './teamClaims.ts';
import { teamCommands } from './teamCommands.ts';
import { isHeldByTeam } from './teamHeldFollow.ts';
import { TeamItems } from './teamItems.ts';
import type { TeamHanded, TeamOffer, TeamPort } from './teamPort.ts';
import type { TeamSettings } from './teamSettings.ts';
import { TeamSetup } from './teamSetup.ts';
import { TeamSetupFile, teamSetupFileIn } from './teamSetupFile.ts';
import { refuse } from '../refusal.ts';
import type { OutboxItem, TeamAnswer } from '../outbox/types.ts';
import { TeamContent } from '../team/teamContent.ts';

export async function startTeam(handed: TeamHanded): Promise<TeamPort> {
  const { logger, events } = handed;
  const file = new TeamSetupFile(teamSetupFileIn(handed.dataDir), (problem) => logger?.warn(problem));
  // The host's team (the web host's --sync-url) for this run, else the one saved by Settings → Team.
  const settings = handed.settings ?? file.team();
  const connection = await TeamConnection.start({
    settings,
    password: async (chosen) => (handed.vault.teamPassword ? handed.vault.teamPassword(chosen.serverUrl, chosen.workspace, chosen.member) : null),
    ...(settings ? { mode: file.mode(settings) } : {}),
    dataDir: handed.dataDir,
    store: handed.store,
    now: () => handed.clock.now(),
    ...(logger ? { logger } : {}),
    ...(handed.tuning.teamRetry ? { retry: handed.tuning.teamRetry } : {}),
  });
  const setup = new TeamSetup({ connection, file, filePath: teamSetupFileIn(handed.dataDir), vault: handed.vault, remember: handed.remember });

  // An answer recorded in the team's log changes the item's history even when not its state: told
  // as a change of state, so an open item reads its history again.
  const historyMoved = (keys: readonly string[]) => {
    const states = handed.store.itemStates([...keys]);
    if (states.size > 0) events.emit('items.stateChanged', itemStatesChangedPayload(states));
  };
  connection.onEventRecorded((key) => historyMoved([key]));

  /**
   * The profiles' leases and shared content (decision 0060): made at the first workspace joined,
   * then following the one open now, so the syncs' ports made at start stay true across a change
   * of team (a sync started while the device was alone has none).
   */
  let content: TeamContent | null = null;
  const sharingFor = (serviceUrl: string) => content?.forService(serviceUrl);

  let joined: JoinedTeam | null = null;
  // While the team changes (Settings → Team), a write waits for the new workspace rather than slip
  // out unclaimed; then the team joined by then claims it, or none (alone, it goes).
  const holdBeforeSend = async (item: OutboxItem): Promise<TeamAnswer> => {
    await connection.settled();
    return joined === null ? null : joined.claim(item);
  };

  // Alone: nothing is held or shared, but a write waits for a change of team under way, and the
  // content sharing the syncs were given stays theirs.
  const solo: TeamOffer = {
    holdBeforeSend,
    sendAnyway: async () => refuse('This device is not in a team now, so nothing is held for a choice.'),
    heldAnswer: (item) => (isHeldByTeam(item) ? heldAnswerOf([], item) : null),
    outboxChanged: () => {},
    sharingFor,
    reportTeam: () => null,
    savedRepliesChanged: () => {},
  };
  const offer = (): TeamOffer => joined?.offer ?? solo;

  const leaveJoined = async () => {
    const leaving = joined;
    if (leaving === null) return;
    joined = null;
    events.emit('team.noticesChanged', { notices: [] });
    events.emit('team.presenceChanged', { present: [] });
    await leaving.leave();
    await content?.flushed();
    content?.attach(null);
  };
  // Left: the connection closes the workspace once the joined team is done. Joined: made at once (not
  // after a wait), so no write asks the solo offer while a workspace is open.
  connection.onJoined((now) => {
    if (now === null) return leaveJoined();
    const { workspace, settings: joinedAs } = now;
    if (content === null) content = new TeamContent(workspace, { device: joinedAs.device, logger, now: () => handed.clock.now() });
    else content.attach(workspace, joinedAs.device);
    joined = joinTeam(workspace, joinedAs, { handed, connection, holdBeforeSend, sharingFor, historyMoved });
    return undefined;
  });

  // Live updates (decision 0072): while joined, the workspace's events nudge the syncs this device polls.
  const live = wireLiveUpdates({
    team: connection,
    syncs: handed.syncs,
    isClient: handed.liveRegistration.isClient,
    vault: handed.vault,
    clock: handed.clock,
    logger,
    longPollMs: handed.tuning.liveLongPollMs,
  });

  // Settings → Team → Live updates: the event address registered on every client, and the last event heard here.
  const liveSetup = new LiveUpdatesSetup({
    joined: () => {
      const now = connection.status();
      return now.joined && now.serverUrl !== null && now.workspace !== null ? { serverUrl: now.serverUrl, workspace: now.workspace } : null;
    },
    clients: handed.liveRegistration.clients,
    webhooks: handed.liveRegistration.webhooks,
    vault: handed.vault,
    remember: (address) => {
      handed.remember(address);
      handed.liveRegistration.hideAddress(address);
    },
    lastEventAt: (profileId) => live.lastEventAt(profileId),
  });

  // The address is a secret: hidden from the Webhooks panel from the start, and for each team joined.
  const recallLiveAddress = (team: TeamSettings) =>
    liveSetup.recall(team).catch((error: unknown) => logger?.warn('The live updates address could not be read from the vault', { reason: String(error) }));
  if (settings) void recallLiveAddress(settings);
  connection.onJoined((now) => {
    if (now) void recallLiveAddress(now.settings);
  });

  // The team's work on items (assignment, notes, history) follows the workspace joined now.
  const items = new TeamItems({ inbox: handed.inbox, store: handed.store, workspace: () => connection.workspace, member: () => connection.status().member });
  const commands = teamCommands({
    status: () => connection.status(),
    setup,
    items,
    notices: {
      pending: () => joined?.resolutions.pending() ?? [],
      dismiss: (id) => joined?.resolutions.dismiss(id),
    },
    composing: async (itemKey) => joined?.presence.composing(itemKey),
    live: liveSetup,
  });

  return {
    offer,
    commands,
    close: async () => {
      await live.close();
      await connection.close();
      await leaveJoined();
    },
  };
}
