// Electron composition root: builds the application core with the Electron adapters (safeStorage
// vault, electron-store settings, notifications, the built-in sandbox in a utility process) and
// connects it to the window, the bridge, the tray and the menu. Logic lives in the adapters under
// ./electron, each testable without Electron; this file only hands them the real Electron objects.
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  session,
  shell,
  Tray,
  utilityProcess,
} from 'electron';
import Store from 'electron-store';
import { COMMAND_NAMES } from '../shared/bridge/names.ts';
import type { BridgeDispatcher } from './core/bridge/dispatcher.ts';
import { type AppCore, createAppCore } from './core/app/createAppCore.ts';
import type { LoggerPort } from './core/ports.ts';
import { appInfo } from './core/appInfo.ts';
import { builtFiles } from './core/builtFiles.ts';
import { appMenuTemplate } from './electron/appMenu.ts';
import { devServerOrigin, PRODUCTION_ENTRY_URL, PRODUCTION_ORIGIN } from './electron/appOrigin.ts';
import { APP_SCHEME_PRIVILEGES, handleAppProtocol } from './electron/appProtocol.ts';
import { AppTray } from './electron/appTray.ts';
import { ElectronStoreSettings } from './electron/electronStoreSettings.ts';
import { registerIpcBridge } from './electron/ipcBridge.ts';
import { ReportPdf } from './electron/reportPdf.ts';
import { FolderChoice } from './electron/folderChoice.ts';
import { BackupShelf, JsonStoreFile, type JsonObject } from './electron/jsonStoreFile.ts';
import { openMainWindow } from './electron/mainWindow.ts';
import { denyAllPermissions, guardEveryWebContents, type NavigationGuardOptions } from './electron/navigationGuard.ts';
import { ElectronNotifier } from './electron/notifier.ts';
import { watchOsHints } from './electron/osHints.ts';
import { fileIn, resourceFile } from './electron/resourcePaths.ts';
import { SafeStorageVault } from './electron/safeStorageVault.ts';
import { utilityProcessSandbox } from './electron/sandboxProcess.ts';
import { claimSingleInstance } from './electron/singleInstance.ts';
import { trayIconName } from './electron/trayPresentation.ts';
import { showAndFocus } from './electron/windowLifecycle.ts';

/** Windows shows toasts only for an app with this id; the same as appId in electron-builder.yml. */
const APP_USER_MODEL_ID = 'app.socialinbox.desktop';

const files = builtFiles(import.meta.dirname);
// electron-vite sets this in `dev` only; everywhere else the built files come from the app: protocol.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const devOrigin = devServerUrl ? devServerOrigin(devServerUrl) : null;
const origin = devOrigin ?? PRODUCTION_ORIGIN;
const entryUrl = devOrigin && devServerUrl ? devServerUrl : PRODUCTION_ENTRY_URL;
const where = () => ({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, appPath: app.getAppPath() });

const logger: LoggerPort = {
  // The core never passes a secret here (and redacts known ones); nothing here adds any.
  warn: (message, detail) => console.warn(`[social-inbox] ${message}`, detail ?? ''),
  error: (message, detail) => console.error(`[social-inbox] ${message}`, detail ?? ''),
};

/** The one way out of the app: links the guard checked, as the href it checked, to the system browser. */
const navigation: NavigationGuardOptions = {
  origin,
  openExternal: (url) => shell.openExternal(url),
  onError: (message) => logger.warn(message),
};

// Must happen before 'ready': Electron fixes scheme privileges at startup.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

let mainWindow: BrowserWindow | null = null;
let tray: AppTray | null = null;
let core: AppCore | null = null;
let settings: ElectronStoreSettings | null = null;
let quitting = false;
let shutDown = false;
const stops: Array<() => void> = [];

