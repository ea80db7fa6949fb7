// The bridge's input schemas and bounds (and one output shared by several commands), used by the
// commands of contract.ts: every id, text, key and list from the renderer is bounded here (no string
// or list large enough to hurt the main process), and every object input is strict.
import { z } from 'zod';
import { WebhookActionSchema } from '../wire/webhooks.ts';
import { HttpUrlSchema, NetworkSchema } from '../wire/common.ts';
import { settingsPatchSchema, settingsSchema } from '../settings.ts';
import { CommentKeySchema, ConversationKeySchema, InboxItemKeySchema, inboxKindOfKeyShape, PostKeySchema } from '../domain/keys.ts';
import { MESSAGE_TEXT_LIMITS } from '../networks.ts';
import { InboxCursorSchema, InboxFilterSchema, INBOX_VIEWS, VIEW_SWEEP_MAX } from '../domain/inbox.ts';
import { clientSettingsSchema } from '../domain/clientSettings.ts';
import { parsePostReference } from '../domain/trackedPosts.ts';
import { writtenTextProblem, type WrittenNoun } from '../domain/writtenText.ts';
import { ReportMonthSchema } from '../domain/preparedReports.ts';
import { registeredKindNamed } from '../domain/registeredKinds.ts';
import { ReviewAnswerInputSchema } from '../domain/reviewItem.ts';

// Bounds of untrusted input.
const ID_MAX = 512;
const TEXT_MAX = 20_000;
const MANY_KEYS_MAX = 1_000;
const URL_MAX = 2_048;

/** The length is checked first, so a huge string is refused before a URL parser or a message sees it. */
export const boundedUrl = (schema: z.ZodType<string, string>) =>
  z
    .string()
    .max(URL_MAX, `A web address is at most ${URL_MAX.toLocaleString('en-GB')} characters`)
    .pipe(schema);

export const Id = z.string().min(1, 'An id must not be empty').max(ID_MAX, `An id is at most ${ID_MAX} characters`);
export const Secret = z.string().trim().min(1, 'A key must not be empty').max(4_096, 'A key is at most 4,096 characters');
export const Title = z.string().trim().min(1, 'A name must not be empty').max(200, 'A name is at most 200 characters');
export const Empty = z.strictObject({});
export const Ok = z.object({ ok: z.literal(true) });

/** The service's base URL: https, or http on loopback only (a local sandbox). */
export const BaseUrl = z
  .string()
  .max(2_048)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:') return true;
      return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'The service address must start with https:// (http:// only for a service on this machine)');

export const XCredentialsInput = z.strictObject({ key: Secret, secret: Secret });

export const InboxFilterInput = InboxFilterSchema.omit({ now: true })
  .extend({
    profileIds: z.array(Id).max(200).optional(),
    platforms: z.array(NetworkSchema).max(20).optional(),
    view: z.enum(INBOX_VIEWS).optional(),
    text: z.string().max(500, 'A search is at most 500 characters').optional(),
  })
  .strict();

export const PageInput = z.strictObject({
  filter: InboxFilterInput.default({}),
  cursor: InboxCursorSchema.extend({ created: z.string().max(64), key: z.string().max(1_024) })
    .strict()
    .nullable()
    .optional(),
  limit: z.number().int().min(1).max(500).optional(),
});

const Label = z.string().trim().min(1).max(64);

export const TriageInput = z
  .strictObject({
    keys: z.array(InboxItemKeySchema).min(1, 'Name at least one item').max(MANY_KEYS_MAX, `At most ${MANY_KEYS_MAX} items at once`),
    unread: z.boolean().optional(),
    done: z.boolean().optional(),
    /** Epoch ms, or null to wake. */
    snoozedUntil: z.number().int().min(0).max(8.64e15).nullable().optional(),
    addLabels: z.array(Label).max(20).optional(),
    removeLabels: z.array(Label).max(20).optional(),
  })
  .refine(
    (input) =>
      input.unread !== undefined ||
      input.done !== undefined ||
      input.snoozedUntil !== undefined ||
      input.addLabels !== undefined ||
      input.removeLabels !== undefined,
    'Say what to change: unread, done, snoozedUntil, addLabels or removeLabels',
  );

const InboxPosition = InboxCursorSchema.extend({ created: z.string().max(64), key: z.string().max(1_024) }).strict();

/** A sweep of a whole view, bounded to the snapshot `inbox.viewSize` gave when it was selected. */
export const TriageViewInput = z
  .strictObject({
    filter: InboxFilterInput.default({}),
    newest: InboxPosition,
    count: z
      .number()
      .int()
      .min(1)
      .max(VIEW_SWEEP_MAX, `At most ${VIEW_SWEEP_MAX.toLocaleString('en-GB')} comments at once`),
    unread: z.boolean().optional(),
    done: z.boolean().optional(),
    snoozedUntil: z.number().int().min(0).max(8.64e15).nullable().optional(),
  })
  .refine(
    (input) => input.unread !== undefined || input.done !== undefined || input.snoozedUntil !== undefined,
    'Say what to change: unread, done or snoozedUntil',
  );

/** The longest any network takes (each network's own limit is checked in main, with the conversation known). */
const MESSAGE_TEXT_MAX = Math.max(...Object.values(MESSAGE_TEXT_LIMITS));

/** A broken character (lone surrogate) or only invisible characters: refused before anything is queued. */
function refuseUnwrittenText(noun: WrittenNoun) {
  return (text: string, context: z.RefinementCtx) => {
    const problem = writtenTextProblem(text, noun);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  };
}

export const ReplyText = z
  .string()
  .max(TEXT_MAX, `A reply is at most ${TEXT_MAX} characters`)
  .refine((text) => text.trim() !== '', 'A reply must not be empty')
  .superRefine(refuseUnwrittenText('reply'));

