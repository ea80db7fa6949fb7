// What the screen reads of a team's work on one item (issue 22): the members one can assign to,
// the item's note and assignee, its history (the team log's entries and the outbox's statuses, as
// facts; the renderer words them through the one formatter: renderer/logic/teamWords.ts), and the
// notices of concurrent decisions the fold chose between (core/app/teamResolutions.ts).
import { z } from 'zod';
import { ITEM_STATE_FIELDS } from './itemState.ts';
import { InboxItemKeySchema } from './keys.ts';
import { OUTBOX_STATES } from './teamDocuments.ts';

const Name = z.string().min(1).max(200);
const FieldValue = z.union([z.boolean(), z.number(), z.string(), z.null(), z.array(z.string())]);

export const TeamMembersSchema = z.object({
  /** Whether this device is in a team workspace (the team's views and commands show only then). */
  joined: z.boolean(),
  /** This member's name; null outside a team. */
  me: Name.nullable(),
  /** This member and everyone who has written in the workspace (its log, presence, outbox statuses), by name. */
  members: z.array(Name),
});
export type TeamMembers = z.infer<typeof TeamMembersSchema>;

/** A decision someone made, or what the service told a device: who, on which device, when. */
export const ItemActSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('change'), field: z.enum(ITEM_STATE_FIELDS), from: FieldValue, to: FieldValue, undo: z.boolean() }),
  z.object({ kind: z.literal('event'), event: z.enum(['message-received', 'reply-sent', 'reply-sent-anyway']) }),
  z.object({ kind: z.literal('outbox'), state: z.enum(OUTBOX_STATES) }),
]);
export type ItemAct = z.infer<typeof ItemActSchema>;

export const ItemHistoryEntrySchema = z.object({ who: Name, device: Name, at: z.number(), act: ItemActSchema });
export type ItemHistoryEntry = z.infer<typeof ItemHistoryEntrySchema>;

export const TeamItemSchema = z.object({
  key: InboxItemKeySchema,
  note: z.string().nullable(),
  assignee: z.string().nullable(),
  /** Oldest first; empty outside a team. Nothing edits it: a later decision is a new entry. */
  history: z.array(ItemHistoryEntrySchema),
});
export type TeamItem = z.infer<typeof TeamItemSchema>;

/**
 * Two people decided about the same item without seeing each other's decision, and the fold kept
 * one (decision 0054): this member's notice of it. `mine` and `theirs` are the two decisions; the
 * state is what the item is now.
 */
export const ResolutionNoticeSchema = z.object({
  id: z.string().min(1).max(2000),
  itemKey: InboxItemKeySchema,
  register: z.enum(['visibility', 'assignee', 'note']),
  other: Name,
  mine: ItemActSchema,
  theirs: ItemActSchema,
  keptMine: z.boolean(),
  state: z.object({ done: z.boolean(), snoozedUntil: z.number().nullable(), assignee: z.string().nullable() }),
  /** The comment's author or the conversation's person, when the store has the item; null otherwise. */
  person: z.string().nullable(),
});
export type ResolutionNotice = z.infer<typeof ResolutionNoticeSchema>;
