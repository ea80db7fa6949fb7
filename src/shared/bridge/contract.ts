// The bridge contract: every command the renderer may call (its input and output schemas) and every
// event the core sends it (its payload schema). Main validates each input against it before the
// core sees it, and each output before it leaves; the preload and the renderer's types are derived
// from it; nothing here is declared twice. Inputs are strict (an unknown field is an error, not a
// silent no-op) and bounded (no string or list large enough to hurt the main process).
//
// Secrets travel only one way: into main, in the inputs that set them (an API key, a profile key,
// the X key pair, a webhook secret). No output and no event ever carries one.
import { z } from 'zod';
import { WebhookActionSchema, WebhookUrlSchema } from '../wire/webhooks.ts';
import { NetworkSchema } from '../wire/common.ts';
import { settingsSchema } from '../settings.ts';
import { AccountKeyStatusSchema, AccountSummarySchema, ProfileColorSchema, ProfileViewSchema } from '../domain/accounts.ts';
import { CommentKeySchema, ConversationKeySchema, InboxItemKeySchema, PostKeySchema, ReviewKeySchema } from '../domain/keys.ts';
import { ItemStatesChangedPayload } from './itemStatesEvent.ts';
import { MESSAGE_REPLY_WINDOW_MS } from '../networks.ts';
import { InboxCountsSchema, InboxCursorSchema, InboxItemKindSchema, InboxPageSchema, InboxRowSchema, ItemNetworkSchema } from '../domain/inbox.ts';
import { InboxItemSchema } from '../domain/inboxItem.ts';
import { OutboxItemViewSchema, SetAsideRowSchema } from '../domain/outbox.ts';
import { AnalyticsSnapshotSchema, PostDataFlagsSchema, PostSeenSchema, PostSummarySchema, PostViewSchema } from '../domain/posts.ts';
import { ClientReportSchema } from '../domain/clientReport.ts';
import { clientSettingsSchema } from '../domain/clientSettings.ts';
import { PreparedReportFileSchema, PreparedReportSummarySchema } from '../domain/preparedReports.ts';
import { AppStatusSchema, ConnectivitySchema, FirstFetchedSchema, StoreRecoverySchema, SyncProblemSchema } from '../domain/status.ts';
import { MAX_THREAD_TWEETS, PostThreadSchema } from '../domain/twitterThreads.ts';
import { COMMAND_NAMES, EVENT_NAMES } from './names.ts';
import { ResolutionNoticeSchema, TeamItemSchema, TeamMembersSchema } from '../domain/teamItem.ts';
import { TeamModeInput, TeamSetupInput } from '../domain/teamSetup.ts';
import { TeamPresenceSchema, TeamStatusSchema } from '../domain/teamStatus.ts';
import { LiveEventTimesSchema, LiveUpdatesSchema } from '../domain/liveUpdates.ts';
import {
  boundedUrl,
  Id,
  Secret,
  Title,
  Empty,
  Ok,
  BaseUrl,
  XCredentialsInput,
  InboxFilterInput,
  PageInput,
  TriageInput,
  TriageViewInput,
  ReplyText,
  AnswerInput,
  RefreshTarget,
  ProfileTarget,
  ReportDate,
  ReportSettingsInput,
  TrackPostInput,
  WebhookListOutput,
  SettingsPatchInput,
  PreparedReportTarget,
  PreparedExportInput,
} from './inputs.ts';

function command<I extends z.ZodType, O extends z.ZodType>(input: I, output: O) {
  return { input, output };
}

