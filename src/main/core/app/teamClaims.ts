// Claims before a write goes out, in a team (docs/team.md, "How it is wired"; decisions 0058, 0067).
// One comment gets one answer, one turn of a conversation gets one message: the device takes the
// claim on the team server right before the outbox sends, and a claim another device holds stops
// the write for the person's choice (send anyway, or discard) instead of posting a second answer.
// - A reply claims `reply:<comment key>`.
// - A direct message claims `turn:<conversation key>:<message id>`: the FIRST of the person's
//   messages since the account last wrote (the message that opened the turn), or, when the account
//   wrote last, of the turn it answered; `start` when the person has not written. Every device
//   that knows any message of a turn knows its first (a copy of a conversation is the service's up
//   to some moment), so a device a message behind claims the same turn as one that is not
//   (decision 0067). A follow-up after the account spoke claims that turn again: this device's own
//   claim lets it go, another device's holds it ("Ann answered …: send yours too?").
// - A claim outlives its winner's answer only while that answer may still go: when the winner's
//   answer failed for good or was discarded (its outbox status, app/teamOutboxStatus.ts), the next
//   round of the claim (`<key>:round:<n>`) may be taken, once, by whoever asks first. The winner
//   itself, trying again an answer it already tried, must take the next round too: so at most one
//   answer per round is ever on its way.
// - A claim that cannot be read is someone's: held by its `who` (or by someone in the team), never
//   taken for "the server cannot be asked" (issue 28, item 2).
// - "Send anyway" is written in the team's audit (`reply-sent-anyway`, by its author) and lets that
//   one outbox item go without asking again, also after a restart (the log names the item).
import type { OutboxStatusDoc } from '../../../shared/domain/teamDocuments.ts';
import type { LoggerPort } from '../ports.ts';
import type { AnsweredBy, OutboxItem, TeamHold } from '../outbox/types.ts';
import { taskKindOf } from '../outbox/taskKinds.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';

/** How long a write waits before the team server is asked again, when it could not be asked. */
export const UNREACHABLE_RETRY_MS = 5_000;

/** The turn of a conversation a message answers when the person has not written in it. */
export const NO_TURN_YET = 'start';

/** Rounds of one claim walked before a write is held for the person (each is a winner that gave up). */
const MOST_ROUNDS = 20;

export interface TeamClaimsOptions {
  workspace: TeamWorkspace;
  now: () => number;
  /** The id of the message that opened the conversation's turn (turnOf), or null when the person has not written. */
  turnOf: (conversationKey: string) => string | null;
  logger?: LoggerPort | undefined;
  /** How long a write waits when the team server could not be asked; default UNREACHABLE_RETRY_MS (tests: shorter). */
  unreachableRetryMs?: number;
}

/**
 * The message that opened the turn an answer in this conversation answers: the first of the
 * person's messages since the account last wrote; when the account wrote last, the first of the
 * turn it answered. Null when the person has not written. `messages`: oldest first.
 */
export function turnOf(messages: readonly { messageId: string; action: 'sent' | 'received' }[]): string | null {
  const lastFromPerson = messages.findLastIndex((message) => message.action === 'received');
  if (lastFromPerson === -1) return null;
  // Back from the person's last message to the first of the run it ends (the turn's opening).
  let opening = lastFromPerson;
  while (opening > 0 && messages[opening - 1]?.action === 'received') opening--;
  return messages[opening]?.messageId ?? null;
}

/** Where the winner's answer is: on its way or sent (it stands), or failed for good / discarded (the claim passes on). */
export interface WinnerAnswer {
  state: 'pending' | 'sent' | 'failed' | 'discarded';
  /** What the winner wrote (their outbox status's text). */
  text: string;
}

/**
 * What became of the answer of the device that holds a claim, from its outbox statuses for the
 * item written since it claimed (one device's clock for both). Null: none of them has arrived yet.
 */
export function winnerAnswer(statuses: readonly OutboxStatusDoc[], itemKey: string, by: Pick<AnsweredBy, 'device' | 'at' | 'unreadable'>): WinnerAnswer | null {
  if (by.unreadable === true) return null;
  const since = statuses.filter((status) => status.itemKey === itemKey && status.device === by.device && status.at >= by.at).sort((a, b) => a.at - b.at);
  const sent = since.filter((status) => status.state === 'sent').at(-1);
  if (sent) return { state: 'sent', text: sent.text };
  const live = since.filter((status) => status.state !== 'failed' && status.state !== 'discarded').at(-1);
  if (live) return { state: 'pending', text: live.text };
  const last = since.at(-1);
  if (!last) return null;
  return { state: last.state === 'discarded' ? 'discarded' : 'failed', text: last.text };
}

