// Accounts (one per API key of the service) and their profiles (the primary one and the clients'),
// as the store keeps them and the renderer shows them. No key is ever part of these: keys live in
// the vault, and the renderer learns only whether one is configured and how it is protected.
import { z } from 'zod';
import { NetworkSchema } from '../wire/common.ts';

export const AccountKindSchema = z.enum(['sandbox', 'service']);

export const AccountRecordSchema = z.object({
  accountId: z.string(),
  title: z.string(),
  /** The service's base URL (the real one or a sandbox's). Never a key: keys live in the vault. */
  baseUrl: z.string(),
  kind: AccountKindSchema,
});
export type AccountRecord = z.infer<typeof AccountRecordSchema>;

/** The accounts as the core saves their list. */
export const AccountRecordListSchema = z.array(AccountRecordSchema);

/** The profile's own account on one network: its comments and replies carry this author id. */
export const NetworkIdentitySchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string().optional(),
});
export type NetworkIdentity = z.infer<typeof NetworkIdentitySchema>;

/** A client's colour in the UI. */
export const ProfileColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written #rrggbb');

export const ProfileRecordSchema = z.object({
  accountId: z.string(),
  /** The service's refId. */
  profileId: z.string(),
  title: z.string(),
  isPrimary: z.boolean(),
  networks: z.partialRecord(NetworkSchema, NetworkIdentitySchema),
  /** The client's colour in the UI (#rrggbb); chosen by the user. */
  color: z.string().nullable(),
});
export type ProfileRecord = z.infer<typeof ProfileRecordSchema>;

/** How a secret is kept: in the OS keychain (safeStorage), or in memory only for this run. */
export const KeyProtectionSchema = z.enum(['os', 'memory']);
export type KeyProtection = z.infer<typeof KeyProtectionSchema>;

export const KeyStatusSchema = z.object({
  configured: z.boolean(),
  protection: KeyProtectionSchema,
  /** The last 4 characters, the only part of a key ever shown back. */
  last4: z.string().max(4).nullable(),
});
export type KeyStatus = z.infer<typeof KeyStatusSchema>;

export const VaultProtectionSchema = z.object({
  kind: KeyProtectionSchema,
  /** e.g. 'keychain', 'dpapi', 'gnome_libsecret', 'kwallet5', 'basic_text', 'memory'. */
  backend: z.string(),
  /** A sentence for the user when keys cannot be kept safely (no keyring), or the backend changed. */
  warning: z.string().nullable(),
});
export type VaultProtection = z.infer<typeof VaultProtectionSchema>;

/** An account as the accounts screen lists it. */
export const AccountSummarySchema = AccountRecordSchema.extend({
  /** Whether the service answered lately; null before the first request. */
  online: z.boolean().nullable(),
  profileCount: z.number().int().nonnegative(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

/** A profile as the sidebar and the accounts screen show it. */
export const ProfileViewSchema = ProfileRecordSchema.extend({
  /** The networks linked to the profile (known from GET /user). */
  linkedNetworks: z.array(NetworkSchema),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

/** The state of an account's keys in words the UI can render; never a key. */
export const AccountKeyStatusSchema = z.object({
  accountId: z.string(),
  apiKey: KeyStatusSchema,
  x: KeyStatusSchema,
  profiles: z.record(z.string(), KeyStatusSchema),
  protection: VaultProtectionSchema,
});
export type AccountKeyStatus = z.infer<typeof AccountKeyStatusSchema>;
