import { describe, expect, it } from 'vitest';
import { outboxItemView } from '../../../src/main/core/app/views.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { OutboxItemViewSchema } from '../../../src/shared/domain/outbox.ts';

describe('the outbox item the renderer sees', () => {
  it('has the reply, its state and its results per network, and none of the outbox’s bookkeeping', () => {
    const item: OutboxItem = {
      id: 'o1',
      seq: 3,
      target: { accountId: 'a', profileId: 'p' },
      request: { to: 'socialComment', commentId: 'c1', platform: 'linkedin', comment: 'Thanks', commentUrn: 'urn:li:comment:(urn:li:activity:1,2)' },
      thread: null,
      answers: 'linkedin:c1',
      text: 'Thanks',
      created: 1,
      sendAfter: 2,
      state: 'sent',
      results: { linkedin: { state: 'sent', socialCommentId: 'r1', serviceCommentId: 'svc-r1', postUrl: null, adopted: false, at: 3 } },
      attempts: 1,
      firstAttemptAt: 2,
      lastAttemptAt: 2,
      lastError: null,
      nextAttemptAt: null,
      outcomeUnknown: false,
      failures: 0,
      updated: 3,
    };
    const view = outboxItemView(item);
    expect(OutboxItemViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ id: 'o1', accountId: 'a', profileId: 'p', platforms: ['linkedin'], state: 'sent' });
    expect(view.results.linkedin).toEqual({ state: 'sent', socialCommentId: 'r1', postUrl: null, adopted: false, at: 3 });
    expect(Object.keys(view)).not.toContain('request');
    expect(Object.keys(view)).not.toContain('outcomeUnknown');
  });
});
