// What the status line shows: whether each account's service can be reached, how far each profile's
// sync has come, and whether the store had to be rebuilt.
import { z } from 'zod';
import { OutboxHealthSchema } from './outbox.ts';

export const ConnectivitySchema = z.object({
  accountId: z.string(),
  online: z.boolean(),
  /** What the judgement rests on: our own traffic, the probe, or the operating system's hint. */
  reason: z.enum(['traffic', 'probe', 'os-hint', 'initial']),
  /** Epoch ms. */
  at: z.number(),
});
export type Connectivity = z.infer<typeof ConnectivitySchema>;

export const PROFILE_SYNC_STATES = ['stopped', 'paused', 'offline', 'held', 'syncing', 'idle'] as const;

/** Epoch ms of a client's first complete fetch of each inbox kind (kept by the core's store); null before it. */
export const FirstFetchedSchema = z.object({ comment: z.number().nullable(), conversation: z.number().nullable() });
export type FirstFetched = z.infer<typeof FirstFetchedSchema>;

export const ProfileSyncStatusSchema = z.object({
  accountId: z.string(),
  profileId: z.string(),
  state: z.enum(PROFILE_SYNC_STATES),
  /** Posts whose comments have been fetched at least once. */
  postsDone: z.number().int(),
  postsTotal: z.number().int(),
  /** Epoch ms of the next planned job, or null. */
  nextDueAt: z.number().nullable(),
  /** Until a kind's first complete fetch, an empty view of it means "not fetched yet", never "Inbox zero". */
  firstFetched: FirstFetchedSchema,
  /** A request of this start has been answered: until then the copy on this computer is not "up to date". */
  checked: z.boolean(),
});
export type ProfileSyncStatus = z.infer<typeof ProfileSyncStatusSchema>;

export const StoreRecoverySchema = z.object({
  /** For the person, in plain words. */
  reason: z.string(),
  /** True when the store is in memory for this session only: nothing will be kept. */
  temporary: z.boolean(),
});
export type StoreRecoveryView = z.infer<typeof StoreRecoverySchema>;

export const SyncProblemSchema = z.object({
  accountId: z.string(),
  profileId: z.string().nullable(),
  kind: z.string(),
  /** For people; built from redacted text only. */
  message: z.string(),
  postKey: z.string().nullable(),
});
export type SyncProblem = z.infer<typeof SyncProblemSchema>;

export const AppStatusSchema = z.object({
  connectivity: z.array(ConnectivitySchema),
  sync: z.array(ProfileSyncStatusSchema),
  syncPaused: z.boolean(),
  storeRecovery: StoreRecoverySchema.nullable(),
  keyWarning: z.string().nullable(),
  /** Outbox files found damaged (and replaced) or that cannot be opened, per account. */
  outboxHealth: z.array(OutboxHealthSchema),
  /** A key to enter again (missing or refused), kept for a window or tab that opens after it was found. */
  keyProblem: SyncProblemSchema.nullable(),
});
export type AppStatus = z.infer<typeof AppStatusSchema>;
