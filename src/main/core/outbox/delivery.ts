// One turn of one item: settle an unknown outcome if there is one, then send to the networks still
// to go, and record what came of it. Every step is committed before the next begins; above all,
// "an attempt is being made" (attempts + 1, outcome unknown) is on disk before the request leaves,
// so a process killed at any moment restarts into "check the thread first", never "send again".
// The same steps for every task kind: the send, the reconciliation and "may it go now" are the
// item's kind's (taskKinds.ts).
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import type { Clock } from '../clock.ts';
import type { CallTarget } from '../service/credentials.ts';
import { backoffDelay } from './backoff.ts';
import { decideAfterRead, decideAfterSend, type FailureDecision } from './failureDecision.ts';
import type { Claim } from './itemRepository.ts';
import { claimOf, pendingPlatforms } from './itemRules.ts';
import type { WriteAnswer } from './outboxTaskKind.ts';
import { IdentityUnknownError, type ReconcilerPorts } from './reconciliation.ts';
import { taskKindOf } from './taskKinds.ts';
import type { BackoffSettings, NetworkResult, OutboxItem, OutboxServiceClient, TeamAnswer } from './types.ts';

export interface DeliveryPorts {
  client: OutboxServiceClient;
  /** What a kind's reconciliation reads with (the kind itself reads its own thread or conversation). */
  reconcile: ReconcilerPorts;
  clock: Clock;
  random: () => number;
  backoff: BackoffSettings;
  settleMs: (target: CallTarget) => number;
  /** Writes the item (and the replies it now owns) in one transaction, then tells listeners. */
  commit: (item: OutboxItem, claims?: readonly Claim[]) => OutboxItem;
  /** In a team: whether the write may go now (null) or is held back (ReplyOutboxOptions.teamHold). */
  teamHold?: (item: OutboxItem) => Promise<TeamAnswer>;
}

export class Delivery {
  private readonly ports: DeliveryPorts;

  constructor(ports: DeliveryPorts) {
    this.ports = ports;
  }

  async run(start: OutboxItem, signal: AbortSignal): Promise<void> {
    let item = start;
    let pending = pendingPlatforms(item);
    let claims: Claim[] = [];

    if (item.outcomeUnknown) {
      item = this.commit({ ...item, state: 'sending' });
      let found: Partial<Record<ItemNetwork, string>>;
      try {
        const check = await taskKindOf(item).reconcile(this.ports.reconcile, item, pending, signal);
        found = check.found;
        pending = check.missing;
      } catch (error) {
        if (error instanceof IdentityUnknownError) {
          this.commit({ ...item, state: 'failed', nextAttemptAt: null, lastError: { code: 'identity-unknown', message: error.message } });
          return;
        }
        this.afterFailure(item, decideAfterRead(error), pending);
        return;
      }
      const adopted = this.adoptedResults(item, found);
      item = { ...item, results: { ...item.results, ...adopted.results } };
      claims = adopted.claims;
      if (pending.length === 0) {
        this.commit(settled(item), claims);
        return;
      }
      const settledAt = (item.lastAttemptAt ?? 0) + this.ports.settleMs(item.target);
      if (item.cancelRequested === true && this.ports.clock.now() >= settledAt) {
        // The person asked to cancel, and the thread does not have it: nothing was posted, nothing goes.
        this.commit({ ...item, state: 'cancelled', outcomeUnknown: false, nextAttemptAt: null }, claims);
        return;
      }
      if (this.ports.clock.now() < settledAt) {
        // The service may not show a reply made this recently: look again later, send nothing now.
        const at = new Date(settledAt).toISOString();
        this.commit(
          {
            ...item,
            state: 'waiting',
            nextAttemptAt: settledAt,
            lastError: { code: 'checking', message: `An earlier attempt may have been posted; the thread is checked again at ${at} before anything is sent` },
          },
          claims,
        );
        return;
      }
    }

    if (pending.length === 0) {
      // Every network already has its outcome: nothing to send.
      this.commit(settled(item), claims);
      return;
    }

    if (signal.aborted) {
      // Closing: nothing has been sent in this turn; leave it for the next start.
      this.commit({ ...item, state: 'waiting', nextAttemptAt: this.ports.clock.now() }, claims);
      return;
    }

    const closed = taskKindOf(item).whyNotNow(item, this.ports.clock.now());
    if (closed) {
      // Past the network's reply window (a message): the service would refuse it; say why instead of asking.
      this.commit({ ...item, state: 'failed', outcomeUnknown: false, nextAttemptAt: null, lastError: closed }, claims);
      return;
    }

    // In a team, the claim for this comment is taken on the team server first (never offline).
    const hold = this.ports.teamHold ? await this.ports.teamHold(item) : null;
    if (hold !== null && hold !== 'unchecked') {
      const retry = hold.retryAt;
      this.commit({ ...item, state: retry === null ? 'failed' : 'waiting', outcomeUnknown: false, nextAttemptAt: retry, lastError: hold.error }, claims);
      return;
    }
    if (signal.aborted) {
      this.commit({ ...item, state: 'waiting', nextAttemptAt: this.ports.clock.now() }, claims);
      return;
    }

    const now = this.ports.clock.now();
    // Whether this attempt went without the team's check is the item's own (its card says so).
    item = this.commit(
      {
        ...withSentUnchecked(item, hold === 'unchecked'),
        state: 'sending',
        attempts: item.attempts + 1,
        firstAttemptAt: item.firstAttemptAt ?? now,
        lastAttemptAt: now,
        outcomeUnknown: true,
      },
      claims,
    );
    let answer: WriteAnswer;
    try {
      answer = await this.send(item, pending, signal);
    } catch (error) {
      this.afterFailure(item, decideAfterSend(error), pending);
      return;
    }
    this.afterAnswer(item, answer, pending);
  }

