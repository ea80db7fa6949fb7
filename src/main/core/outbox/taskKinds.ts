// The table of the reply outbox's task kinds, looked up by `task.kind`: each kind is one module
// with its send, its reconciliation, its rules and its stored request (replyTask.ts,
// messageTask.ts). The comments on/off switch is the third kind of the one durable queue; it lives
// in the post settings queue's own file (postSettingsQueue.ts, decision 0045). Adding a kind: its
// item type in types.ts, its module, one line here.
import { messageTask } from './messageTask.ts';
import type { OutboxTaskKind } from './outboxTaskKind.ts';
import { replyTask } from './replyTask.ts';
import { reviewReplyDeleteTask, reviewReplyTask } from './reviewTask.ts';
import type { OutboxItem } from './types.ts';

type KindTable = { readonly [K in OutboxItem['kind']]: OutboxTaskKind<Extract<OutboxItem, { kind: K }>> };

const TASK_KINDS: KindTable = {
  reply: replyTask,
  message: messageTask,
  'review-reply': reviewReplyTask,
  'review-reply-delete': reviewReplyDeleteTask,
};

/** The kinds in a fixed order (the order a stored request is offered to them). */
export const OUTBOX_TASK_KIND_LIST: readonly OutboxTaskKind<OutboxItem>[] = Object.values(TASK_KINDS);

/** The module of an item's kind. */
export function taskKindOf<I extends OutboxItem>(item: Pick<I, 'kind'>): OutboxTaskKind<I> {
  const kind = TASK_KINDS[item.kind] as OutboxTaskKind<OutboxItem> | undefined;
  if (kind === undefined) throw new TypeError(`"${String(item.kind)}" is no task kind of the reply outbox`);
  return kind as unknown as OutboxTaskKind<I>;
}

/** The kind whose stored request this is, or null when none owns it. */
export function taskKindOfStoredRequest(value: Record<string, unknown>): OutboxTaskKind<OutboxItem> | null {
  return OUTBOX_TASK_KIND_LIST.find((kind) => kind.ownsStoredRequest(value)) ?? null;
}
