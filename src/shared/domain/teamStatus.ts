// The team workspace as the Settings → Team screen shows it (the bridge's `team.status`): whether
// this device joined, why not, the server's state as the replication last found it, and who else
// is replying to what. No password ever.
import { z } from 'zod';
import { TeamModeSchema } from './teamSetup.ts';

const text = z.string().max(2048);

export const TeamPresenceSchema = z.object({
  member: text,
  device: text,
  itemKey: text,
  until: z.number(),
});

export type TeamPresenceView = z.infer<typeof TeamPresenceSchema>;

/**
 * Documents from the team this device refused (decision 0064), grouped: content from a device that
 * did not poll its client then (which client, whose device), or another entry and why.
 */
export const TeamRefusalSchema = z.object({
  count: z.number().int().positive(),
  reason: text,
  content: z.object({ profileId: text, member: text, device: text }).nullable(),
});

export type TeamRefusalView = z.infer<typeof TeamRefusalSchema>;

export const TeamStatusSchema = z.object({
  joined: z.boolean(),
  /** Why the device works alone although a team is set; null when it joined or no team is set. */
  problem: text.nullable(),
  serverUrl: text.nullable(),
  workspace: text.nullable(),
  member: text.nullable(),
  device: text.nullable(),
  /** answer-too-large: the server sent more than the app accepts (a broken or hostile server); the app retries. */
  replication: z.enum(['connecting', 'up-to-date', 'syncing', 'offline', 'refused', 'answer-too-large']).nullable(),
  serverReachable: z.boolean(),
  present: z.array(TeamPresenceSchema).max(1000),
  /** team: a reply waits while the server cannot be asked; solo (just my own devices): it goes, with a warning. */
  mode: TeamModeSchema,
  /** Whether a password is kept in the vault for this server, workspace and member (never the password). */
  passwordSaved: z.boolean(),
  /** When this device last found the team server unreachable, while it still is (epoch ms); null when reachable. */
  unreachableSince: z.number().nullable(),
  /** Replies sent in solo mode without the server's check, in this run: how many and the last one's time. */
  sentUnchecked: z.object({ count: z.number().int(), lastAt: z.number() }).nullable(),
  /** What this device refused of what the team's members wrote, grouped (the latest groups). */
  refused: z.array(TeamRefusalSchema).max(50),
});

export type TeamStatusView = z.infer<typeof TeamStatusSchema>;