/** Whether a winner's answer no longer stands: the claim it holds may pass on. */
export const gaveUp = (answer: WinnerAnswer | null): boolean => answer?.state === 'failed' || answer?.state === 'discarded';

/** What the person is told while a claim is held by another device, and who answered. */
export function heldWords(item: Pick<OutboxItem, 'kind'>, who: string | null): string {
  const someone = who ?? 'Someone in the team';
  return `${someone} already ${taskKindOf(item).answeredWhat}, so yours was not sent.`;
}

/** The claim's key of round `round` (0: the first). */
const roundKey = (key: string, round: number): string => (round === 0 ? key : `${key}:round:${round}`);

export class TeamClaims {
  readonly #options: TeamClaimsOptions;
  constructor(options: TeamClaimsOptions) {
    this.#options = options;
  }

  /** The claim's key for an item: `reply:<comment key>`, or `turn:<conversation key>:<first message of the turn | start>`. */
  claimKeyOf(item: OutboxItem): string {
    // 'reply:' as the claims on team servers already spell it, whatever the kind that claims per item.
    if (taskKindOf(item).teamClaim === 'item') return `reply:${item.answers}`;
    return `turn:${item.answers}:${this.#options.turnOf(item.answers) ?? NO_TURN_YET}`;
  }

  /**
   * Before a write goes out. Won: it goes. Another device's, whose answer stands: held for the
   * person's choice, with who answered and when. Another device's whose answer failed for good or
   * was discarded: the next round is asked. This device's own, taken before: it goes, unless this
   * item was tried before (then the next round, which another device may have taken since). The
   * server not answering: held, asked again in a while; never sent unconfirmed. One the person
   * chose to send anyway: it goes.
   */
  async holdBeforeSend(item: OutboxItem): Promise<TeamHold | null> {
    const workspace = this.#options.workspace;
    if (workspace.choseToSendAnyway(item.answers, item.id)) return null;
    const key = this.claimKeyOf(item);
    let holder: AnsweredBy | null = null;
    for (let round = 0; round < MOST_ROUNDS; round++) {
      const claim = await workspace.claim(roundKey(key, round));
      if (claim.status === 'unknown') return this.#unreachable(item);
      if (claim.status === 'unreadable') {
        return this.#held(item, { who: claim.who ?? '', device: '', at: Math.floor(this.#options.now()), unreadable: true });
      }
      if (claim.status === 'won') {
        // Taken now, or this device's own for a first try: it goes. Own, tried before: its earlier
        // try may have failed for good, and another device taken the round after it.
        if (claim.earlier !== true || item.attempts === 0) return null;
        continue;
      }
      holder = { who: claim.who, device: claim.device, at: claim.at };
      if (!gaveUp(winnerAnswer(workspace.outboxStatuses(), item.answers, holder))) return this.#held(item, holder);
    }
    this.#options.logger?.warn('A claim was passed on too many times: held for the person', { item: item.id });
    return this.#held(item, holder ?? { who: '', device: '', at: Math.floor(this.#options.now()), unreadable: true });
  }

  #held(item: OutboxItem, by: AnsweredBy): TeamHold {
    const who = by.who === '' ? null : by.who;
    return { error: { code: 'team-answered', message: heldWords(item, who), answeredBy: by }, retryAt: null };
  }

  #unreachable(item: OutboxItem): TeamHold {
    const noun = taskKindOf(item).noun;
    return {
      error: { code: 'team-unreachable', message: `Waiting for the team server: a ${noun} goes out once it confirms nobody else answered.` },
      retryAt: this.#options.now() + (this.#options.unreachableRetryMs ?? UNREACHABLE_RETRY_MS),
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

/** The winner's answer of a held item (its card quotes it and says where it is), from the team's outbox statuses. */
export function heldAnswerOf(statuses: readonly OutboxStatusDoc[], item: OutboxItem): WinnerAnswer | null {
  const by = item.state === 'failed' && item.lastError?.code === 'team-answered' ? item.lastError.answeredBy : undefined;
  return by ? winnerAnswer(statuses, item.answers, by) : null;
}
