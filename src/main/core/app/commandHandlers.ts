// Every command of the contract but the team's (app/teamCommands.ts), mapped onto the core's
// services. Inputs arrive parsed (the dispatcher did that); each handler's answer is checked against
// the output schema on the way out.
import type { FolderChoicePort, ReportPdfPort, SettingsPort } from '../ports.ts';
import type { PreparedReports } from './preparedReports.ts';
import type { AccountService } from './accountService.ts';
import type { InboxService } from './inboxService.ts';
import type { MessageService } from './messageService.ts';
import type { ReviewService } from './reviewService.ts';
import type { PersonPictures } from './personPictures.ts';
import type { CommentDeletion } from './commentDeletion.ts';
import type { CommentsSwitch } from './commentsSwitch.ts';
import type { PostService } from './postService.ts';
import type { ReplyService } from './replyService.ts';
import type { ReportService } from './reportService.ts';
import type { WebhookService } from './webhookService.ts';
import type { AppStatus } from '../../../shared/domain/status.ts';
import type { SetAsideRow } from '../../../shared/domain/outbox.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { SettingsEdit } from './savedRepliesEdit.ts';
import type { SoloCommands } from './teamPort.ts';
import { inboxKindOfKey } from '../kinds/inboxKinds.ts';
import { kindItems } from './kindItems.ts';

export interface HandlerServices {
  accounts: AccountService;
  inbox: InboxService;
  deletion: CommentDeletion;
  replies: ReplyService;
  /** Direct messages: conversations, the reply windows closing soonest, sending. */
  messages: MessageService;
  /** Reviews: one read, the business's reply (kindItems.ts). */
  reviews: ReviewService;
  /** The person's picture in a conversation, fetched by main as a data: URL. */
  pictures: PersonPictures;
  posts: PostService;
  report: ReportService;
  /** null: the host cannot save a PDF (the web host); the renderer prints with the browser instead. */
  reportPdf: ReportPdfPort | null;
  /** Last month's reports, prepared on the 1st and kept. */
  prepared: PreparedReports;
  /** null: the host has no folder dialog (the web host); "Export all" then downloads in the page. */
  folderChoice: FolderChoicePort | null;
  /** Comments on/off, queued like a reply. */
  commentsSwitch: CommentsSwitch;
  webhooks: WebhookService;
  settings: SettingsPort;
  status(): AppStatus;
  /** Rows the accounts' outboxes could not use. */
  setAside(): SetAsideRow[];
  setSyncPaused(paused: boolean): void;
  /** A key was given (or its account removed): a problem asking for it is no longer told to pages that open later. */
  keyProblemSolved(where: { accountId: string } | { profileId: string }): void;
  /** The person has read that the store was rebuilt: pages that open later are not told again. */
  storeRecoveryAcknowledged(): void;
  updateSettings(patch: SettingsEdit): Promise<Settings>;
}

