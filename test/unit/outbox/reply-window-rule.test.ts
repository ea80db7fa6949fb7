// One reply-window rule (shared/domain/replyWindow.ts) for the outbox, the store and the screen. The
// case the two rules disagreed on: a facebook or instagram conversation with no close time, i.e. one
// the person never wrote in. The service refuses a message there (public-facts.md: "facebook and
// instagram refuse a reply 7 days after the person's last message"; the sandbox refuses when there is
// no last message), so it is "never opened", and the outbox refuses it as well (decision 0046).
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxInputError } from '../../../src/main/core/outbox/errors.ts';
import { replyWindowClosed } from '../../../src/main/core/outbox/messageRules.ts';
import { replyWindowOf } from '../../../src/main/core/store/replyWindow.ts';
import { replyWindowState } from '../../../src/shared/domain/replyWindow.ts';
import { MESSAGE_NETWORKS, MESSAGE_REPLY_WINDOW_MS } from '../../../src/shared/networks.ts';
import { directMessage, OutboxBench } from './fakes.ts';

let bench: OutboxBench | undefined;

afterEach(async () => {
  await bench?.dispose();
  bench = undefined;
});

const NOW = Date.parse('2026-11-21T09:00:00Z');

function request(platform: (typeof MESSAGE_NETWORKS)[number], replyWindowClosesAt: number | null) {
  return { platform, conversationId: 'conv-1', recipientId: 'person-1', message: 'Hello', replyWindowClosesAt };
}

describe('the reply window with no close time', () => {
  it('is never opened on facebook and instagram, and the outbox will not send into it', () => {
    for (const platform of ['facebook', 'instagram'] as const) {
      expect(replyWindowState(platform, null, NOW)).toEqual({ kind: 'neverOpened' });
      expect(replyWindowClosed(request(platform, null), NOW)).toMatchObject({ code: 'reply-window-closed', message: expect.stringMatching(/never opened/) });
    }
    expect(replyWindowState('twitter', null, NOW)).toEqual({ kind: 'none' });
    expect(replyWindowClosed(request('twitter', null), NOW)).toBeNull();
  });

  it('refuses such a message when it is written', () => {
    bench = new OutboxBench();
    let refusal: unknown = null;
    try {
      bench.outbox.enqueueMessage(directMessage('Hi', null));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(OutboxInputError);
    expect((refusal as OutboxInputError).issues.map((issue) => issue.message).join(' ')).toMatch(/has not written in this conversation/);
    expect(bench.outbox.list()).toEqual([]);
  });

  it('gets the same verdict from the outbox, the store and the shared rule at every point of a window', () => {
    const received = '2026-11-20T09:00:00.000Z';
    const closesAt = Date.parse(received) + MESSAGE_REPLY_WINDOW_MS;
    for (const platform of MESSAGE_NETWORKS) {
      for (const lastReceived of [received, null]) {
        for (const now of [NOW, closesAt - 1, closesAt, closesAt + 1]) {
          const store = replyWindowOf(platform, lastReceived, now);
          const closeTime = store.applies ? store.closesAt : null;
          const shared = replyWindowState(platform, closeTime, now);
          const outboxSends = replyWindowClosed(request(platform, closeTime), now) === null;
          const storeSends = !store.applies || store.open;
          expect({ platform, lastReceived, now, sends: outboxSends }).toEqual({ platform, lastReceived, now, sends: storeSends });
          expect(shared.kind === 'none' || shared.kind === 'open').toBe(storeSends);
        }
      }
    }
  });
});
