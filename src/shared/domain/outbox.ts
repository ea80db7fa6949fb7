// A reply in the outbox as the renderer shows it: what was written, where it goes, its state and
// its result on each network. The core's item carries more (the request as the service client
// takes it, the reconciliation bookkeeping); the renderer needs only this.
import { z } from 'zod';
import { ItemNetworkSchema } from './inbox.ts';

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

export const OutboxItemViewSchema = z.object({
  id: z.string(),
  /** A reply to a comment, a direct message in a conversation, a reply to a review or its removal. */
  kind: z.enum(['reply', 'message', 'review-reply', 'review-reply-delete']),
  accountId: z.string(),
  /** The client profile it is sent as. */
  profileId: z.string().nullable(),
  /** The comment key it answers, or the conversation's key (`dm:<network>:<conversation id>`). */
  answers: z.string(),
  platforms: z.array(ItemNetworkSchema),
  text: z.string(),
  /** Epoch ms when the person wrote it. */
  created: z.number(),
  /** Epoch ms when the undo window ends. */
  sendAfter: z.number(),
  state: OutboxItemStateSchema,
  results: z.partialRecord(ItemNetworkSchema, NetworkResultSchema),
  attempts: z.number().int(),
  lastError: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** Epoch ms of the next try, while waiting. */
  nextAttemptAt: z.number().nullable(),
  updated: z.number(),
  /** An earlier attempt may have been posted: the thread is checked before anything is sent again. */
  checking: z.boolean().optional(),
  /** The person asked to cancel while that is checked: the check says "posted" or "cancelled". */
  cancelRequested: z.boolean().optional(),
  /** Who it answers: the comment's author, or the person of the conversation (null when unknown). */
  person: z.string().nullable().optional(),
  /**
   * Held in a team: another member (or this member on another device) answered first; who, on which
   * device, when (epoch ms). The person chooses: send anyway (`outbox.sendAnyway`) or discard (cancel).
   * `who`, `device`, `at` null: their claim could not be read (who null: "someone in the team").
   * `answer`: what they wrote and where it is, from their device's outbox status (null: not arrived
   * yet); failed or discarded, their answer will not go, and this one is offered again (retry).
   */
  heldBy: z
    .object({
      who: z.string().nullable(),
      device: z.string().nullable(),
      at: z.number().nullable(),
      answer: z
        .object({ state: z.enum(['pending', 'sent', 'failed', 'discarded']), text: z.string() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  /** Sent in solo multi-device mode while the team server could not be asked: no other device's answer was checked. */
  sentUnchecked: z.boolean().optional(),
});
export type OutboxItemView = z.infer<typeof OutboxItemViewSchema>;

/**
 * An outbox file (an account's replies, or its comments on/off changes) that was found damaged or
 * cannot be opened: what happened and what the app did, in words, with the counts behind them.
 */
export const OutboxHealthSchema = z.object({
  accountId: z.string(),
  accountTitle: z.string(),
  queue: z.enum(['replies', 'comments-settings']),
  /** recovered: a fresh file took the damaged one's place; closed: nothing can be queued until the file can be read. */
  state: z.enum(['recovered', 'closed']),
  /** For the person: which file, what happened, what the app did, how much was read back. */
  message: z.string(),
  /** The name the damaged file is kept under, next to the fresh one. */
  movedTo: z.string().nullable(),
  /** Rows read back into the fresh file; of those still to send; read back but unusable (set aside). */
  restored: z.number().int(),
  pending: z.number().int(),
  setAside: z.number().int(),
  /** Epoch ms. */
  at: z.number(),
});
export type OutboxHealth = z.infer<typeof OutboxHealthSchema>;

/** A row the outbox could not use: never sent, kept, listed so that its text can be copied. */
export const SetAsideRowSchema = z.object({
  /** Stable within the list (for the UI). */
  key: z.string(),
  accountId: z.string(),
  accountTitle: z.string(),
  kind: z.enum(['reply', 'comments-setting']),
  /** Epoch ms when it was set aside. */
  at: z.number(),
  /** The reply's text as far as it could be read (a comments change has none), or null. */
  text: z.string().nullable(),
  /** The comment it answered (`network:id`), when readable. */
  answers: z.string().nullable(),
  reason: z.string(),
});
export type SetAsideRow = z.infer<typeof SetAsideRowSchema>;
