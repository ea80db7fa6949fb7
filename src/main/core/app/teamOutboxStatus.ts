// Outbox status shared with the team (issue 22: "who sent what, when, its delivery, visible to
// all"). As a reply or direct message moves through this device's outbox, its status is written to
// the workspace as `outbox:<device>:<outbox id>` (one document per item, rewritten as it moves).
// These documents are an account of what this device did, read by the others for the audit and the
// client report; nothing ever sends because of one: only the device that wrote a reply sends it
// (its own outbox, its own claim). No key or token is in them: the outbox item's target and request
// stay on the device. The text is in them: the audit says what was sent (decision 0059).
import type { OutboxStatusDoc } from '../../../shared/domain/teamDocuments.ts';
import { isNetwork } from '../../../shared/networks.ts';
import type { LoggerPort } from '../ports.ts';
import type { OutboxEvent, OutboxItem } from '../outbox/types.ts';
import { taskKindOf } from '../outbox/taskKinds.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';

export type OutboxStatus = Parameters<TeamWorkspace['writeOutboxStatus']>[0];

/**
 * Held: another device answered first (app/teamClaims.ts). A reply waiting for the team server is
 * not held by anyone: for the team it is waiting to be sent ("queued"), so that "Bob's reply was
 * held: Ann had answered" is only ever said when someone had (decision 0067).
 */
const TEAM_HOLDS = new Set(['team-answered']);
/** The schema's bound for the text (teamDocuments.ts). */
const MAX_TEXT = 20_000;

/** The team's word for where an outbox item is. */
function teamState(item: OutboxItem): OutboxStatusDoc['state'] {
  const heldByTeam = item.lastError !== null && TEAM_HOLDS.has(item.lastError.code);
  switch (item.state) {
    case 'queued':
      return 'queued';
    case 'sending':
      return 'sending';
    case 'waiting':
      return heldByTeam ? 'held' : 'queued';
    case 'sent':
      return 'sent';
    case 'failed':
      return heldByTeam ? 'held' : 'failed';
    case 'cancelled':
      return 'discarded';
  }
}

/** What the workspace keeps of an outbox item: never its target or request (they name the account). */
export function outboxStatusOf(item: OutboxItem): OutboxStatus {
  const delivery = Object.entries(item.results).flatMap(([network, result]) =>
    result?.state === 'sent' && isNetwork(network) ? [{ network, at: Math.max(0, Math.floor(result.at)), socialCommentId: result.socialCommentId }] : [],
  );
  return {
    outboxId: item.id,
    itemKey: item.answers,
    text: item.text.slice(0, MAX_TEXT),
    state: teamState(item),
    at: Math.max(0, Math.floor(item.updated)),
    ...(item.target.profileId !== undefined ? { profileId: item.target.profileId } : {}),
    // What the team's documents call it: a reply (to a comment or a review) or a message.
    itemKind: taskKindOf(item).noun,
    delivery,
  };
}

/** What makes a status worth writing again: its state, or a network confirmed since. */
function signature(status: OutboxStatus): string {
  return `${status.state}|${(status.delivery ?? []).map((entry) => entry.network).join(',')}`;
}

/**
 * Writes this device's outbox statuses into the workspace, one at a time (a document is rewritten
 * from its latest revision) and only when one changed in a way the team sees.
 */
export class TeamOutboxStatusWriter {
  readonly #workspace: TeamWorkspace;
  readonly #logger: LoggerPort | undefined;
  /** The signature last written per outbox id (from the workspace's copy at start: no rewrite after a restart). */
  readonly #written = new Map<string, string>();
  #writing: Promise<void> = Promise.resolve();

  /** Told the item key once a status is written (the open item's history reads it again). */
  readonly #onWritten: (itemKey: string) => void;

  constructor(workspace: TeamWorkspace, device: string, logger?: LoggerPort, onWritten: (itemKey: string) => void = () => undefined) {
    this.#workspace = workspace;
    this.#logger = logger;
    this.#onWritten = onWritten;
    for (const doc of workspace.outboxStatuses()) if (doc.device === device) this.#written.set(doc.outboxId, signature(doc));
  }

  /** An outbox event of this device: added (at start, or new), changed. Removed items keep their last status. */
  changed(event: OutboxEvent): void {
    if (event.type !== 'added' && event.type !== 'changed') return;
    const status = outboxStatusOf(event.item);
    const next = signature(status);
    if (this.#written.get(status.outboxId) === next) return;
    this.#written.set(status.outboxId, next);
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#workspace.writeOutboxStatus(status);
        this.#onWritten(status.itemKey);
      } catch (error) {
        this.#written.delete(status.outboxId);
        this.#logger?.error('A reply’s status could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  /** Every status asked for so far is written (tests, closing). */
  written(): Promise<void> {
    return this.#writing;
  }
}