  /** The write itself, as the item's kind makes it (POST /comments/reply, POST /messages). */
  private send(item: OutboxItem, pending: readonly ItemNetwork[], signal: AbortSignal): Promise<WriteAnswer> {
    return taskKindOf(item).send(this.ports.client, item, pending, signal);
  }

  private afterAnswer(item: OutboxItem, answer: WriteAnswer, pending: readonly ItemNetwork[]): void {
    const at = this.ports.clock.now();
    const results: Partial<Record<ItemNetwork, NetworkResult>> = { ...item.results };
    const claims: Claim[] = [];
    let unaccounted = false;
    for (const platform of pending) {
      const made = answer.posted[platform];
      const refused = answer.failed.find((f) => f.platform === platform) ?? (pending.length === 1 ? answer.failed[0] : undefined);
      if (made) {
        results[platform] = {
          state: 'sent',
          socialCommentId: made.commentId,
          serviceCommentId: answer.commentId ?? null,
          postUrl: made.postUrl ?? null,
          adopted: false,
          at,
        };
        claims.push(claimOf(item, platform, made.commentId));
      } else if (refused) {
        results[platform] = { state: 'failed', code: String(refused.code), message: refused.message, at };
      } else {
        unaccounted = true;
      }
    }
    const firstFailure = Object.values(results).find((r) => r?.state === 'failed');
    if (unaccounted) {
      // The answer does not mention a network: treat it like a lost answer and check the thread.
      this.commit(
        {
          ...item,
          results,
          state: 'waiting',
          failures: item.failures + 1,
          nextAttemptAt: at + backoffDelay(item.failures + 1, this.ports.backoff, this.ports.random),
          lastError: { code: 'incomplete-answer', message: 'The service did not say what happened on every network; the thread is checked before resending' },
        },
        claims,
      );
      return;
    }
    const done = {
      ...item,
      results,
      outcomeUnknown: false,
      failures: 0,
      nextAttemptAt: null,
    };
    if (firstFailure?.state === 'failed') {
      this.commit({ ...done, state: 'failed', lastError: { code: firstFailure.code, message: firstFailure.message } }, claims);
    } else {
      this.commit({ ...done, state: 'sent', lastError: null }, claims);
    }
  }

  private afterFailure(item: OutboxItem, decision: FailureDecision, pending: readonly ItemNetwork[]): void {
    const now = this.ports.clock.now();
    if (decision.next === 'applied') {
      // Applied, answer unreadable: it is posted; the ids stay unknown rather than risk a second post.
      const results = { ...item.results };
      for (const platform of pending)
        results[platform] = { state: 'sent', socialCommentId: null, serviceCommentId: null, postUrl: null, adopted: false, at: now };
      this.commit({ ...item, results, state: 'sent', outcomeUnknown: false, failures: 0, nextAttemptAt: null, lastError: decision.error });
      return;
    }
    if (decision.next === 'wait') {
      const failures = decision.countsAsFailure ? item.failures + 1 : item.failures;
      const delay = decision.countsAsFailure ? backoffDelay(failures, this.ports.backoff, this.ports.random) : 0;
      this.commit({
        ...item,
        state: 'waiting',
        outcomeUnknown: decision.outcomeUnknown,
        failures,
        nextAttemptAt: Math.max(now + delay, decision.notBefore ?? 0),
        lastError: decision.error,
      });
      return;
    }
    const results = { ...item.results };
    for (const platform of pending) {
      const said = decision.perNetwork.find((f) => f.platform === platform);
      results[platform] = said
        ? { state: 'failed', code: String(said.code), message: said.message, at: now }
        : { state: 'failed', code: decision.error.code, message: decision.error.message, at: now };
    }
    this.commit({
      ...item,
      // A failed check leaves the networks undecided: record per-network failures only for a refused send.
      results: decision.outcomeUnknown ? item.results : results,
      state: 'failed',
      outcomeUnknown: decision.outcomeUnknown,
      nextAttemptAt: null,
      lastError: decision.error,
    });
  }

  private adoptedResults(
    item: OutboxItem,
    found: Partial<Record<ItemNetwork, string>>,
  ): { results: Partial<Record<ItemNetwork, NetworkResult>>; claims: Claim[] } {
    const at = this.ports.clock.now();
    const results: Partial<Record<ItemNetwork, NetworkResult>> = {};
    const claims: Claim[] = [];
    for (const [platform, socialCommentId] of Object.entries(found) as [ItemNetwork, string][]) {
      results[platform] = { state: 'sent', socialCommentId, serviceCommentId: null, postUrl: null, adopted: true, at };
      claims.push(claimOf(item, platform, socialCommentId));
    }
    return { results, claims };
  }

  private commit(item: OutboxItem, claims?: readonly Claim[]): OutboxItem {
    return this.ports.commit({ ...item, updated: this.ports.clock.now() }, claims);
  }
}

/** An item every network of which has its outcome: sent, or failed where some network refused it. */
function settled(item: OutboxItem): OutboxItem {
  const refusal = Object.values(item.results).find((r) => r?.state === 'failed');
  const done = { ...item, outcomeUnknown: false, failures: 0, nextAttemptAt: null };
  return refusal?.state === 'failed'
    ? { ...done, state: 'failed', lastError: { code: refusal.code, message: refusal.message } }
    : { ...done, state: 'sent', lastError: null };
}

/** The item marked as going out without the team server's check, or (a checked attempt) not. */
function withSentUnchecked(item: OutboxItem, unchecked: boolean): OutboxItem {
  const copy = { ...item };
  if (unchecked) copy.sentUnchecked = true;
  else delete copy.sentUnchecked;
  return copy;
}
