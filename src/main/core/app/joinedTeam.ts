// What lives while one team workspace is joined (decision 0075), made together when the device joins
// it and closed together when it leaves: the claims before a write (teamClaims.ts), what this device
// shares besides its decisions (its outbox statuses, each client's report settings, the saved
// replies), presence, the notices of concurrent decisions and the follower of held answers. Its
// offer is bound to that workspace and member: the core reaches it only through teamModule.ts's
// `offer()`, so nothing of one workspace outlives leaving it.
import type { OutboxItem, TeamAnswer } from '../outbox/types.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import type { TeamConnection } from './teamConnection.ts';
import { heldAnswerOf, TeamClaims, turnOf } from './teamClaims.ts';
import { TeamClientSettings } from './teamClientSettings.ts';
import { followWinners, isHeldByTeam } from './teamHeldFollow.ts';
import { TeamOutboxStatusWriter } from './teamOutboxStatus.ts';
import type { TeamHanded, TeamOffer } from './teamPort.ts';
import { TeamPresence } from './teamPresence.ts';
import { TeamResolutions } from './teamResolutions.ts';
import { TeamSavedReplies } from './teamSavedReplies.ts';
import type { TeamSettings } from './teamSettings.ts';

export interface JoinedTeam {
  /** What the joined team offers the core (its `holdBeforeSend` is the module's: it waits for a change of team first). */
  offer: TeamOffer;
  /** The claim before a write, once no change of team is under way. */
  claim(item: OutboxItem): Promise<TeamAnswer>;
  /** "Ann is replying" (teamPresence.ts). */
  presence: TeamPresence;
  /** The notices of the workspace's concurrent decisions (teamResolutions.ts). */
  resolutions: TeamResolutions;
  /** What was asked to be shared is written, then every part stops (before the workspace closes). */
  leave(): Promise<void>;
}

export interface JoinedTeamDeps {
  handed: TeamHanded;
  /** The workspace's link: the mode, the server found away, the sent replies it records. */
  connection: Pick<TeamConnection, 'serverAwayForWrite' | 'outboxChanged'>;
  /** The module's claim: waits for a change of team under way, then asks the team joined then. */
  holdBeforeSend: TeamOffer['holdBeforeSend'];
  /** The profiles' leases and shared content: the module's, kept across a change of team (the syncs were given it at start). */
  sharingFor: TeamOffer['sharingFor'];
  /** An answer recorded in the team changed an item's history: the open item reads it again. */
  historyMoved: (itemKeys: readonly string[]) => void;
}

export function joinTeam(workspace: TeamWorkspace, joinedAs: TeamSettings, deps: JoinedTeamDeps): JoinedTeam {
  const { handed, connection, historyMoved } = deps;
  const { logger, events } = handed;
  const now = () => handed.clock.now();
  const claims = new TeamClaims({
    workspace,
    now,
    // A direct message's turn: the message that opened it (decision 0067).
    turnOf: (key) => turnOf(handed.store.conversation(key)?.messages ?? []),
    logger,
    // Tests ask the team server again sooner after it could not be asked; by default teamClaims.ts's.
    ...(handed.tuning.teamUnreachableRetryMs === undefined ? {} : { unreachableRetryMs: handed.tuning.teamUnreachableRetryMs }),
  });
  // This device's own answer moving (held, sent) changes its history: "Your reply was held: Ann had answered".
  const outboxStatus = new TeamOutboxStatusWriter(workspace, joinedAs.device, logger, (key) => historyMoved([key]));
  // In a team, each client's report settings are merged per field, and the saved replies per reply.
  const clientSettings = new TeamClientSettings(workspace, handed.clientSettings, logger);
  const savedReplies = new TeamSavedReplies(workspace, handed.savedReplies, logger);
  const presence = new TeamPresence(workspace, (present) => events.emit('team.presenceChanged', { present }), logger, handed.tuning.teamQuietMs);
  const resolutions = new TeamResolutions({
    workspace,
    member: joinedAs.member,
    dataDir: handed.dataDir,
    person: handed.person,
    changed: (notices) => events.emit('team.noticesChanged', { notices }),
    ...(logger ? { logger } : {}),
  });

  const heldAnswer = (item: OutboxItem) =>
    isHeldByTeam(item)
      ? heldAnswerOf(
          workspace.outboxStatuses().filter((status) => status.itemKey === item.answers),
          item,
        )
      : null;

  const offer: TeamOffer = {
    holdBeforeSend: deps.holdBeforeSend,
    sendAnyway: async (item) => {
      await claims.sendAnyway(item);
      // Recorded in the log: the open item's history follows although its state may not have changed.
      historyMoved([item.answers]);
    },
    heldAnswer,
    outboxChanged: (event) => {
      outboxStatus.changed(event);
      connection.outboxChanged(event);
    },
    sharingFor: deps.sharingFor,
    // What the client report reads of the team: who this device is, every device's outbox statuses.
    reportTeam: () => ({ member: joinedAs.member, device: joinedAs.device, statuses: workspace.outboxStatuses() }),
    savedRepliesChanged: (before, after) => savedReplies.changed(before, after),
  };

  // Another device's answer moved (sent, failed for good, discarded): this device's answers it
  // holds are told again, and sent once it gave up (teamHeldFollow.ts).
  const unfollowWinners = followWinners(workspace, joinedAs.device, {
    held: () => handed.outbox.items().filter(isHeldByTeam),
    answerOf: heldAnswer,
    historyMoved,
    tell: handed.outbox.tell,
    sendAgain: handed.outbox.retry,
  });
  // Each member says it is here when it joins (a presence replying to nothing): the others learn
  // its name, to assign to, before it decides anything.
  workspace.setComposing(null).catch((error: unknown) => logger?.warn('This device could not tell the team it is here', { reason: String(error) }));

  return {
    offer,
    presence,
    resolutions,
    async claim(item) {
      const hold = await claims.holdBeforeSend(item);
      if (hold?.error.code !== 'team-unreachable') return hold;
      // In solo mode (just my own devices) it goes, said in the status, the log and the item itself.
      return connection.serverAwayForWrite(item.id) === 'unchecked' ? 'unchecked' : hold;
    },
    async leave() {
      unfollowWinners();
      resolutions.close();
      presence.close();
      await outboxStatus.written();
      await clientSettings.written();
      await savedReplies.written();
      clientSettings.close();
      savedReplies.close();
    },
  };
}