export const commands = {
  // Status and sync
  'status.get': command(Empty, AppStatusSchema),
  /** The person has read that the store was rebuilt: no page is told it again this session. */
  'status.acknowledgeStoreRecovery': command(Empty, Ok),
  /** The team workspace: joined or not (and why), the server's state, member, device, who is replying. */
  'team.status': command(Empty, TeamStatusSchema),
  'sync.setPaused': command(z.strictObject({ paused: z.boolean() }), z.object({ paused: z.boolean() })),
  /** Refresh now: one post, or a whole profile; offline, the service is asked at once. */
  'sync.refresh': command(RefreshTarget, z.object({ started: z.boolean() })),

  // Accounts and keys
  'accounts.list': command(Empty, z.object({ accounts: z.array(AccountSummarySchema) })),
  /** The key is checked against the service (GET /user) before anything is saved. */
  'accounts.add': command(
    z.strictObject({ title: Title, baseUrl: BaseUrl, apiKey: Secret, xCredentials: XCredentialsInput.optional() }),
    z.object({
      account: AccountSummarySchema,
      /** Something to know that does not stop the account from working (no X key pair while X is linked). */
      notice: z.string().nullable(),
    }),
  ),
  'accounts.remove': command(z.strictObject({ accountId: Id }), Ok),
  /** Replaces the API key (checked first) and/or sets or removes (null) the X key pair. */
  'accounts.updateKeys': command(
    z.strictObject({ accountId: Id, apiKey: Secret.optional(), xCredentials: XCredentialsInput.nullable().optional() }),
    AccountKeyStatusSchema,
  ),
  'accounts.keyStatus': command(z.strictObject({ accountId: Id }), AccountKeyStatusSchema),
  /** The built-in sandbox account: a fresh sandbox world, its keys and profiles again. */
  'accounts.resetSandbox': command(Empty, z.object({ account: AccountSummarySchema })),

  // Profiles
  'profiles.list': command(z.strictObject({ accountId: Id.optional() }), z.object({ profiles: z.array(ProfileViewSchema) })),
  'profiles.update': command(
    z.strictObject({ profileId: Id, title: Title.optional(), color: ProfileColorSchema.nullable().optional() }),
    z.object({ profile: ProfileViewSchema }),
  ),
  /** A new client profile through the service (Business and Enterprise plans); its key goes to the vault. */
  'profiles.create': command(z.strictObject({ accountId: Id, title: Title }), z.object({ profile: ProfileViewSchema })),
  /** The Profile-Key of a client profile of a real account (from the service's dashboard). */
  'profiles.setKey': command(z.strictObject({ profileId: Id, profileKey: Secret }), AccountKeyStatusSchema),

  // Inbox
  'inbox.page': command(PageInput, InboxPageSchema),
  /** Counts per client and over all; `kind` counts only comments or only conversations (absent: both, as the tray does). */
  'inbox.counts': command(z.strictObject({ platforms: z.array(NetworkSchema).max(20).optional(), kind: InboxItemKindSchema.optional() }), InboxCountsSchema),
  'inbox.search': command(PageInput.extend({ text: z.string().trim().min(1, 'Type something to search for').max(500) }).strict(), InboxPageSchema),
  /** One item by its key, whatever its kind (a comment's thread, a conversation's messages), with its answers still in the outbox. */
  'inbox.item': command(
    z.strictObject({ key: InboxItemKeySchema }),
    z.object({ item: InboxItemSchema, row: InboxRowSchema, outbox: z.array(OutboxItemViewSchema) }),
  ),
  /** Read/unread/done/snooze/labels on many comments and conversations; the token undoes it (`z`). */
  'inbox.triage': command(TriageInput, z.object({ changed: z.number().int(), undoToken: z.string() })),
  /** "Select all in this view": how many rows the view has and its newest one (the sweep's bound). */
  'inbox.viewSize': command(
    z.strictObject({ filter: InboxFilterInput.default({}) }),
    z.object({ count: z.number().int(), newest: InboxCursorSchema.nullable() }),
  ),
  /** Done/read/unread/snooze on every row of a view up to the selection's bound, in one write; the token undoes it. */
  'inbox.triageView': command(TriageViewInput, z.object({ changed: z.number().int(), undoToken: z.string() })),
  'inbox.undoTriage': command(z.strictObject({ undoToken: z.string().min(1).max(100) }), z.object({ restored: z.number().int() })),
  /** The person's picture as a data: URL, fetched by main (the page loads no image from elsewhere); null when there is none or it could not be used. */
  'inbox.personPicture': command(z.strictObject({ key: ConversationKeySchema }), z.object({ dataUrl: z.string().startsWith('data:image/').nullable() })),
  /** facebook and instagram conversations whose reply window is open, the soonest to close first. */
  'inbox.closingSoon': command(
    z.strictObject({ profileIds: z.array(Id).max(200).optional(), withinMs: z.number().int().min(1).max(MESSAGE_REPLY_WINDOW_MS).optional() }),
    z.object({ rows: z.array(InboxRowSchema) }),
  ),
  /** Clients whose messaging is off at the service (the sync's reads of their direct messages are refused), since when (epoch ms). */
  'inbox.messagingOff': command(z.strictObject({}), z.object({ profiles: z.array(z.object({ profileId: z.string(), since: z.number() })) })),
  /** Deletes a comment on its network, then from the inbox (TikTok: the account's own only; see shared/domain/commentDeletion.ts). */
  'inbox.deleteComment': command(z.strictObject({ key: CommentKeySchema }), z.object({ deleted: z.literal(true) })),

  // Replies and the outbox
  /**
   * Queues the answer to an item, as its kind answers (a reply to a comment, the network's
   * parameters filled in from the store; a direct message in a conversation, refused at once when
   * its reply window has closed).
   */
  'answer.send': command(AnswerInput, z.object({ item: OutboxItemViewSchema })),
  /** Queues the removal of the business's public reply to a review (on Facebook, each of its answers), with the undo window of a send. */
  'reviews.removeReply': command(z.strictObject({ key: ReviewKeySchema }), z.object({ item: OutboxItemViewSchema })),
  'outbox.list': command(
    z.strictObject({ states: z.array(OutboxItemViewSchema.shape.state).max(6).optional() }),
    z.object({ items: z.array(OutboxItemViewSchema) }),
  ),
  /** Takes a reply back within its undo window; the text comes back for the composer. */
  'outbox.undo': command(z.strictObject({ id: Id }), z.object({ item: OutboxItemViewSchema, text: z.string() })),
  'outbox.edit': command(z.strictObject({ id: Id, text: ReplyText }), z.object({ item: OutboxItemViewSchema })),
  'outbox.cancel': command(z.strictObject({ id: Id }), z.object({ item: OutboxItemViewSchema })),
  'outbox.retry': command(z.strictObject({ id: Id }), z.object({ item: OutboxItemViewSchema })),
  /** Takes a sent or cancelled reply off the list. */
  'outbox.remove': command(z.strictObject({ id: Id }), Ok),
  /** Rows the outboxes could not use (damaged or unreadable): never sent, listed with their text. */
  'outbox.setAside': command(Empty, z.object({ rows: z.array(SetAsideRowSchema) })),

  // Posts and metrics
  'posts.list': command(z.strictObject({ profileId: Id }), z.object({ posts: z.array(PostSummarySchema) })),
  'posts.metrics': command(
    z.strictObject({ postKey: PostKeySchema }),
    z.object({ post: PostViewSchema, latest: AnalyticsSnapshotSchema.nullable(), history: z.array(AnalyticsSnapshotSchema), flags: PostDataFlagsSchema }),
  ),
  /** The user looks at this snapshot of the post now; answers their look before (for "since you last looked"). */
  'posts.markSeen': command(
    z.strictObject({ postKey: PostKeySchema, snapshotId: z.number().int().positive() }),
    z.object({ previous: PostSeenSchema.nullable(), seen: PostSeenSchema }),
  ),
  /** The client's twitter threads (inferred from the tweets' "k/n" and 🧵 markers), first tweet first. */
  'posts.threads': command(ProfileTarget, z.object({ threads: z.array(PostThreadSchema) })),
  /** Makes a thread of these tweets of the client, by hand (kept); answers the client's threads. */
  'posts.groupThread': command(
    z.strictObject({
      profileId: Id,
      postKeys: z.array(PostKeySchema).min(2, 'A thread is two tweets at least').max(MAX_THREAD_TWEETS, `A thread is at most ${MAX_THREAD_TWEETS} tweets`),
    }),
    z.object({ threads: z.array(PostThreadSchema) }),
  ),
  /** The thread (named by its first tweet) is none: its tweets show one by one again (kept). */
  'posts.ungroupThread': command(z.strictObject({ profileId: Id, headKey: PostKeySchema }), z.object({ threads: z.array(PostThreadSchema) })),
  /** Tracks a post the lists of the service do not have (a video of another channel): its numbers are then fetched like the others'. */
  'posts.track': command(TrackPostInput, z.object({ post: PostViewSchema })),
  /** Stops tracking a post added by hand: it leaves the store with its numbers. */
  'posts.untrack': command(z.strictObject({ postKey: PostKeySchema }), Ok),
  /** Comments on (true) or off (false) on a published instagram, linkedin or tiktok post. */
  'posts.setComments': command(z.strictObject({ postKey: PostKeySchema, enabled: z.boolean() }), z.object({ post: PostViewSchema })),
  /** The posts with a comments on/off change not yet confirmed by the service (queued, sending or failed). */
  'posts.commentsChanges': command(Empty, z.object({ posts: z.array(PostViewSchema) })),
  /** Sends a failed (or waiting) comments change again now. */
  'posts.retryCommentsChange': command(z.strictObject({ postKey: PostKeySchema }), z.object({ post: PostViewSchema })),
  /** Takes a comments change back: the post keeps the service's state. */
  'posts.cancelCommentsChange': command(z.strictObject({ postKey: PostKeySchema }), z.object({ post: PostViewSchema })),

  // The client report (from the store: works offline)
  /**
   * The report of one client for the calendar days from..to (both included, on the client's clock).
   * `userTimeZone`: the page's own zone, the one a client without saved settings counts its hours in.
   */
  'report.get': command(z.strictObject({ profileId: Id, from: ReportDate, to: ReportDate, userTimeZone: z.string().max(100).optional() }), ClientReportSchema),
  /** The client's business hours, time zone and response target (defaults until saved). */
  'report.settings.get': command(ProfileTarget, z.object({ settings: clientSettingsSchema })),
  /** `opened`: the settings the form was opened with; then only the fields changed since are saved (decision 0063). */
  'report.settings.update': command(
    z.strictObject({ profileId: Id, settings: ReportSettingsInput, opened: ReportSettingsInput.optional() }),
    z.object({ settings: clientSettingsSchema }),
  ),
  /**
   * Saves the page on screen as a PDF where the host can (the desktop app: its own print, then a save
   * dialog; the path comes only from that dialog). The web host answers 'unsupported': the browser prints.
   */
  'report.exportPdf': command(
    z.strictObject({ suggestedName: z.string().max(200, 'A file name is at most 200 characters') }),
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('saved'), path: z.string() }),
      z.object({ outcome: z.literal('cancelled') }),
      z.object({ outcome: z.literal('unsupported') }),
    ]),
  ),

  // Reports prepared on the 1st (kept as they were computed; see shared/domain/preparedReports.ts)
  /** Every prepared report, newest month first; where they are kept. */
  'reports.prepared.list': command(Empty, z.object({ reports: z.array(PreparedReportSummarySchema), folder: z.string(), canChooseFolder: z.boolean() })),
  /** The desktop app's "Change folder…": its folder dialog; the reports kept so far are copied there. The web host: 'unsupported'. */
  'reports.prepared.chooseFolder': command(
    Empty,
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('saved'), folder: z.string(), months: z.number().int() }),
      z.object({ outcome: z.literal('cancelled') }),
      z.object({ outcome: z.literal('unsupported') }),
    ]),
  ),
  /** One prepared report with its figures as kept (the page makes its CSV from them). */
  'reports.prepared.get': command(PreparedReportTarget, z.object({ report: PreparedReportFileSchema })),
  /** "Prepare again": the month's report of this client computed from the store as it is now, replacing the one kept. */
  'reports.prepared.prepareAgain': command(PreparedReportTarget, z.object({ report: PreparedReportSummarySchema })),
  /**
   * "Export all": the desktop app asks for a folder and writes each client's CSV and figures there; the
   * web host answers 'unsupported' (it cannot write where the person chooses) and the page downloads them.
   */
  'reports.prepared.exportAll': command(
    PreparedExportInput,
    z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('saved'), folder: z.string(), files: z.number().int() }),
      z.object({ outcome: z.literal('cancelled') }),
      z.object({ outcome: z.literal('unsupported') }),
    ]),
  ),

  // Webhooks (per profile)
  'webhooks.list': command(ProfileTarget, WebhookListOutput),
  'webhooks.register': command(z.strictObject({ profileId: Id, action: WebhookActionSchema, url: boundedUrl(WebhookUrlSchema) }), WebhookListOutput),
  'webhooks.unregister': command(z.strictObject({ profileId: Id, action: WebhookActionSchema }), WebhookListOutput),
  /** Sets or rotates the signing secret; the renderer made it and shows it once; it never comes back. */
  'webhooks.setSecret': command(z.strictObject({ profileId: Id, secret: Secret }), z.object({ secretConfigured: z.literal(true) })),
  /** Does this signature match the profile's secret? (HMAC-SHA256 of the raw body, lower-case hex.) */
  'webhooks.verify': command(
    z.strictObject({ profileId: Id, body: z.string().max(1_000_000), timestamp: z.string().max(64), signature: z.string().max(256) }),
    z.object({ matches: z.boolean(), reason: z.string() }),
  ),

  // Settings
  'settings.get': command(Empty, settingsSchema),
  'settings.update': command(SettingsPatchInput, settingsSchema),

  // The team's work on items (issue 22; decision 0062)
  /** Whether this device is in a team, who it is, and the members one can assign to. */
  'team.members': command(Empty, TeamMembersSchema),
  /** Assigns items (comments and conversations) to a member of the team, or to nobody (null); the token undoes it (`z`). */
  'inbox.assign': command(
    z.strictObject({ keys: TriageInput.shape.keys, assignee: z.string().trim().min(1).max(200).nullable() }),
    z.object({ changed: z.number().int(), undoToken: z.string() }),
  ),
  /** The item's note, shared with the team (blank or null: none); the token undoes it. */
  'inbox.setNote': command(
    z.strictObject({ key: InboxItemKeySchema, note: z.string().max(10_000, 'A note is at most 10,000 characters').nullable() }),
    z.object({ changed: z.number().int(), undoToken: z.string() }),
  ),
  /** An item's note, assignee and history in the team (who decided what, on which device, when). */
  'team.itemHistory': command(z.strictObject({ key: InboxItemKeySchema }), TeamItemSchema),
  /** Concurrent decisions the team's merge chose between that this member has not dismissed yet. */
  'team.notices': command(Empty, z.object({ notices: z.array(ResolutionNoticeSchema) })),
  'team.dismissNotice': command(z.strictObject({ id: z.string().min(1).max(2000) }), Ok),
  // Settings → Team (the password goes into the vault and never comes back)
  /** Joins (or changes) the team: checked in main (https unless this computer), saved, and the workspace opened now. */
  'team.configure': command(TeamSetupInput, TeamStatusSchema),
  /** The workspace's mode: team (a reply waits for the server) or solo (just my own devices: it goes, with a warning). */
  'team.setMode': command(TeamModeInput, TeamStatusSchema),
  /** Leaves the team on this device: it works alone again and forgets the password. */
  'team.leave': command(Empty, TeamStatusSchema),
  // Settings → Team → Live updates (decision 0072 part 6, decision 0083). The event address carries the
  // proxy route's secret path: it comes in once (checked: https) and no output ever carries it.
  /** Each client's registration of the workspace's event address (asks the service once per client) and its last event. */
  'team.liveUpdates': command(Empty, LiveUpdatesSchema),
  /** Only the last event times (a local call, asked every few seconds while the panel is open). */
  'team.liveEventTimes': command(Empty, LiveEventTimesSchema),
  /** Registers the event address for new comments and messages on every client; absent: the one saved before. */
  'team.liveUpdatesOn': command(z.strictObject({ address: boundedUrl(WebhookUrlSchema).optional() }), LiveUpdatesSchema),
  /** Takes the registrations back on every client (only those of the event address; another receiver stays). */
  'team.liveUpdatesOff': command(Empty, LiveUpdatesSchema),
  // The team (issue 22)
  /** The person started writing to this comment or conversation (null: stopped): "Ann is replying" on the other devices. Nothing outside a team. */
  'team.composing': command(z.strictObject({ itemKey: InboxItemKeySchema.nullable() }), Ok),
  /** A reply or message held because someone else answered first, sent anyway (recorded in the team's audit). */
  'outbox.sendAnyway': command(z.strictObject({ id: Id }), z.object({ item: OutboxItemViewSchema })),
} as const;