function createWindow(): BrowserWindow {
  const window = openMainWindow({
    createWindow: (options) => new BrowserWindow(options),
    preloadPath: files.preload,
    title: appInfo.title,
    origin,
    entryUrl,
    openExternal: (url) => navigation.openExternal(url),
    closeBehavior: () => ({ closeToTray: settings?.get().closeToTray ?? false, quitting, hasTray: tray !== null }),
    onError: (message) => logger.warn(message),
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  return window;
}

function showWindow(): void {
  if (!app.isReady()) return; // The window opens at start anyway.
  if (!mainWindow || mainWindow.isDestroyed()) mainWindow = createWindow();
  showAndFocus(mainWindow);
}

/** electron-store with the tolerant reading of JsonStoreFile: name.json in the user data folder. */
function storeFile(name: string): JsonStoreFile {
  return new JsonStoreFile((options) => new Store<JsonObject>({ name, ...options }));
}

/** The dispatcher, telling the tray when the renderer paused or resumed the sync. */
function trayAwareDispatcher(dispatcher: BridgeDispatcher, appCore: AppCore): BridgeDispatcher {
  return {
    invoke: async (command, input) => {
      const result = await dispatcher.invoke(command, input);
      if (command === 'sync.setPaused') tray?.setSyncPaused(appCore.syncPaused);
      return result;
    },
    subscribe: (listener) => dispatcher.subscribe(listener),
  };
}

function applyStartAtLogin(openAtLogin: boolean): void {
  // A development build would register the bare Electron binary as the login item.
  if (app.isPackaged) app.setLoginItemSettings({ openAtLogin });
}

function createTray(appCore: AppCore): AppTray | null {
  try {
    const platform = process.platform;
    const overlayWindow = () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow : null);
    return new AppTray(
      {
        platform,
        appTitle: appInfo.title,
        tray: new Tray(nativeImage.createFromPath(resourceFile(trayIconName(platform), where()))),
        buildMenu: (template) => Menu.buildFromTemplate(template),
        setBadgeCount: (count) => void app.setBadgeCount(count),
        setOverlay: (overlay) =>
          overlayWindow()?.setOverlayIcon(overlay ? nativeImage.createFromPath(resourceFile(overlay.icon, where())) : null, overlay?.description ?? ''),
        setWindowTitle: (title) => overlayWindow()?.setTitle(title),
      },
      {
        show: showWindow,
        setSyncPaused: (paused) => {
          if (paused) appCore.pauseSync();
          else appCore.resumeSync();
          tray?.setSyncPaused(appCore.syncPaused);
        },
        quit: () => app.quit(),
      },
      { unread: appCore.unreadTotal(), syncPaused: appCore.syncPaused },
    );
  } catch (error) {
    // Some Linux desktops have no tray at all; the app works without one (and never hides then).
    logger.warn('No tray icon could be created', { error: (error as Error).message });
    return null;
  }
}

async function start(): Promise<void> {
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  handleAppProtocol(protocol, { rendererDir: new URL('../renderer/', import.meta.url), fetchFile: (url) => net.fetch(url) });
  denyAllPermissions(session.defaultSession);
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, appTitle: appInfo.title, development: !app.isPackaged })));

  settings = new ElectronStoreSettings(storeFile('settings'), new BackupShelf(storeFile('settings-backup')));
  const notice = settings.recoveryNotice();
  if (notice) logger.warn(notice);
  const vault = await SafeStorageVault.open({
    safeStorage,
    file: storeFile('vault'),
    backups: new BackupShelf(storeFile('vault-backup')),
    platform: process.platform,
  });
  const userData = app.getPath('userData');
  const appSettings = settings;
  const notifier = new ElectronNotifier(
    { isSupported: () => Notification.isSupported(), create: (options) => new Notification(options) },
    {
      enabled: () => appSettings.get().notifications,
      onClick: (notification) => {
        showWindow();
        core?.notificationClicked(notification.id);
      },
    },
  );
  const appCore = await createAppCore({
    dataDir: userData,
    vault,
    settings: appSettings,
    notifier,
    logger,
    // The bridge accepts calls from the main window only, so the page to print is the main window's.
    reportPdf: new ReportPdf({
      contents: () => (mainWindow && !mainWindow.isDestroyed() ? mainWindow.webContents : null),
      showSaveDialog: (options) => (mainWindow && !mainWindow.isDestroyed() ? dialog.showSaveDialog(mainWindow, options) : dialog.showSaveDialog(options)),
    }),
    // "Export all" of the prepared reports: a folder from the system's dialog, over the main window.
    folderChoice: new FolderChoice((options) =>
      mainWindow && !mainWindow.isDestroyed() ? dialog.showOpenDialog(mainWindow, options) : dialog.showOpenDialog(options),
    ),
    sandbox: utilityProcessSandbox(
      {
        fork: (modulePath, args) => utilityProcess.fork(modulePath, args, { stdio: 'pipe', serviceName: 'Social Inbox sandbox' }),
        fetch: (url, init) => net.fetch(url, init),
        randomKey: () => crypto.randomUUID(),
      },
      { modulePath: fileIn(import.meta.dirname, 'sandbox.js'), statePath: fileIn(userData, 'sandbox-world.json') },
    ),
  });
  core = appCore;

  // The bridge before the window, so the renderer's first calls find their handlers.
  stops.push(
    registerIpcBridge({
      ipcMain,
      dispatcher: trayAwareDispatcher(appCore.dispatcher, appCore),
      commands: COMMAND_NAMES,
      origin,
      targets: () => (mainWindow && !mainWindow.isDestroyed() ? [mainWindow.webContents] : []),
      onError: (message) => logger.error(message),
    }),
  );
  mainWindow = createWindow();
  tray = createTray(appCore);
  stops.push(appCore.onUnreadChanged((total) => tray?.setUnread(total)));

  applyStartAtLogin(appSettings.get().startAtLogin);
  stops.push(
    appCore.dispatcher.subscribe((event) => {
      if (event.name === 'settings.changed') applyStartAtLogin(appSettings.get().startAtLogin);
    }),
  );
  stops.push(
    watchOsHints({ onResume: (listener) => powerMonitor.on('resume', listener), isOnline: () => net.isOnline(), setInterval, clearInterval }, appCore),
  );
}

/** Stops the sync, lets a reply in flight finish and closes the files before the process ends. */
async function shutdown(): Promise<void> {
  for (const stop of stops.splice(0)) stop();
  tray?.destroy();
  tray = null;
  await core?.close();
}

if (claimSingleInstance(app, showWindow)) {
  // Before any window: every WebContents Electron ever creates is kept on the app, not only ours.
  guardEveryWebContents(app, navigation);
  app.on('before-quit', () => {
    quitting = true;
  });
  app.on('will-quit', (event) => {
    if (shutDown) return;
    event.preventDefault();
    void shutdown()
      .catch((error: unknown) => logger.error('Shutting down failed', { error: (error as Error).message }))
      .finally(() => {
        shutDown = true;
        app.quit();
      });
  });
  app.on('activate', showWindow);
  app.on('window-all-closed', () => {
    // macOS apps stay in the Dock; elsewhere the last window closing quits (when it hides to the
    // tray instead, it is not closed and this does not fire).
    if (process.platform !== 'darwin') app.quit();
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('Social Inbox could not start', { error: (error as Error).message });
      app.exit(1);
    });
}
