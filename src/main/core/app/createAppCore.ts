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
import { itemStatesChangedPayload } from './itemStatesChanged.ts';
import { InboxService } from './inboxService.ts';
import { CommentDeletion } from './commentDeletion.ts';
import { CommentsSwitch, commentsQueueListener } from './commentsSwitch.ts';
import { KnownSecrets } from './knownSecrets.ts';
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
import { heldAnswerOf, turnOf } from './teamClaims.ts';
import { TeamConnection } from './teamConnection.ts';
import { followWinners, isHeldByTeam } from './teamHeldFollow.ts';
import { TeamItems } from './teamItems.ts';
import { TeamResolutions } from './teamResolutions.ts';
import { TeamSetup } from './teamSetup.ts';
import { TeamSetupFile, teamSetupFileIn } from './teamSetupFile.ts';
import { TeamPresence } from './teamPresence.ts';
import type { OutboxItem } from '../outbox/types.ts';
import { answeredOf } from './views.ts';
import { CountsChanged, UnreadWatch } from './unreadWatch.ts';
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
  store.onItemStatesChanged((states) => hub.emit('items.stateChanged', itemStatesChangedPayload(states)));
  // The team workspace, when this device joins one: what the store writes is shared, and what the
  // team decided elsewhere is written into the store (so the event above tells the screen).
  // The host's team (the web host's --sync-url) for this run, else the one saved by Settings → Team.
  const teamFile = new TeamSetupFile(teamSetupFileIn(options.dataDir), (problem) => logger?.warn(problem));
  const teamSettings = options.team ?? teamFile.team();
  const team = await TeamConnection.start({
    settings: teamSettings,
    password: async (chosen) => (vault.teamPassword ? vault.teamPassword(chosen.serverUrl, chosen.workspace, chosen.member) : null),
    ...(teamSettings ? { mode: teamFile.mode(teamSettings) } : {}),
    dataDir: options.dataDir,
    store,
    now: () => clock.now(),
    ...(logger ? { logger } : {}),
    ...(tuning.teamRetry ? { retry: tuning.teamRetry } : {}),
    // A direct message's turn: the message that opened it (teamClaims.ts, decision 0067).
    turnOf: (key) => turnOf(store.conversation(key)?.messages ?? []),
  });
  /** A held item's winning answer (its card quotes it, and offers the item again once it gave up). */
  const heldAnswer = (item: OutboxItem) => (isHeldByTeam(item) ? heldAnswerOf(team.outboxStatusesFor(item.answers), item) : null);
  const teamSetup = new TeamSetup({
    connection: team,
    file: teamFile,
    filePath: teamSetupFileIn(options.dataDir),
    vault,
    remember: (secret) => known.add(secret),
  });
  // An answer recorded in the team's log changes the item's history even when not its state: told the same way.
  const historyMoved = (keys: readonly string[]) => {
    const states = store.itemStates([...keys]);
    if (states.size > 0) hub.emit('items.stateChanged', itemStatesChangedPayload(states));
  };
  team.onEventRecorded((key) => historyMoved([key]));
  // So does this device's own answer moving (held, sent): "Your reply was held: Ann had answered".
  team.sharing.onOutboxStatusWritten((key) => historyMoved([key]));
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
  // The team's work on items (assignment, notes, history) and the notices of its concurrent decisions.
  const teamItems = new TeamItems({ inbox, store, workspace: () => team.workspace, member: () => team.status().member });
  // The notices of the workspace's concurrent decisions follow the workspace joined now (at start or
  // from Settings → Team). Each member also says it is here when it joins (a presence replying to
  // nothing): the others learn its name, to assign to, before it decides anything.
  // "Ann is replying" follows it too (teamPresence.ts).
  let teamResolutions: TeamResolutions | null = null;
  let presence: TeamPresence | null = null;
  team.onJoined((joined) => {
    if (teamResolutions !== null) {
      teamResolutions.close();
      teamResolutions = null;
      hub.emit('team.noticesChanged', { notices: [] });
    }
    if (presence !== null) {
      presence.close();
      presence = null;
      hub.emit('team.presenceChanged', { present: [] });
    }
    if (joined === null) return;
    presence = new TeamPresence(joined.workspace, (present) => hub.emit('team.presenceChanged', { present }), logger, tuning.teamQuietMs);
    teamResolutions = new TeamResolutions({
      workspace: joined.workspace,
      member: joined.settings.member,
      dataDir: options.dataDir,
      person: (key) => answeredOf(store, key)?.person ?? null,
      changed: (notices) => hub.emit('team.noticesChanged', { notices }),
      ...(logger ? { logger } : {}),
    });
    joined.workspace.setComposing(null).catch((error: unknown) => logger?.warn('This device could not tell the team it is here', { reason: String(error) }));
  });
  const teamNotices = {
    pending: () => teamResolutions?.pending() ?? [],
    dismiss: (id: string) => teamResolutions?.dismiss(id),
  };

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
    sentUnchecked: (id) => team.sentUnchecked(id),
    heldAnswer: (item) => heldAnswer(item),
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
            team.outboxChanged(event);
          },
          onPostSettingsEvent: (accountId) => (event) => commentsQueueEvent(accountId, event),
          syncPaused: () => board.syncPaused,
          teamHold: (item: OutboxItem) => team.holdBeforeSend(item),
          sharingFor: (serviceUrl: string) => team.sharing.sharingFor(serviceUrl),
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

  // Another device's answer moved (sent, failed for good, discarded): this device's answers it holds
  // are told again, so their cards quote it and say where it is, and sent once it gave up (teamHeldFollow.ts).
  let unfollowWinners: (() => void) | null = null;
  team.onJoined((joined) => {
    unfollowWinners?.();
    unfollowWinners = null;
    if (joined === null) return;
    const ownerOf = (item: OutboxItem) => accountService.running().find((runtime) => runtime.outboxIfOpen?.get(item.id) !== undefined);
    unfollowWinners = followWinners(joined.workspace, joined.settings.device, {
      held: () => accountService.running().flatMap((runtime) => (runtime.outboxIfOpen?.list() ?? []).filter(isHeldByTeam)),
      answerOf: heldAnswer,
      historyMoved,
      tell: (item) => {
        const owner = ownerOf(item);
        if (owner) coreEvents.outbox(owner, { type: 'changed', item });
      },
      sendAgain: (item) => {
        try {
          ownerOf(item)?.outbox.retry(item.id);
        } catch (error) {
          logger?.warn('A held answer could not be sent after the one holding it gave up', { reason: (error as Error).message });
        }
      },
    });
  });

  const replies = new ReplyService(
    accountService,
    inbox,
    () => clock.now(),
    (key) => answeredOf(store, key),
    // Looked up at each call: a device started alone may join from Settings → Team later.
    { sendAnyway: (item) => team.sendAnyway(item), sentUnchecked: (id) => team.sentUnchecked(id), heldAnswer },
  );
  const messages = new MessageService({ store, registry, accounts: accountService, now: () => clock.now(), messagingOff });
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
  const clientSettingsFile = new ClientSettingsFile(clientSettingsFileIn(options.dataDir));
  // In a team, each client's report settings are merged per field across the devices.
  team.sharing.shareClientSettings(clientSettingsFile);
  const report = new ReportService({
    store,
    accounts: accountService,
    posts,
    settingsFile: clientSettingsFile,
    now: () => clock.now(),
    team: () => team.reportTeam(),
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
  const webhooks = new WebhookService(accountService, vault, known);

  const setSyncPaused = (paused: boolean) => {
    board.syncPaused = paused;
    for (const runtime of accountService.running()) {
      if (paused) runtime.sync.pause();
      else runtime.sync.resume();
    }
  };

  const status = (): AppStatus => {
    const active = registry.activeProfileIds();
    const running = accountService.running();
    return {
      connectivity: running.map(
        (runtime) => board.connectivity(runtime.accountId) ?? { accountId: runtime.accountId, online: runtime.sync.online, reason: 'initial', at: clock.now() },
      ),
      sync: running.flatMap((runtime) =>
        Object.entries(runtime.sync.status())
          .filter(([profileId]) => active.has(profileId))
          .map(([profileId, state]) => ({ accountId: runtime.accountId, profileId, ...state })),
      ),
      syncPaused: board.syncPaused,
      storeRecovery: board.storeRecovery,
      keyWarning: vault.protection().warning,
      outboxHealth: running.flatMap((runtime) => runtime.outboxHealth()),
      keyProblem: hub.stickyPayload('sync.problem') ?? null,
    };
  };

  const applySettings = async (patch: SettingsPatch): Promise<Settings> => {
    const next = settings.update(patch);
    hub.emit('settings.changed', next);
    await Promise.all(accountService.running().map((runtime) => runtime.applySettings(next)));
    return next;
  };
  const updateSettings = async (edit: SettingsEdit): Promise<Settings> => {
    const before = settings.get().savedReplies;
    // Only what the person changed since the editor opened (savedRepliesEdit.ts).
    const patch = settingsPatchOf(edit, before);
    const next = await applySettings(patch);
    // In a team, the saved replies changed here are shared; the team's are applied without coming back.
    if (patch.savedReplies !== undefined) team.sharing.savedRepliesChanged(before, next.savedReplies);
    return next;
  };
  team.sharing.shareSavedReplies({
    current: () => settings.get().savedReplies,
    apply: async (savedReplies) => {
      await applySettings({ savedReplies });
    },
  });

  const keyProblemSolved = (where: { accountId: string } | { profileId: string }): void =>
    hub.dropSticky('sync.problem', (problem) => ('accountId' in where ? problem.accountId === where.accountId : problem.profileId === where.profileId));

  const storeRecoveryAcknowledged = (): void => {
    board.storeRecovery = null;
    hub.dropSticky('store.recovered', () => true);
  };

  const dispatcher = createDispatcher({
    handlers: commandHandlers({
      accounts: accountService,
      inbox,
      deletion,
      replies,
      messages,
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
      teamStatus: () => team.status(),
      teamSetup,
      setSyncPaused,
      updateSettings,
      keyProblemSolved,
      storeRecoveryAcknowledged,
      setAside: () => accountService.running().flatMap((runtime) => runtime.setAsideRows()),
      teamItems,
      teamNotices,
      teamComposing: async (itemKey) => presence?.composing(itemKey),
    }),
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
