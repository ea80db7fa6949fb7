// The bridge's one item read (`inbox.item`) as the tests written before it read an item: a
// comment's thread or a conversation's messages, with its answers in the outbox. A key of another
// kind than asked throws, so a test never reads the wrong kind's data silently.
import type { CommandOutput } from '../../src/shared/bridge/contract.ts';
import type { ConversationThread, ThreadView } from '../../src/shared/domain/inbox.ts';

type ItemRead = CommandOutput<'inbox.item'>;

export function asThread(read: ItemRead): { thread: ThreadView; outbox: ItemRead['outbox'] } {
  if (read.item.kind !== 'comment') throw new Error(`Expected a comment, read a ${read.item.kind}`);
  return { thread: read.item.data, outbox: read.outbox };
}

export function asConversation(read: ItemRead): { conversation: ConversationThread; outbox: ItemRead['outbox'] } {
  if (read.item.kind !== 'conversation') throw new Error(`Expected a conversation, read a ${read.item.kind}`);
  return { conversation: read.item.data, outbox: read.outbox };
}