export function commandHandlers(s: HandlerServices): SoloCommands {
  // An item's read and its answer, as its kind does them (kindItems.ts).
  const itemsOf = kindItems(s);
  return {
    'status.get': () => s.status(),
    'status.acknowledgeStoreRecovery': () => {
      s.storeRecoveryAcknowledged();
      return { ok: true };
    },
    'sync.setPaused': ({ paused }) => {
      s.setSyncPaused(paused);
      return { paused };
    },
    'sync.refresh': (target) => s.posts.refresh(target),

    'accounts.list': () => ({ accounts: s.accounts.list() }),
    'accounts.add': (input) => s.accounts.add(input),
    'accounts.remove': async ({ accountId }) => {
      await s.accounts.remove(accountId);
      s.keyProblemSolved({ accountId });
      return { ok: true };
    },
    'accounts.updateKeys': async (input) => {
      const status = await s.accounts.updateKeys(input);
      s.keyProblemSolved({ accountId: input.accountId });
      return status;
    },
    'accounts.keyStatus': ({ accountId }) => s.accounts.keyStatus(accountId),
    'accounts.resetSandbox': async () => ({ account: await s.accounts.resetSandbox() }),

    'profiles.list': ({ accountId }) => ({ profiles: s.accounts.profiles(accountId) }),
    'profiles.update': (input) => ({ profile: s.accounts.updateProfile(input) }),
    'profiles.create': async (input) => ({ profile: await s.accounts.createProfile(input) }),
    'profiles.setKey': async (input) => {
      const status = await s.accounts.setProfileKey(input);
      s.keyProblemSolved({ profileId: input.profileId });
      return status;
    },

    'inbox.page': ({ filter, cursor, limit }) => s.inbox.page(filter, cursor, limit),
    'inbox.counts': ({ platforms, kind }) => s.inbox.counts(platforms, kind),
    'inbox.search': ({ filter, cursor, limit, text }) => s.inbox.page({ ...filter, text }, cursor, limit),
    // After the outboxes of accounts still starting are open, so a pane shows every reply of its item.
    'inbox.item': async ({ key }) => {
      await s.replies.ready();
      return { ...itemsOf(inboxKindOfKey(key).name).read(key), outbox: s.replies.answering(key) };
    },
    'inbox.personPicture': async ({ key }) => ({ dataUrl: (await s.pictures.picture(key)).dataUrl }),
    'inbox.closingSoon': (input) => ({ rows: s.messages.closingSoon(input) }),
    'inbox.messagingOff': () => ({ profiles: s.messages.messagingOff() }),
    'inbox.triage': (input) => s.inbox.triage(input),
    'inbox.viewSize': ({ filter }) => s.inbox.viewSize(filter),
    'inbox.triageView': (input) => s.inbox.triageView(input),
    'inbox.undoTriage': ({ undoToken }) => s.inbox.undoTriage(undoToken),
    'inbox.deleteComment': ({ key }) => s.deletion.delete(key),

    'answer.send': async (input) => ({ item: await itemsOf(inboxKindOfKey(input.key).name).answer(input) }),
    'reviews.removeReply': async ({ key }) => ({ item: await s.reviews.removeReply({ key }) }),
    'outbox.list': async ({ states }) => ({ items: await s.replies.list(states) }),
    'outbox.undo': ({ id }) => s.replies.undo(id),
    'outbox.edit': async ({ id, text }) => ({ item: await s.replies.edit(id, text) }),
    'outbox.cancel': async ({ id }) => ({ item: await s.replies.cancel(id) }),
    'outbox.retry': async ({ id }) => ({ item: await s.replies.retry(id) }),
    'outbox.remove': async ({ id }) => {
      await s.replies.remove(id);
      return { ok: true };
    },
    'outbox.setAside': () => ({ rows: s.setAside() }),

    'posts.list': ({ profileId }) => ({ posts: s.posts.list(profileId) }),
    'posts.metrics': ({ postKey }) => s.posts.metrics(postKey),
    'posts.markSeen': ({ postKey, snapshotId }) => s.posts.markSeen(postKey, snapshotId),
    'posts.threads': ({ profileId }) => ({ threads: s.posts.threads(profileId) }),
    'posts.groupThread': ({ profileId, postKeys }) => ({ threads: s.posts.groupThread(profileId, postKeys) }),
    'posts.ungroupThread': ({ profileId, headKey }) => ({ threads: s.posts.ungroupThread(profileId, headKey) }),
    'posts.track': async ({ profileId, platform, reference }) => ({ post: await s.posts.track(profileId, platform, reference) }),
    'posts.untrack': ({ postKey }) => {
      s.posts.untrack(postKey);
      return { ok: true as const };
    },
    'posts.setComments': async ({ postKey, enabled }) => ({ post: await s.commentsSwitch.set(postKey, enabled) }),
    'posts.commentsChanges': () => ({ posts: s.commentsSwitch.pending() }),
    'posts.retryCommentsChange': async ({ postKey }) => ({ post: await s.commentsSwitch.retry(postKey) }),
    'posts.cancelCommentsChange': async ({ postKey }) => ({ post: await s.commentsSwitch.cancel(postKey) }),

    // The team's event address is a secret (decision 0083): the panel sees only its host.
    'webhooks.list': async ({ profileId }) => s.webhooks.forScreen(await s.webhooks.list(profileId)),
    'webhooks.register': async ({ profileId, action, url }) => s.webhooks.forScreen(await s.webhooks.register(profileId, action, url)),
    'webhooks.unregister': async ({ profileId, action }) => s.webhooks.forScreen(await s.webhooks.unregister(profileId, action)),
    'webhooks.setSecret': ({ profileId, secret }) => s.webhooks.setSecret(profileId, secret),
    'webhooks.verify': (input) => s.webhooks.verify(input),

    'settings.get': () => s.settings.get(),
    'settings.update': (patch) => s.updateSettings(patch),
    'report.get': (input) => s.report.report(input),
    'report.settings.get': ({ profileId }) => ({ settings: s.report.settings(profileId) }),
    'report.settings.update': ({ profileId, settings, opened }) => ({ settings: s.report.updateSettings(profileId, settings, opened) }),
    'report.exportPdf': ({ suggestedName }) => s.reportPdf?.save(suggestedName) ?? { outcome: 'unsupported' },
    'reports.prepared.list': () => ({ reports: s.prepared.list(), folder: s.prepared.folder, canChooseFolder: s.folderChoice !== null }),
    'reports.prepared.chooseFolder': () =>
      s.prepared.chooseFolder(s.folderChoice, async (folder) => {
        await s.updateSettings({ reportsFolder: folder });
      }),
    'reports.prepared.get': ({ month, profileId }) => ({ report: s.prepared.get(month, profileId) }),
    'reports.prepared.prepareAgain': async ({ month, profileId }) => ({ report: await s.prepared.prepareAgain(month, profileId) }),
    'reports.prepared.exportAll': ({ month, files }) => s.prepared.exportAll(month, files, s.folderChoice),
    'outbox.sendAnyway': async ({ id }) => ({ item: await s.replies.sendAnyway(id) }),
  };
}
