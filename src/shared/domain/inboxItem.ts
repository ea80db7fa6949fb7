// One inbox item as the bridge's item read gives it: its kind and that kind's data (a comment's
// thread, a conversation's messages). One line per kind: the renderer's thread store keeps what it
// opened as this `{kind, data}` and the kind's view picks the pane that shows it.
import { z } from 'zod';
import { ConversationThreadSchema, ThreadViewSchema } from './inbox.ts';
import { registeredKindNamed } from './registeredKinds.ts';
import { ReviewViewSchema } from './reviewItem.ts';

const BuiltInItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('comment'), data: ThreadViewSchema }),
  z.object({ kind: z.literal('conversation'), data: ConversationThreadSchema }),
  z.object({ kind: z.literal('review'), data: ReviewViewSchema }),
]);
export type InboxItem = z.infer<typeof BuiltInItemSchema>;

/** An item of a kind registered at run time (registeredKinds.ts): its data checked by that kind's own schema. */
const RegisteredItemSchema = z.object({ kind: z.string(), data: z.unknown() }).transform((item, context): InboxItem => {
  const kind = registeredKindNamed(item.kind);
  if (kind === undefined) {
    context.addIssue({ code: 'custom', path: ['kind'], message: 'An inbox item of no kind this app has' });
    return z.NEVER;
  }
  const data = kind.data.safeParse(item.data);
  if (!data.success) {
    for (const issue of data.error.issues) context.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
    return z.NEVER;
  }
  // Typed as the core's registry types a registered kind's item (its name cast as a kind).
  return { kind: item.kind, data: data.data } as unknown as InboxItem;
});

export const InboxItemSchema = z.union([BuiltInItemSchema, RegisteredItemSchema]);
/** The data an item of this kind carries. */
export type InboxItemData<K extends InboxItem['kind']> = { [I in InboxItem as I['kind']]: I['data'] }[K];