export const MessageText = z
  .string()
  .max(MESSAGE_TEXT_MAX, `A message is at most ${MESSAGE_TEXT_MAX.toLocaleString('en')} characters`)
  .refine((text) => text.trim() !== '', 'A message must not be empty')
  .superRefine(refuseUnwrittenText('message'));

const MediaUrls = z.array(boundedUrl(HttpUrlSchema)).max(1, 'One image at most');

/** Each kind's answer: its text's rules and whether it takes an image (a reply does, a direct message not). */
const ANSWER_INPUTS = {
  comment: z.strictObject({ key: CommentKeySchema, text: ReplyText, mediaUrls: MediaUrls.optional() }),
  conversation: z.strictObject({ key: ConversationKeySchema, text: MessageText }),
  review: ReviewAnswerInputSchema,
} as const;

/** Each kind's words for an image it does not take (a reply to a comment takes one). */
const NO_IMAGE_WORDS: Record<keyof typeof ANSWER_INPUTS, string | null> = {
  comment: null,
  conversation: 'A direct message takes no image',
  review: 'A reply to a review takes no image',
};

/** An answer's field its kind does not take is said in words (a direct message has no image). */
function answerIssueWords(issue: z.core.$ZodIssue, noImageWords: string | null): string {
  if (issue.code !== 'unrecognized_keys' || !issue.keys.includes('mediaUrls')) return issue.message;
  return noImageWords ?? issue.message;
}

/** A kind's answer rules: this build's kinds' above, or a kind registered at run time (registeredKinds.ts). */
function answerRulesOf(kind: string): { schema: z.ZodType; noImageWords: string | null } | null {
  if (Object.hasOwn(ANSWER_INPUTS, kind)) {
    const own = kind as keyof typeof ANSWER_INPUTS;
    return { schema: ANSWER_INPUTS[own], noImageWords: NO_IMAGE_WORDS[own] };
  }
  const registered = registeredKindNamed(kind);
  return registered ? { schema: registered.answer, noImageWords: registered.noImageWords } : null;
}

/**
 * `answer.send`'s input: the item's key, the text, an image where its kind takes one. The key's
 * kind picks the rules (its answer's schema above), so a refusal names the kind's own limit.
 */
export const AnswerInput = z
  .strictObject({
    key: InboxItemKeySchema,
    // Bounded before the kind's own rules are read (the longest any kind takes).
    text: z.string().max(Math.max(TEXT_MAX, MESSAGE_TEXT_MAX), 'That text is too long to send'),
    mediaUrls: z.array(z.string()).max(1, 'One image at most').optional(),
  })
  .superRefine((input, context) => {
    const kind = inboxKindOfKeyShape(input.key);
    if (kind === null) return;
    const rules = answerRulesOf(kind);
    if (rules === null) return;
    const checked = rules.schema.safeParse(input);
    if (!checked.success)
      for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: answerIssueWords(issue, rules.noImageWords), path: issue.path });
  });

export const RefreshTarget = z.union([z.strictObject({ postKey: PostKeySchema }), z.strictObject({ profileId: Id })]);

export const ProfileTarget = z.strictObject({ profileId: Id });
export const ReportDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Write a date as YYYY-MM-DD');
/** A time zone name is short: the length is checked before Intl sees it. */
export const ReportSettingsInput = z.looseObject({ timeZone: z.string().max(100, 'A time zone name is at most 100 characters') }).pipe(clientSettingsSchema);

/** A post to track by hand: its network and its link or id, which must name a post of that network. */
export const TrackPostInput = z
  .strictObject({ profileId: Id, platform: NetworkSchema, reference: z.string().max(2_048, 'A link or id is at most 2,048 characters') })
  .superRefine((input, context) => {
    const parsed = parsePostReference(input.platform, input.reference);
    if (!parsed.ok) context.addIssue({ code: 'custom', path: ['reference'], message: parsed.reason });
  });

export const WebhookListOutput = z.object({
  webhooks: z.array(z.object({ action: WebhookActionSchema, url: z.string() })),
  updated: z.string().nullable(),
});

/**
 * A change of some settings. Built from the settings' own fields without their defaults: a field
 * left out must stay as it is, not fall back to its default.
 */
export const SettingsPatchInput = z.strictObject({
  theme: settingsSchema.shape.theme.unwrap().optional(),
  notifications: settingsSchema.shape.notifications.unwrap().optional(),
  undoSeconds: settingsSchema.shape.undoSeconds.unwrap().optional(),
  syncPace: settingsSchema.shape.syncPace.unwrap().optional(),
  startAtLogin: settingsSchema.shape.startAtLogin.unwrap().optional(),
  closeToTray: settingsSchema.shape.closeToTray.unwrap().optional(),
  autoAdvance: settingsSchema.shape.autoAdvance.unwrap().optional(),
  savedReplies: settingsPatchSchema.shape.savedReplies,
  reportName: settingsSchema.shape.reportName.unwrap().optional(),
  reportLogo: settingsSchema.shape.reportLogo.unwrap().optional(),
  /** The saved replies as the editor was opened with them: main keeps only what the person changed since (decision 0063). */
  savedRepliesOpened: settingsPatchSchema.shape.savedReplies,
});

/** One prepared report: its month ("2026-10") and client. */
export const PreparedReportTarget = z.strictObject({ month: ReportMonthSchema, profileId: Id });

/** "Export all" of a month: the CSV of each client's prepared report, made by the page from the kept figures. */
export const PreparedExportInput = z.strictObject({
  month: ReportMonthSchema,
  files: z
    .array(z.strictObject({ profileId: Id, csv: z.string().max(2_000_000, 'A report CSV is at most 2,000,000 characters') }))
    .max(500, 'At most 500 reports at once'),
});
