// What the Settings → Team screen sends to main (the bridge's `team.configure` and `team.setMode`):
// the team server's address, the workspace, the member, this device's name, the password (only when
// one is typed: it goes into the vault and never comes back) and the mode. Main checks the address
// again with its own rules (core/team/serverAddress.ts); the form's own early word on https is in
// teamAddress.ts (no zod: the page bundles it).
import { z } from 'zod';

/**
 * team: a reply waits while the team server cannot be asked whether someone else answered (the
 * default). solo: the workspace is one person's own devices: a reply goes anyway, with a warning.
 */
export const TeamModeSchema = z.enum(['team', 'solo']);
export type TeamMode = z.infer<typeof TeamModeSchema>;
export const DEFAULT_TEAM_MODE: TeamMode = 'team';

const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}`)
    .max(64, `${what.charAt(0).toUpperCase()}${what.slice(1)} is at most 64 characters`);

export const TeamSetupInput = z.strictObject({
  serverUrl: z.string().trim().min(1, 'Enter the team server’s address').max(2_048, 'The team server’s address is at most 2,048 characters'),
  workspace: z.string().trim().min(1, 'Enter the workspace').max(128, 'A workspace name is at most 128 characters'),
  member: name('your name in the team'),
  device: name('this device’s name'),
  /** Absent: keep the password saved for this server, workspace and member. */
  password: z.string().min(1, 'Enter the password').max(1_024, 'A password is at most 1,024 characters').optional(),
  mode: TeamModeSchema,
});
export type TeamSetup = z.infer<typeof TeamSetupInput>;

export const TeamModeInput = z.strictObject({ mode: TeamModeSchema });

/** team.json in the data folder (core/app/teamSetupFile.ts): the team set on this device, and each workspace's mode. */
export const TeamSetupFileSchema = z.object({
  version: z.literal(1),
  team: z.object({ serverUrl: z.string().max(2_048), workspace: z.string().max(128), member: z.string().max(64), device: z.string().max(64) }).nullable(),
  /** By workspace address (server address / workspace). */
  modes: z.record(z.string().max(2_300), TeamModeSchema),
});
export type TeamSetupFileContent = z.infer<typeof TeamSetupFileSchema>;
