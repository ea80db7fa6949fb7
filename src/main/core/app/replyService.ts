// Replies: a reply to a comment becomes an outbox item at once (optimistic), with the network's
// parameters the service needs filled in from the store (linkedin's comment URN, tiktok's video
// id); then undo, edit, cancel, retry and removal of outbox items, and the outbox as a list. The
// outbox holds direct messages too (messageService.ts queues them): everything here after `send`
// works on items of either kind.
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../shared/networks.ts';
import { taskKindOf } from '../outbox/taskKinds.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { ReplyInput } from '../service/operations/replies.ts';
import type { AccountService } from './accountService.ts';
import type { AccountRuntime } from './accountRuntime.ts';
import type { InboxService } from './inboxService.ts';
import { refuse } from '../refusal.ts';
import { gaveUp, type WinnerAnswer } from './teamClaims.ts';
import { type Answered, outboxItemView } from './views.ts';

/** What the team offers the replies (app/teamPort.ts), looked up at each call: a team joined later counts. */
export interface ReplyTeam {
  /** Records the choice to send a held item anyway (app/teamClaims.ts); refuses when the device is not in a team now. */
  sendAnyway: (item: OutboxItem) => Promise<void>;
  /** A held item's winning answer, from the team's outbox statuses (null: none known, or not held). */
  heldAnswer: (item: OutboxItem) => WinnerAnswer | null;
}

const NO_TEAM: ReplyTeam = {
  sendAnyway: () => refuse('This device is not in a team now, so nothing is held for a choice.'),
  heldAnswer: () => null,
};

export class ReplyService {
  readonly #accounts: AccountService;
  readonly #inbox: InboxService;
  readonly #now: () => number;
  readonly #answered: (key: string) => Answered | null;
  readonly #team: () => ReplyTeam;

  constructor(
    accounts: AccountService,
    inbox: InboxService,
    now: () => number,
    answered: (key: string) => Answered | null = () => null,
    team: () => ReplyTeam = () => NO_TEAM,
  ) {
    this.#accounts = accounts;
    this.#inbox = inbox;
    this.#now = now;
    this.#answered = answered;
    this.#team = team;
  }

  /** The item as the bridge shows it, with who it answers (and, held, the answer that holds it). */
  #view = (item: OutboxItem): OutboxItemView => outboxItemView(item, this.#answered(item.answers), this.#team().heldAnswer(item));

  async send(input: { commentKey: string; text: string; mediaUrls?: string[] | undefined }): Promise<OutboxItemView> {
    const row = this.#inbox.row(input.commentKey);
    const { profile, runtime } = await this.#accounts.forProfile(row.profileId);
    if (!REPLY_BY_SOCIAL_ID_NETWORKS.includes(row.platform)) {
      refuse(`The service answers comments made outside it only on ${REPLY_BY_SOCIAL_ID_NETWORKS.join(', ')}; on ${row.platform}, reply on the network itself`);
    }
    if (row.platform === 'linkedin' && row.commentUrn === null) {
      refuse('This LinkedIn comment has no comment URN in the inbox yet, and a reply needs it: refresh the post, then reply');
    }
    if (row.platform === 'tiktok' && row.videoId === null) {
      refuse('This TikTok comment has no video id in the inbox yet, and a reply needs it: refresh the post, then reply');
    }
    const request: ReplyInput = {
      to: 'socialComment',
      commentId: row.socialCommentId,
      platform: row.platform,
      comment: input.text,
      ...(row.platform === 'linkedin' && row.commentUrn !== null ? { commentUrn: row.commentUrn } : {}),
      ...(row.platform === 'tiktok' && row.videoId !== null ? { videoId: row.videoId } : {}),
      ...(input.mediaUrls && input.mediaUrls.length > 0 ? { mediaUrls: input.mediaUrls } : {}),
    };
    const item = runtime.outbox.enqueue({ target: runtime.targetOf(profile), request, answers: row.key });
    return this.#view(item);
  }