/** Items of one kind with news from a sync: new comments under a post, conversations where the person wrote. */
const NewItemsPayload = z.object({
  kind: InboxItemKindSchema,
  accountId: z.string(),
  profileId: z.string(),
  /** A review's may be gmb (Google). */
  platform: ItemNetworkSchema,
  /** The items' keys. */
  keys: z.array(z.string()),
  /** Read for the first time (a post's or a client's backlog): not news. */
  firstFetch: z.boolean(),
});

export const events = {
  'items.new': NewItemsPayload,
  'inbox.countsChanged': InboxCountsSchema,
  'outbox.changed': z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['added', 'changed']), item: OutboxItemViewSchema }),
    z.object({ kind: z.literal('removed'), id: z.string() }),
  ]),
  'connectivity.changed': ConnectivitySchema,
  /** Posts whose comments state or pending comments change moved (queued, sending, sent, failed, cancelled). */
  'posts.changed': z.object({ posts: z.array(PostViewSchema) }),
  'sync.progress': z.object({ accountId: z.string(), profileId: z.string(), postsDone: z.number().int(), postsTotal: z.number().int() }),
  'sync.problem': SyncProblemSchema,
  /** A client's first complete fetch of a kind was done, or this start's requests were first answered. */
  'sync.fetched': z.object({ accountId: z.string(), profileId: z.string(), firstFetched: FirstFetchedSchema, checked: z.boolean() }),
  /** The person clicked a notification: open this comment or conversation (`commentKey` holds either key), or the outbox item that failed. */
  'notification.open': z.object({ commentKey: z.string(), outboxId: z.string().nullable() }),
  'settings.changed': settingsSchema,
  /** Keys cannot be kept safely (no keyring), or the keychain backend changed. */
  'keys.warning': z.object({ message: z.string(), backend: z.string(), protection: z.enum(['os', 'memory']) }),
  'store.recovered': StoreRecoverySchema,
  /** Accounts or profiles were added, removed or renamed: lists should be read again. */
  'accounts.changed': z.object({}),
  /** Prepared reports were added or prepared again: the list should be read again. */
  'reports.prepared.changed': z.object({}),
  /** Items' state (read, done, snooze, labels…) changed, from any window or the sync: their states now; `more`: too many to list, read again. */
  'items.stateChanged': ItemStatesChangedPayload,
  /** The team notices pending for this member changed (a new concurrent decision, one dismissed): all of them now. */
  'team.noticesChanged': z.object({ notices: z.array(ResolutionNoticeSchema) }),
  /** Who else is writing to what now, in the team (expired entries already left out). */
  'team.presenceChanged': z.object({ present: z.array(TeamPresenceSchema).max(1000) }),
} as const;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
/** What the renderer passes (defaults may be left out). */
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
/** What the handler receives after parsing (defaults filled in). */
export type ParsedCommandInput<N extends CommandName> = z.output<Commands[N]['input']>;
export type CommandOutput<N extends CommandName> = z.output<Commands[N]['output']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

// The zod-free name lists (the preload bundles them) must be exactly the contract's keys: a name missing
// or extra on either side makes `[true, true]` fail to compile. Exported only so that it counts as used.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const NAME_LISTS_MATCH_CONTRACT: [SameKeys<(typeof COMMAND_NAMES)[number], CommandName>, SameKeys<(typeof EVENT_NAMES)[number], EventName>] = [
  true,
  true,
];

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands, name);
}
