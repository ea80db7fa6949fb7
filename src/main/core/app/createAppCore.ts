// The application core, composed: the store in the data directory, the accounts (each with its
// service client, sync and outbox), the built-in sandbox account when the host offers one, the
// notification planner, and the bridge dispatcher over all of it. Every host (Electron, the web
// host, tests) builds the same core with its own ports; nothing else differs.
import { join } from 'node:path';
import { type AppStatus } from '../../../shared/domain/status.ts';
import type { Settings, SettingsPatch } from '../../../shared/settings.ts';
import { createDispatcher } from '../bridge/createDispatcher.ts';
import { EventHub } from '../bridge/eventHub.ts';
import { systemClock } from '../clock.ts';
import { NotificationPlanner } from '../notifications/notificationPlanner.ts';
import { inboxRowOfKey } from '../kinds/inboxKinds.ts';
import { openStore, storeFileIn, type StoreRecovery } from '../store/sqliteStore.ts';
import { AccountRegistry } from './accountRegistry.ts';
import { accountsFileIn } from './accountsFile.ts';
import { AccountRuntime } from './accountRuntime.ts';
import { AccountService } from './accountService.ts';
import type { AppCore } from './appCore.ts';
import { commandHandlers } from './commandHandlers.ts';
import { CoreEvents } from './coreEvents.ts';
import { itemStatesWrittenPayload } from './itemStatesChanged.ts';
import { InboxService } from './inboxService.ts';
import { CommentDeletion } from './commentDeletion.ts';
import { CommentsSwitch, commentsQueueListener } from './commentsSwitch.ts';
import { KnownSecrets } from './knownSecrets.ts';
import { ReviewService } from './reviewService.ts';
import { MessageService } from './messageService.ts';
import { MessagingOff } from './messagingOff.ts';
import { PersonPictures } from './personPictures.ts';
import type { AppCoreOptions, NotifierPort } from '../ports.ts';
import { PostService } from './postService.ts';
import { ClientSettingsFile, clientSettingsFileIn } from './clientSettingsFile.ts';
import { type SettingsEdit, settingsPatchOf } from './savedRepliesEdit.ts';
import { ReportService } from './reportService.ts';
import { PreparedReportFiles } from './preparedReportFiles.ts';
import { PreparedReports } from './preparedReports.ts';
import { ReplyService } from './replyService.ts';
import { StatusBoard, storeRecoveryView } from './statusBoard.ts';
import { appStatus } from './appStatus.ts';
import { nudgeableSyncs } from './liveUpdatesWiring.ts';
import { startTeam } from './teamModule.ts';
import { answeredOf } from './views.ts';
import { CountsChanged, UnreadWatch } from './unreadWatch.ts';
import type { OutboxItem } from '../outbox/types.ts';
import { WebhookService } from './webhookService.ts';
import { cutGraphemes } from '../../../shared/format/graphemes.ts';

export type { AppCore } from './appCore.ts';

const PREVIEW_LENGTH = 120;
const silentNotifier: NotifierPort = { show: () => {} };

