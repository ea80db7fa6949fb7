// The team, as one module behind one port (decision 0075; app/teamPort.ts). Built from what the core
// hands it, it joins the workspace set (at start, or later from Settings → Team), and everything that
// lives only while a workspace is open (presence, the notices of concurrent decisions, following the
// answers that hold this device's) is made together when one is joined and closed together when it
// is left. The core asks `offer()` at each call: the joined team's offer, or the solo one.
import { itemStatesChangedPayload } from './itemStatesChanged.ts';
import { LiveUpdatesSetup } from './liveUpdatesSetup.ts';
import { wireLiveUpdates } from './liveUpdatesWiring.ts';
import { TeamConnection } from './teamConnection.ts';
import { heldAnswerOf, turnOf } from './teamClaims.ts';
import { teamCommands } from './teamCommands.ts';
import { followWinners, isHeldByTeam } from './teamHeldFollow.ts';
import { TeamItems } from './teamItems.ts';
import type { TeamHanded, TeamOffer, TeamPort } from './teamPort.ts';
import { TeamPresence } from './teamPresence.ts';
import { TeamResolutions } from './teamResolutions.ts';
import type { TeamSettings } from './teamSettings.ts';
import { TeamSetup } from './teamSetup.ts';
import { TeamSetupFile, teamSetupFileIn } from './teamSetupFile.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';

/** What lives while one workspace is joined, made and closed as a whole. */
interface JoinedTeam {
  offer: TeamOffer;
  presence: TeamPresence;
  resolutions: TeamResolutions;
  unfollowWinners: () => void;
}

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
    ...(handed.tuning.teamUnreachableRetryMs === undefined ? {} : { unreachableRetryMs: handed.tuning.teamUnreachableRetryMs }),
    // A direct message's turn: the message that opened it (teamClaims.ts, decision 0067).
    turnOf: (key) => turnOf(handed.store.conversation(key)?.messages ?? []),
  });
  const setup = new TeamSetup({ connection, file, filePath: teamSetupFileIn(handed.dataDir), vault: handed.vault, remember: handed.remember });

  // An answer recorded in the team's log changes the item's history even when not its state: told
  // as a change of state, so an open item reads its history again.
  const historyMoved = (keys: readonly string[]) => {
    const states = handed.store.itemStates([...keys]);
    if (states.size > 0) events.emit('items.stateChanged', itemStatesChangedPayload(states));
  };
  connection.onEventRecorded((key) => historyMoved([key]));
  // So does this device's own answer moving (held, sent): "Your reply was held: Ann had answered".
  connection.sharing.onOutboxStatusWritten((key) => historyMoved([key]));
  // In a team, each client's report settings are merged per field, and the saved replies per reply.
  connection.sharing.shareClientSettings(handed.clientSettings);
  connection.sharing.shareSavedReplies(handed.savedReplies);

  // Alone: nothing is held or shared, but a write asked while the team changes waits for the new one
  // rather than slip out unclaimed, and the content sharing the syncs were given stays theirs.
  const solo: TeamOffer = {
    holdBeforeSend: (item) => connection.holdBeforeSend(item),
    sendAnyway: (item) => connection.sendAnyway(item),
    heldAnswer: (item) => (isHeldByTeam(item) ? heldAnswerOf([], item) : null),
    outboxChanged: (event) => connection.outboxChanged(event),
    sharingFor: (serviceUrl) => connection.sharing.sharingFor(serviceUrl),
    reportTeam: () => null,
    savedRepliesChanged: () => {},
  };
  const joinedOffer = (workspace: TeamWorkspace, joinedAs: TeamSettings): TeamOffer => ({
    holdBeforeSend: (item) => connection.holdBeforeSend(item),
    sendAnyway: (item) => connection.sendAnyway(item),
    heldAnswer: (item) =>
      isHeldByTeam(item)
        ? heldAnswerOf(
            workspace.outboxStatuses().filter((status) => status.itemKey === item.answers),
            item,
          )
        : null,
    outboxChanged: (event) => connection.outboxChanged(event),
    sharingFor: (serviceUrl) => connection.sharing.sharingFor(serviceUrl),
    // What the client report reads of the team: who this device is, every device's outbox statuses.
    reportTeam: () => ({ member: joinedAs.member, device: joinedAs.device, statuses: workspace.outboxStatuses() }),
    savedRepliesChanged: (before, after) => connection.sharing.savedRepliesChanged(before, after),
  });

  let joined: JoinedTeam | null = null;
  const offer = (): TeamOffer => joined?.offer ?? solo;

  const leaveJoined = () => {
    if (joined === null) return;
    joined.unfollowWinners();
    joined.resolutions.close();
    joined.presence.close();
    joined = null;
    events.emit('team.noticesChanged', { notices: [] });
    events.emit('team.presenceChanged', { present: [] });
  };
  connection.onJoined((now) => {
    leaveJoined();
    if (now === null) return;
    const { workspace, settings: joinedAs } = now;
    const joinedTeam: JoinedTeam = {
      offer: joinedOffer(workspace, joinedAs),
      // "Ann is replying" (teamPresence.ts).
      presence: new TeamPresence(workspace, (present) => events.emit('team.presenceChanged', { present }), logger, handed.tuning.teamQuietMs),
      // The notices of the workspace's concurrent decisions (teamResolutions.ts).
      resolutions: new TeamResolutions({
        workspace,
        member: joinedAs.member,
        dataDir: handed.dataDir,
        person: handed.person,
        changed: (notices) => events.emit('team.noticesChanged', { notices }),
        ...(logger ? { logger } : {}),
      }),
      unfollowWinners: () => {},
    };
    joined = joinedTeam;
    // Another device's answer moved (sent, failed for good, discarded): this device's answers it
    // holds are told again, and sent once it gave up (teamHeldFollow.ts).
    joinedTeam.unfollowWinners = followWinners(workspace, joinedAs.device, {
      held: () => handed.outbox.items().filter(isHeldByTeam),
      answerOf: (item) => joinedTeam.offer.heldAnswer(item),
      historyMoved,
      tell: handed.outbox.tell,
      sendAgain: handed.outbox.retry,
    });
    // Each member says it is here when it joins (a presence replying to nothing): the others learn
    // its name, to assign to, before it decides anything.
    workspace.setComposing(null).catch((error: unknown) => logger?.warn('This device could not tell the team it is here', { reason: String(error) }));
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
      leaveJoined();
    },
  };
}
