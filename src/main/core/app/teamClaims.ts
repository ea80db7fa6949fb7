// Claims before a write goes out, in a team (docs/team.md, "How it is wired"; decision 0058). One
// comment gets one answer, one turn of a conversation gets one message: the device takes the claim
// on the team server right before the outbox sends, and a claim another device holds stops the
// write for the person's choice (send anyway, or discard) instead of posting a second answer.
// - A reply claims `reply:<comment key>`.
// - A direct message claims `turn:<conversation key>:<message id>`: the person's latest message in
//   the conversation when it goes (what it answers), or `start` when the person has not written.
//   A follow-up after the account spoke last claims the same turn again: this device's own claim
//   lets it go, another device's holds it ("Ann answered …: send yours too?").
// - "Send anyway" is written in the team's audit (`reply-sent-anyway`, by its author) and lets that
//   one outbox item go without asking again, also after a restart (the log names the item).
import type { LoggerPort } from '../ports.ts';
import type { OutboxItem, TeamHold } from '../outbox/types.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';

/** How long a write waits before the team server is asked again, when it could not be asked. */
export const UNREACHABLE_RETRY_MS = 5_000;

/** The turn of a conversation a message answers when the person has not written in it. */
export const NO_TURN_YET = 'start';

export interface TeamClaimsOptions {
  workspace: TeamWorkspace;
  now: () => number;
  /** The id of the person's latest message in a conversation (its key), or null when they have not written. */
  latestFromPerson: (conversationKey: string) => string | null;
  logger?: LoggerPort | undefined;
}

/** What the person is told while a claim is held by another device, and who answered. */
export function heldWords(item: Pick<OutboxItem, 'kind'>, who: string): string {
  return item.kind === 'reply'
    ? `${who} already answered this comment, so yours was not sent.`
    : `${who} already answered in this conversation, so yours was not sent.`;
}

export class TeamClaims {
  readonly #options: TeamClaimsOptions;
  constructor(options: TeamClaimsOptions) {
    this.#options = options;
  }

  /** The claim's key for an item: `reply:<comment key>`, or `turn:<conversation key>:<message id | start>`. */
  claimKeyOf(item: OutboxItem): string {
    if (item.kind === 'reply') return `reply:${item.answers}`;
    return `turn:${item.answers}:${this.#options.latestFromPerson(item.answers) ?? NO_TURN_YET}`;
  }

  /**
   * Before a write goes out. Won (or this device's own, after a crash): it goes. Another device's:
   * held for the person's choice, with who answered and when. The server not answering: held,
   * asked again in a while; never sent unconfirmed. One the person chose to send anyway: it goes.
   */
  async holdBeforeSend(item: OutboxItem): Promise<TeamHold | null> {
    if (this.#options.workspace.choseToSendAnyway(item.answers, item.id)) return null;
    const claim = await this.#options.workspace.claim(this.claimKeyOf(item));
    if (claim.status === 'won') return null;
    if (claim.status === 'held') {
      return {
        error: { code: 'team-answered', message: heldWords(item, claim.who), answeredBy: { who: claim.who, device: claim.device, at: claim.at } },
        retryAt: null,
      };
    }
    const noun = item.kind === 'reply' ? 'reply' : 'message';
    return {
      error: { code: 'team-unreachable', message: `Waiting for the team server: a ${noun} goes out once it confirms nobody else answered.` },
      retryAt: this.#options.now() + UNREACHABLE_RETRY_MS,
    };
  }

  /**
   * The person chose to send a held item anyway: recorded in the team's audit by its author (the
   * event is written on this device first, so it is kept even offline), then the item may go.
   */
  async sendAnyway(item: OutboxItem): Promise<void> {
    await this.#options.workspace.recordEvent(item.answers, 'reply-sent-anyway', Math.floor(this.#options.now()), item.id);
  }
}