/** A service address on this machine (the sandbox, or a stand-in of the service). */
function servesFromThisMachine(baseUrl: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

export async function createAppCore(options: AppCoreOptions): Promise<AppCore> {
  const clock = options.clock ?? systemClock;
  const { logger, vault, settings } = options;
  const tuning = options.tuning ?? {};
  const hub = new EventHub(logger);
  const known = new KnownSecrets();
  const board = new StatusBoard();

  const opened = openStore(storeFileIn(options.dataDir), { clock });
  const store = opened.store;
  const tell = (recovery: StoreRecovery) => {
    board.storeRecovery = storeRecoveryView(recovery);
    logger?.warn('The store could not be used as it was and was rebuilt', { ...recovery });
    hub.emitSticky('store.recovered', board.storeRecovery);
  };
  if (opened.recovered) tell(opened.recovered);
  // Damage met after open (by any query, or by the full check below) is told at once; the store has
  // replaced its file. Met while the core is wired here (the registry writes the accounts back into
  // the store as it is built), it is remembered and answered once the accounts exist, below.
  let rebuiltWhileWiring = false;
  store.onRecovered((recovery) => {
    tell(recovery);
    rebuiltWhileWiring = true;
  });
  // Every committed write of item state (a window's triage, an undo, the sync reopening a
  // conversation) is told to every window, so a change made elsewhere shows without a refresh.
  store.onItemStatesChanged((statesNow, changes) => hub.emit('items.stateChanged', itemStatesWrittenPayload(changes, statesNow)));
  const protection = vault.protection();
  if (protection.warning !== null) {
    hub.emitSticky('keys.warning', { message: protection.warning, backend: protection.backend, protection: protection.kind });
  }

  // Built in dependency order: each piece after what it needs. The one circle (the inbox service
  // says when counts change; the watch reads the counts through it) goes through `countsChanged`.
  const registry = new AccountRegistry(store, { file: accountsFileIn(options.dataDir), logger });
  const countsChanged = new CountsChanged();
  const inbox = new InboxService(store, registry, () => countsChanged.tell());
  const unread = new UnreadWatch(
    () => inbox.counts(),
    (counts) => hub.emit('inbox.countsChanged', counts),
  );
  countsChanged.listen(() => unread.changed());

  const planner = new NotificationPlanner({
    ...tuning.notifications,
    clock,
    notifier: options.notifier ?? silentNotifier,
    enabled: () => settings.get().notifications,
    profileTitle: (profileId) => store.profiles().find((p) => p.profileId === profileId)?.title ?? 'a client',
    preview: (key) => {
      const row = inboxRowOfKey(store, key);
      if (!row) return null;
      const text = `${row.authorName}: ${row.text}`;
      return cutGraphemes(text, PREVIEW_LENGTH);
    },
  });

  const messagingOff = new MessagingOff();
  const coreEvents = new CoreEvents({
    hub,
    store,
    registry,
    board,
    planner,
    countsChanged: () => countsChanged.tell(),
    logger,
    team: () => team.offer(),
  });
  const commentsQueueEvent = commentsQueueListener(store, hub, logger);

  // Each account's own wiring (its sync's connectivity to its queues, a sent reply to its post) is
  // inside its AccountRuntime; what goes up to the whole app goes through these listeners.
  const accountService = new AccountService({
    store,
    registry,
    vault,
    clock,
    events: hub,
    known,
    board,
    logger,
    sandbox: options.sandbox,
    makeRuntime: (account, onClose) =>
      new AccountRuntime(
        account,
        {
          dataDir: options.dataDir,
          store,
          accountSnapshots: store,
          messages: store,
          reviews: store,
          vault,
          clock,
          settings: () => settings.get(),
          tuning,
          logger,
          onSyncEvent: (event) => {
            messagingOff.observe(event, clock.now());
            coreEvents.sync(event);
          },
          onOutboxEvent: (owner) => (event) => {
            coreEvents.outbox(owner, event);
            team.offer().outboxChanged(event);
          },
          onPostSettingsEvent: (accountId) => (event) => commentsQueueEvent(accountId, event),
          syncPaused: () => board.syncPaused,
          teamHold: (item) => team.offer().holdBeforeSend(item),
          sharingFor: (serviceUrl) => team.offer().sharingFor(serviceUrl),
        },
        onClose,
      ),
  });

  // The accounts and profiles go back in before the call that met the damage is answered, and each
  // account's sync starts over so that it refills the store from the service.
  if (rebuiltWhileWiring) registry.restoreInto();
  store.onRecovered(() => {
    registry.restoreInto();
    setTimeout(() => {
      for (const runtime of accountService.running()) void runtime.restartSync();
      unread.changed();
      hub.emit('accounts.changed', {});
    }, 0);
  });

  const clientSettingsFile = new ClientSettingsFile(clientSettingsFileIn(options.dataDir));
  const applySettings = async (patch: SettingsPatch): Promise<Settings> => {
    const next = settings.update(patch);
    hub.emit('settings.changed', next);
    await Promise.all(accountService.running().map((runtime) => runtime.applySettings(next)));
    return next;
  };

  const webhooks = new WebhookService(accountService, vault, known);
  // The team, handed what it may touch (app/teamPort.ts, decision 0075); the core asks its offer at each call.
  const ownerOf = (item: OutboxItem) => accountService.running().find((runtime) => runtime.outboxIfOpen?.get(item.id) !== undefined);
  const team = await startTeam({
    dataDir: options.dataDir,
    settings: options.team,
    vault,
    clock,
    logger,
    tuning,
    remember: (secret) => known.add(secret),
    store,
    inbox,
    person: (key) => answeredOf(store, key)?.person ?? null,
    events: hub,
    outbox: {
      items: () => accountService.running().flatMap((runtime) => runtime.outboxIfOpen?.list() ?? []),
      tell: (item) => {
        const owner = ownerOf(item);
        if (owner) coreEvents.outbox(owner, { type: 'changed', item });
      },
      retry: (item) => {
        try {
          ownerOf(item)?.outbox.retry(item.id);
        } catch (error) {
          logger?.warn('A held answer could not be sent after the one holding it gave up', { reason: (error as Error).message });
        }
      },
    },
    clientSettings: clientSettingsFile,
    savedReplies: {
      current: () => settings.get().savedReplies,
      apply: async (savedReplies) => {
        await applySettings({ savedReplies });
      },
    },
    syncs: nudgeableSyncs(accountService),
    liveRegistration: {
      clients: () => accountService.profiles().map((profile) => ({ profileId: profile.profileId, title: profile.title })),
      webhooks,
      hideAddress: (url) => webhooks.hideAddress(url),
      isClient: (profileId) => registry.activeProfileIds().has(profileId),
    },
  });

  const replies = new ReplyService(
    accountService,
    inbox,
    () => clock.now(),
    (key) => answeredOf(store, key),
    () => team.offer(),
  );
  const messages = new MessageService({ store, registry, accounts: accountService, now: () => clock.now(), messagingOff });
  const reviews = new ReviewService({ store, accounts: accountService, activeProfileIds: () => registry.activeProfileIds() });
  const pictures = new PersonPictures({
    store,
    logger,
    now: () => clock.now(),
    fetchesFor: (profileId) => {
      const accountId = store.profiles().find((profile) => profile.profileId === profileId)?.accountId;
      const account = accountId === undefined ? undefined : registry.get(accountId);
      return account !== undefined && !servesFromThisMachine(account.baseUrl);
    },
  });
  const posts = new PostService(store, accountService, () => clock.now());
  const report = new ReportService({
    store,
    accounts: accountService,
    posts,
    settingsFile: clientSettingsFile,
    now: () => clock.now(),
    team: () => team.offer().reportTeam(),
  });
  const prepared = new PreparedReports({
    ...tuning.preparedReports,
    files: new PreparedReportFiles(
      () => settings.get().reportsFolder ?? options.reportsDir ?? join(options.dataDir, 'reports'),
      () => clock.now(),
    ),
    clock: tuning.preparedReports?.clock ?? clock,
    clients: () => accountService.profiles().map((profile) => ({ profileId: profile.profileId, title: profile.title })),
    timeZone: (profileId) => report.settings(profileId).timeZone,
    report: (input, now) => report.report(input, now),
    notify: (month, clients) => planner.reportsReady(month, clients),
    changed: () => hub.emit('reports.prepared.changed', {}),
    // The client's first complete sync is done and this start has checked it (issue 27, decision 0069).
    synced: (profileId) => {
      const state = status().sync.find((entry) => entry.profileId === profileId);
      return state !== undefined && state.checked && state.firstFetched.comment !== null && state.firstFetched.conversation !== null;
    },
    logger,
  });
  const commentsSwitch = new CommentsSwitch(store, accountService);
  const deletion = new CommentDeletion(store, inbox, accountService, () => countsChanged.tell());

  const setSyncPaused = (paused: boolean) => {
    board.syncPaused = paused;
    for (const runtime of accountService.running()) {
      if (paused) runtime.sync.pause();
      else runtime.sync.resume();
    }
  };

  const status = (): AppStatus =>
    appStatus({ board, accounts: accountService, activeProfileIds: () => registry.activeProfileIds(), vault, hub, now: () => clock.now() });

  const updateSettings = async (edit: SettingsEdit): Promise<Settings> => {
    const before = settings.get().savedReplies;
    // Only what the person changed since the editor opened (savedRepliesEdit.ts).
    const patch = settingsPatchOf(edit, before);
    const next = await applySettings(patch);
    // In a team, the saved replies changed here are shared; the team's are applied without coming back.
    if (patch.savedReplies !== undefined) team.offer().savedRepliesChanged(before, next.savedReplies);
    return next;
  };

  const keyProblemSolved = (where: { accountId: string } | { profileId: string }): void =>
    hub.dropSticky('sync.problem', (problem) => ('accountId' in where ? problem.accountId === where.accountId : problem.profileId === where.profileId));

  const storeRecoveryAcknowledged = (): void => {
    board.storeRecovery = null;
    hub.dropSticky('store.recovered', () => true);
  };

  const dispatcher = createDispatcher({
    handlers: {
      ...commandHandlers({
        accounts: accountService,
        inbox,
        deletion,
        replies,
        messages,
        reviews,
        pictures,
        posts,
        report,
        reportPdf: options.reportPdf ?? null,
        prepared,
        folderChoice: options.folderChoice ?? null,
        commentsSwitch,
        webhooks,
        settings,
        status,
        setSyncPaused,
        updateSettings,
        keyProblemSolved,
        storeRecoveryAcknowledged,
        setAside: () => accountService.running().flatMap((runtime) => runtime.setAsideRows()),
      }),
      ...team.commands,
    },
    subscribe: (listener) => hub.subscribe(listener),
    ...(logger ? { logger } : {}),
    redact: (text) => known.redact(text),
  });

  accountService.start();
  prepared.start();
  // The full check (every page) runs beside the start, not before it: see store/backgroundCheck.ts.
  void store.verify();

  let closing: Promise<void> | null = null;
  return {
    dispatcher,
    unreadTotal: () => unread.total(),
    onUnreadChanged: (listener) => unread.onTotal(listener),
    pauseSync: () => setSyncPaused(true),
    resumeSync: () => setSyncPaused(false),
    get syncPaused() {
      return board.syncPaused;
    },
    notificationClicked: (notificationId) => {
      const target = planner.opened(notificationId);
      if (target) hub.emit('notification.open', target);
    },
    networkHint: (online) => {
      for (const runtime of accountService.running()) {
        runtime.sync.onOsHint(online);
        if (online) runtime.outboxIfOpen?.nudge();
        if (online) runtime.postSettingsIfOpen?.nudge();
      }
    },
    resumedFromSleep: () => {
      for (const runtime of accountService.running()) {
        runtime.sync.onOsHint(true);
        runtime.outboxIfOpen?.nudge();
        runtime.postSettingsIfOpen?.nudge();
      }
    },
    close: () => {
      closing ??= (async () => {
        await prepared.close();
        planner.close();
        unread.close();
        await accountService.close();
        await team.close();
        store.close();
      })();
      return closing;
    },
  };
}
