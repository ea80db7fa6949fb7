// The triage the store bench spreads over its items before it reads pages and searches (three in ten
// done and read, four read, one in fifty snoozed ahead, one in ninety-seven woken from a snooze; the
// conversations alike but the woken), so every view has rows and every index entries. One spread for
// bench:store and buildBenchStore.ts, so the read figures of both come from the same store.
import { conversationKeyOf, keyOf } from '../../../src/main/core/store/keys.ts';
import type { Store } from '../../../src/main/core/store/types.ts';
import type { StoreDataset } from './dataset.ts';
import type { MessageDataset } from './messageDataset.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function spreadTriage(store: Pick<Store, 'setTriage'>, dataset: StoreDataset, messages: MessageDataset): void {
  const keys = dataset.batches.flatMap((batch) => batch.comments.map((c) => keyOf(c.platform, c.socialCommentId)));
  const pick = (test: (index: number) => boolean) => keys.filter((_, index) => test(index));
  store.setTriage(
    pick((i) => i % 10 < 3),
    { done: true, unread: false },
  );
  store.setTriage(
    pick((i) => i % 10 >= 3 && i % 10 < 7),
    { unread: false },
  );
  store.setTriage(
    pick((i) => i % 50 === 7),
    { snoozedUntil: dataset.now + DAY },
  );
  store.setTriage(
    pick((i) => i % 97 === 8),
    { snoozedUntil: dataset.now - HOUR },
  );
  const conversationKeys = messages.batches.map((batch) => conversationKeyOf(batch.messages[0]!.platform, batch.messages[0]!.conversationId));
  const pickConversations = (test: (index: number) => boolean) => conversationKeys.filter((_, index) => test(index));
  store.setTriage(
    pickConversations((i) => i % 10 < 3),
    { done: true, unread: false },
  );
  store.setTriage(
    pickConversations((i) => i % 10 >= 3 && i % 10 < 7),
    { unread: false },
  );
  store.setTriage(
    pickConversations((i) => i % 50 === 7),
    { snoozedUntil: dataset.now + DAY },
  );
}
