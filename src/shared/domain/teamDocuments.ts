// The shapes of a team workspace's documents (issue 22), checked wherever they arrive from outside
// the process: the team server, another device. The core's team/teamDocuments.ts reads them; the
// server's validation function (src/syncServer/teamDesignDoc.ts) knows the same id prefixes.
import { z } from 'zod';
import { ItemChangeSchema } from './itemState.ts';
import { InboxItemKeySchema } from './keys.ts';
import { NETWORKS } from '../networks.ts';
import { MAX_WRITES_PER_DOCUMENT, SharedWriteSchema } from './teamContent.ts';

const MAX_SEEN = 64;
const name = z.string().min(1).max(200);
/** A hybrid logical clock stamp: `<ms, 15 digits>.<counter, 6 digits>.<device>` (core/team/hybridClock.ts). */
const stamp = z
  .string()
  .max(300)
  .regex(/^\d{15}\.\d{6}\..+$/s, 'not a clock stamp');
const revisionFields = { _id: z.string().min(1).max(2200), _rev: z.string().optional() };

export const ChangeDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('change'),
  who: name,
  device: name,
  hlc: stamp,
  seen: z.array(z.string().max(200)).max(MAX_SEEN),
  change: ItemChangeSchema,
});

export const EventDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('event'),
  id: z.string().min(1).max(200),
  itemKey: InboxItemKeySchema,
  who: name,
  device: name,
  hlc: stamp,
  seen: z.array(z.string().max(200)).max(MAX_SEEN),
  event: z.enum(['message-received', 'reply-sent', 'reply-sent-anyway']),
  at: z.number().int().nonnegative(),
  /** reply-sent-anyway: the outbox item the choice was made for (its device's own id). */
  outboxId: z.string().min(1).max(200).optional(),
});

export const ClaimDocSchema = z.object({ ...revisionFields, kind: z.literal('claim'), who: name, device: name, at: z.number().int().nonnegative() });

export const PresenceDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('presence'),
  who: name,
  device: name,
  composing: InboxItemKeySchema.nullable(),
  until: z.number().int().nonnegative(),
});

export const OUTBOX_STATES = ['queued', 'held', 'sending', 'sent', 'failed', 'discarded'] as const;
export const OutboxStatusDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('outbox'),
  who: name,
  device: name,
  outboxId: z.string().min(1).max(200),
  itemKey: InboxItemKeySchema,
  text: z.string().max(20_000),
  state: z.enum(OUTBOX_STATES),
  at: z.number().int().nonnegative(),
  /** The client (profile) it was written for; a direct message, sent as the account, has none. */
  profileId: z.string().min(1).max(200).optional(),
  /** A reply to a comment, or a direct message. */
  itemKind: z.enum(['reply', 'message']).optional(),
  /** Its confirmed delivery per network: when the sending device learned it was live, and its id there. */
  delivery: z
    .array(z.object({ network: z.enum(NETWORKS), at: z.number().int().nonnegative(), socialCommentId: z.string().max(200).nullable() }))
    .max(NETWORKS.length)
    .optional(),
});

export const LeaseDocSchema = z.object({ ...revisionFields, kind: z.literal('lease'), holder: name, device: name, until: z.number().int().nonnegative() });

/**
 * One field of shared settings as one device last set it (saved replies, client and report settings:
 * merged per field, the latest stamp wins). `value` is checked by the settings' own schema when applied.
 */
export const SettingsFieldSchema = z.object({ value: z.unknown(), at: stamp, who: name, device: name });
/** A device's own settings document for one scope and id: `settings:<scope>:<id>:<device>`, only the fields it set. */
export const SettingsDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('settings'),
  who: name,
  device: name,
  scope: z.string().regex(/^[a-z][a-z-]{0,39}$/, 'not a settings scope'),
  id: z.string().min(1).max(200),
  fields: z.record(z.string().min(1).max(100), SettingsFieldSchema),
});
export type SettingsField = z.infer<typeof SettingsFieldSchema>;
export type SettingsDoc = z.infer<typeof SettingsDocSchema>;

/**
 * What the device polling a profile read from the service (decision 0060): `scope` names the
 * profile on its service (the lease's key), `writes` the store writes to replay. Written by its
 * author only (the server's validation function), never changed.
 */
export const ContentDocSchema = z.object({
  ...revisionFields,
  kind: z.literal('content'),
  who: name,
  device: name,
  scope: z.string().min(1).max(1000),
  at: z.number().int().nonnegative(),
  writes: z.array(SharedWriteSchema).min(1).max(MAX_WRITES_PER_DOCUMENT),
});

export type ChangeDoc = z.infer<typeof ChangeDocSchema>;
export type EventDoc = z.infer<typeof EventDocSchema>;
export type ClaimDoc = z.infer<typeof ClaimDocSchema>;
export type PresenceDoc = z.infer<typeof PresenceDocSchema>;
export type OutboxStatusDoc = z.infer<typeof OutboxStatusDocSchema>;
export type LeaseDoc = z.infer<typeof LeaseDocSchema>;
export type ContentDoc = z.infer<typeof ContentDocSchema>;
export type TeamDoc = ChangeDoc | EventDoc | ClaimDoc | PresenceDoc | OutboxStatusDoc | LeaseDoc | ContentDoc;
