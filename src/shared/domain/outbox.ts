// A reply in the outbox as the renderer shows it: what was written, where it goes, its state and
// its result on each network. The core's item carries more (the request as the service client
// takes it, the reconciliation bookkeeping); the renderer needs only this.
import { z } from 'zod';
import { NetworkSchema } from '../wire/common.ts';

export const OUTBOX_ITEM_STATES = ['queued', 'sending', 'waiting', 'sent', 'failed', 'cancelled'] as const;
export const OutboxItemStateSchema = z.enum(OUTBOX_ITEM_STATES);
export type OutboxItemState = z.infer<typeof OutboxItemStateSchema>;

export const NetworkResultSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('sent'),
    socialCommentId: z.string().nullable(),
    postUrl: z.string().nullable(),
    /** Found in the thread after an attempt whose outcome was unknown, rather than confirmed by the answer. */
    adopted: z.boolean(),
    at: z.number(),
  }),
  z.object({ state: z.literal('failed'), code: z.string(), message: z.string(), at: z.number() }),
]);
export type NetworkResultView = z.infer<typeof NetworkResultSchema>;

export const OutboxItemViewSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  /** The client profile it is sent as. */
  profileId: z.string().nullable(),
  /** The comment key it answers. */
  answers: z.string(),
  platforms: z.array(NetworkSchema),
  text: z.string(),
  /** Epoch ms when the person wrote it. */
  created: z.number(),
  /** Epoch ms when the undo window ends. */
  sendAfter: z.number(),
  state: OutboxItemStateSchema,
  results: z.partialRecord(NetworkSchema, NetworkResultSchema),
  attempts: z.number().int(),
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Epoch ms of the next try, while waiting. */
  nextAttemptAt: z.number().nullable(),
  updated: z.number(),
});
export type OutboxItemView = z.infer<typeof OutboxItemViewSchema>;
