// The user's settings: one schema for the Electron host (electron-store), the web host (a JSON
// file) and the renderer's settings screen. Unknown keys are dropped, missing ones take the defaults.
import { z } from 'zod';
import { DEFAULT_SAVED_REPLIES, SAVED_REPLY_LIMITS, withSavedReplyIds } from './savedReplies.ts';

/** The largest logo the reports take, in bytes of the image (a data: URL is about a third longer). */
export const REPORT_LOGO_MAX_BYTES = 256 * 1024;

/** Each image type's data: URL prefix and how its bytes begin, in base64 (PNG's signature, JPEG's SOI, WebP's RIFF). */
const LOGO_TYPES: readonly (readonly [string, string])[] = [
  ['data:image/png;base64,', 'iVBORw0KGgo'],
  ['data:image/jpeg;base64,', '/9j/'],
  ['data:image/webp;base64,', 'UklGR'],
];

/** A logo: a PNG, JPEG or WebP as a data: URL whose bytes are of that type, small enough to keep in the settings. */
const reportLogoSchema = z
  .string()
  .max(Math.ceil(REPORT_LOGO_MAX_BYTES / 3) * 4 + 32, 'The logo is too large: pick an image under 256 KB')
  .refine(
    (url) =>
      LOGO_TYPES.some(
        ([prefix, magic]) => url.startsWith(prefix) && url.startsWith(magic, prefix.length) && /^[A-Za-z0-9+/]+=*$/u.test(url.slice(prefix.length)),
      ),
    'The logo must be a PNG, JPEG or WebP image',
  );

const settingFields = {
  theme: z.enum(['system', 'light', 'dark']),
  notifications: z.boolean(),
  /** Seconds a reply waits before it is sent, so it can be undone. */
  undoSeconds: z.number().int().min(0).max(30),
  /** How much of each profile's rate budget the sync may spend: the rest is left for replies. */
  syncPace: z.enum(['gentle', 'normal', 'eager']),
  startAtLogin: z.boolean(),
  closeToTray: z.boolean(),
  /** After a reply or a message is sent, the next item opens (as Superhuman does). */
  autoAdvance: z.boolean(),
  /**
   * Texts reused in replies; `{name}` is filled from the comment's author. A patch replaces the whole
   * list. Each reply's id is optional here (settings kept before ids existed, a caller that sends
   * none): the settings themselves always have one (`settingsSchema` gives them, savedReplies.ts).
   */
  savedReplies: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(SAVED_REPLY_LIMITS.id).optional(),
        title: z.string().trim().min(1, 'A saved reply needs a title').max(SAVED_REPLY_LIMITS.title),
        text: z.string().trim().min(1, 'A saved reply needs a text').max(SAVED_REPLY_LIMITS.text),
      }),
    )
    .max(SAVED_REPLY_LIMITS.count, `At most ${SAVED_REPLY_LIMITS.count} saved replies`),
  /** The freelancer's name on the client reports' cover ("Prepared by …"); empty: none. */
  reportName: z.string().trim().max(80, 'At most 80 characters for your name on reports'),
  /** The freelancer's logo on the client reports' cover (main keeps it; the page gets it as a data: URL); null: none. */
  reportLogo: reportLogoSchema.nullable(),
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
  autoAdvance: settingFields.autoAdvance.default(true),
  savedReplies: settingFields.savedReplies.transform(withSavedReplyIds).default(() => DEFAULT_SAVED_REPLIES.map((reply) => ({ ...reply }))),
  reportName: settingFields.reportName.default(''),
  reportLogo: settingFields.reportLogo.default(null),
  reportsFolder: settingFields.reportsFolder.default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** A change to some settings: fields left out stay as they are (no defaults filled in). */
export const settingsPatchSchema = z.object(settingFields).partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
