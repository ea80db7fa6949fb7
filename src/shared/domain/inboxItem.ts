// One inbox item as the bridge's item read gives it: its kind and that kind's data (a comment's
// thread, a conversation's messages). One line per kind: the renderer's thread store keeps what it
// opened as this `{kind, data}` and the kind's view picks the pane that shows it.
import { z } from 'zod';
import { ConversationThreadSchema, ThreadViewSchema } from './inbox.ts';
import { ReviewViewSchema } from './reviewItem.ts';

export const InboxItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('comment'), data: ThreadViewSchema }),
  z.object({ kind: z.literal('conversation'), data: ConversationThreadSchema }),
  z.object({ kind: z.literal('review'), data: ReviewViewSchema }),
]);
export type InboxItem = z.infer<typeof InboxItemSchema>;
/** The data an item of this kind carries. */
export type InboxItemData<K extends InboxItem['kind']> = { [I in InboxItem as I['kind']]: I['data'] }[K];
