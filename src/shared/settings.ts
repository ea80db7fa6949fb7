// The user's settings: one schema for the Electron host (electron-store), the web host (memory) and
// the renderer's settings screen. Unknown keys are dropped, missing ones take the defaults.
import { z } from 'zod';

export const settingsSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  notifications: z.boolean().default(true),
  /** Seconds a reply waits before it is sent, so it can be undone. */
  undoSeconds: z.number().int().min(0).max(30).default(5),
  /** How much of each profile's rate budget the sync may spend: the rest is left for replies. */
  syncPace: z.enum(['gentle', 'normal', 'eager']).default('normal'),
  startAtLogin: z.boolean().default(false),
  closeToTray: z.boolean().default(true),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export const settingsPatchSchema = settingsSchema.partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