  /**
   * Settles once the accounts starting now have their outboxes open: the outbox's list and commands
   * wait for it, so from the first call after a start they see every item (never "no such item").
   */
  ready(): Promise<void> {
    return this.#accounts.started();
  }

  async list(states?: OutboxItemView['state'][]): Promise<OutboxItemView[]> {
    await this.ready();
    const wanted = states === undefined ? null : new Set(states);
    return this.#accounts
      .running()
      .flatMap((runtime) => runtime.outboxIfOpen?.list() ?? [])
      .filter((item) => wanted === null || wanted.has(item.state))
      .map(this.#view);
  }

  /** The outbox items that answer one inbox item, a comment or a conversation (its pane shows them); cancelled ones are left out. After ready(). */
  answering(key: string): OutboxItemView[] {
    return this.#accounts
      .running()
      .flatMap((runtime) => runtime.outboxIfOpen?.list() ?? [])
      .filter((item) => item.answers === key && item.state !== 'cancelled')
      .map(this.#view);
  }

  /** Takes a reply or a message back within its undo window; its text comes back for the composer. */
  async undo(id: string): Promise<{ item: OutboxItemView; text: string }> {
    const { runtime, item } = await this.#find(id);
    if (item.state !== 'queued' || item.attempts > 0 || this.#now() >= item.sendAfter) {
      refuse(`The undo window of this ${taskKindOf(item).noun} has passed: cancel it, if it has not gone out yet`);
    }
    const cancelled = runtime.outbox.cancel(id);
    return { item: this.#view(cancelled), text: cancelled.text };
  }

  async edit(id: string, text: string): Promise<OutboxItemView> {
    const { runtime } = await this.#find(id);
    return this.#view(runtime.outbox.edit(id, text));
  }

  /**
   * Takes an item back. One whose earlier attempt may already be posted cannot simply be dropped:
   * the cancel is recorded, nothing is sent again, and the check of the thread says which it was.
   */
  async cancel(id: string): Promise<OutboxItemView> {
    const { runtime, item } = await this.#find(id);
    const pending = item.state === 'queued' || item.state === 'waiting';
    if (item.outcomeUnknown && pending) return this.#view(runtime.outbox.cancelOnceChecked(id));
    return this.#view(runtime.outbox.cancel(id));
  }

  async retry(id: string): Promise<OutboxItemView> {
    const { runtime } = await this.#find(id);
    return this.#view(runtime.outbox.retry(id));
  }

  /**
   * A reply or message another member answered first (held for the person's choice), sent anyway:
   * the choice goes into the team's audit, then the item is queued again and goes without asking
   * for the claim again. Its sending is the outbox's as always (exactly once).
   */
  async sendAnyway(id: string): Promise<OutboxItemView> {
    const { runtime, item } = await this.#find(id);
    if (item.state !== 'failed' || item.lastError?.code !== 'team-answered') {
      refuse(`This ${taskKindOf(item).noun} is not waiting for a choice: only one held because someone else answered can be sent anyway`);
    }
    // The answer that held it failed for good or was discarded: nobody is overruled, so nothing goes
    // into the audit; it is tried again and takes the claim's next round (app/teamClaims.ts).
    if (!gaveUp(this.#team().heldAnswer(item))) await this.#team().sendAnyway(item);
    return this.#view(runtime.outbox.retry(id));
  }

  async remove(id: string): Promise<void> {
    const { runtime } = await this.#find(id);
    runtime.outbox.remove(id);
  }

  async #find(id: string): Promise<{ runtime: AccountRuntime; item: OutboxItem }> {
    await this.ready();
    for (const runtime of this.#accounts.running()) {
      const item = runtime.outboxIfOpen?.get(id);
      if (item) return { runtime, item };
    }
    refuse('There is no such reply or message in the outbox');
  }
}
