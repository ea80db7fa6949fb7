// The user's settings: one schema for the Electron host (electron-store), the web host (a JSON
// file) and the renderer's settings screen. Unknown keys are dropped, missing ones take the defaults.
import { z } from 'zod';
import { DEFAULT_SAVED_REPLIES, SAVED_REPLY_LIMITS } from './savedReplies.ts';

/** Each setting's rule, without its default: a patch names only what it changes. */
const settingFields = {
  theme: z.enum(['system', 'light', 'dark']),
  notifications: z.boolean(),
  /** Seconds a reply waits before it is sent, so it can be undone. */
  undoSeconds: z.number().int().min(0).max(30),
  /** How much of each profile's rate budget the sync may spend: the rest is left for replies. */
  syncPace: z.enum(['gentle', 'normal', 'eager']),
  startAtLogin: z.boolean(),
  closeToTray: z.boolean(),
  /** Texts reused in replies; `{name}` is filled from the comment's author. A patch replaces the whole list. */
  savedReplies: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'A saved reply needs a title').max(SAVED_REPLY_LIMITS.title),
        text: z.string().trim().min(1, 'A saved reply needs a text').max(SAVED_REPLY_LIMITS.text),
      }),
    )
    .max(SAVED_REPLY_LIMITS.count, `At most ${SAVED_REPLY_LIMITS.count} saved replies`),
  /** Where the reports prepared on the 1st are kept (desktop: chosen with the system's folder dialog); null: the data folder's `reports`. Never set by the page. */
  reportsFolder: z.string().min(1).max(4_096).nullable(),
};

export const settingsSchema = z.object({
  theme: settingFields.theme.default('system'),
  notifications: settingFields.notifications.default(true),
  undoSeconds: settingFields.undoSeconds.default(5),
  syncPace: settingFields.syncPace.default('normal'),
  startAtLogin: settingFields.startAtLogin.default(false),
  closeToTray: settingFields.closeToTray.default(true),
  savedReplies: settingFields.savedReplies.default(() => DEFAULT_SAVED_REPLIES.map((reply) => ({ ...reply }))),
  reportsFolder: settingFields.reportsFolder.default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** A change to some settings: fields left out stay as they are (no defaults filled in). */
export const settingsPatchSchema = z.object(settingFields).partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
