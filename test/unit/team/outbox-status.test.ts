// What a device tells the team of an outbox item (issue 22): the team's word for its state (a reply
// held by the team's claim is "held", a cancelled one "discarded"), the item it answers, its text,
// the client, and its confirmed delivery per network; never its target or request (the account).
import { describe, expect, it } from 'vitest';
import { outboxStatusOf } from '../../../src/main/core/app/teamOutboxStatus.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { OutboxStatusDocSchema } from '../../../src/shared/domain/teamDocuments.ts';

const SECRET_ACCOUNT = 'acct-7f3a';

function reply(patch: Partial<OutboxItem>): OutboxItem {
  return {
    id: 'o-1',
    seq: 1,
    target: { accountId: SECRET_ACCOUNT, profileId: 'p-1' },
    answers: 'instagram:c-1',
    text: 'Thanks, Mia!',
    created: 1_000,
    sendAfter: 1_000,
    state: 'queued',
    results: {},
    attempts: 0,
    firstAttemptAt: null,
    lastAttemptAt: null,
    lastError: null,
    nextAttemptAt: null,
    outcomeUnknown: false,
    failures: 0,
    updated: 1_500.7,
    kind: 'reply',
    request: { postId: 'svc-post', commentId: 'svc-c-1', comment: 'Thanks, Mia!', platforms: ['instagram'] },
    thread: null,
    ...patch,
  } as OutboxItem;
}

describe('an outbox item as the team sees it', () => {
  it('names the states in the team’s words', () => {
    const teamHold = { code: 'team-unreachable', message: 'Waiting for the team server' };
    const cases: [Partial<OutboxItem>, string][] = [
      [{ state: 'queued' }, 'queued'],
      [{ state: 'sending' }, 'sending'],
      [{ state: 'waiting', lastError: { code: 'http-503', message: 'busy' } }, 'queued'],
      // Waiting for the team server is not held by anyone (decision 0067): waiting to be sent.
      [{ state: 'waiting', lastError: teamHold }, 'queued'],
      [{ state: 'failed', lastError: { code: 'team-answered', message: 'ann already answered' } }, 'held'],
      [{ state: 'failed', lastError: { code: '215', message: 'refused' } }, 'failed'],
      [{ state: 'cancelled' }, 'discarded'],
      [{ state: 'sent' }, 'sent'],
    ];
    for (const [patch, state] of cases) expect(outboxStatusOf(reply(patch)).state, JSON.stringify(patch)).toBe(state);
  });

  it('keeps who it answers, what, when and its delivery, and nothing of the account', () => {
    const status = outboxStatusOf(
      reply({
        state: 'sent',
        results: {
          instagram: { state: 'sent', socialCommentId: 'r-9', serviceCommentId: 'svc-r-9', postUrl: null, adopted: false, at: 2_000 },
          facebook: { state: 'failed', code: '215', message: 'refused', at: 2_100 },
        },
      }),
    );
    expect(status).toEqual({
      outboxId: 'o-1',
      itemKey: 'instagram:c-1',
      text: 'Thanks, Mia!',
      state: 'sent',
      at: 1_500,
      profileId: 'p-1',
      itemKind: 'reply',
      delivery: [{ network: 'instagram', at: 2_000, socialCommentId: 'r-9' }],
    });
    expect(JSON.stringify(status)).not.toContain(SECRET_ACCOUNT);
    expect(OutboxStatusDocSchema.safeParse({ ...status, _id: 'outbox:laptop:o-1', kind: 'outbox', who: 'ann', device: 'laptop' }).success).toBe(true);
  });
});
