import { describe, expect, it } from 'vitest';
import { outboxItemView } from '../../../src/main/core/app/views.ts';
import type { OutboxItem } from '../../../src/main/core/outbox/types.ts';
import { OutboxItemViewSchema } from '../../../src/shared/domain/outbox.ts';

describe('the outbox item the renderer sees', () => {
  it('has the reply, its state and its results per network, and none of the outbox’s bookkeeping', () => {
    const item: OutboxItem = {
      id: 'o1',
      kind: 'reply',
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
    expect(view).toMatchObject({ id: 'o1', kind: 'reply', accountId: 'a', profileId: 'p', platforms: ['linkedin'], state: 'sent' });
    expect(view.results.linkedin).toEqual({ state: 'sent', socialCommentId: 'r1', postUrl: null, adopted: false, at: 3 });
    expect(Object.keys(view)).not.toContain('request');
    expect(Object.keys(view)).not.toContain('outcomeUnknown');
  });

  it('shows a direct message as a message to its one network, answering its conversation, without the person’s id', () => {
    const item: OutboxItem = {
      id: 'o2',
      kind: 'message',
      seq: 4,
      target: { accountId: 'a' },
      request: { platform: 'instagram', conversationId: 'conv-1', recipientId: 'person-1', message: 'See you then', replyWindowClosesAt: 9_000 },
      thread: null,
      answers: 'dm:instagram:conv-1',
      text: 'See you then',
      created: 1,
      sendAfter: 2,
      state: 'sent',
      results: { instagram: { state: 'sent', socialCommentId: 'mid-1', serviceCommentId: null, postUrl: null, adopted: true, at: 3 } },
      attempts: 2,
      firstAttemptAt: 2,
      lastAttemptAt: 3,
      lastError: null,
      nextAttemptAt: null,
      outcomeUnknown: false,
      failures: 0,
      updated: 3,
    };
    const view = outboxItemView(item);
    expect(OutboxItemViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ kind: 'message', profileId: null, answers: 'dm:instagram:conv-1', platforms: ['instagram'], text: 'See you then' });
    expect(view.results.instagram).toEqual({ state: 'sent', socialCommentId: 'mid-1', postUrl: null, adopted: true, at: 3 });
    expect(JSON.stringify(view)).not.toContain('person-1');
  });
});
