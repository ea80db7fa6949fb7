// A fake of the Electron main-process API, just enough for src/main/index.ts to run under plain
// Node, driven by the test over the child-process IPC channel: the test invokes bridge channels as
// a given frame, requests app: URLs through the registered protocol handler, reads what the app did
// to its window, tray and menus, and asks it to quit. Everything behind the fake (the core, its
// SQLite store, electron-store's files, the sandbox over HTTP) is real.
import { spawn } from 'node:child_process';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const report = (message) => process.send?.(message);
const state = {
  ready: false,
  privilegedBeforeReady: null,
  schemes: [],
  permissionHandlers: 0,
  applicationMenu: null,
  windows: [],
  trays: [],
  images: [],
  notifications: [],
  openedExternally: [],
  badge: null,
  loginItem: null,
  /** The options of every printToPDF call, and of every save dialog (with whether it had a parent window). */
  printed: [],
  saveDialogs: [],
  /** What the next save dialogs answer; the test sets it with a 'save-dialog-answer' message. */
  saveDialogAnswer: { canceled: true, filePath: '' },
  /** The folder dialogs asked for, and what the next ones answer ('open-dialog-answer'). */
  openDialogs: [],
  openDialogAnswer: { canceled: true, filePaths: [] },
};

class App extends EventEmitter {
  isPackaged = false;
  #readyResolve;
  #ready = new Promise((resolve) => (this.#readyResolve = resolve));
  constructor() {
    super();
    setTimeout(() => {
      state.ready = true;
      this.#readyResolve();
      this.emit('ready');
    }, 10);
  }
  whenReady() {
    return this.#ready;
  }
  isReady() {
    return state.ready;
  }
  getPath(name) {
    if (name !== 'userData') throw new Error(`fake app.getPath: ${name} not faked`);
    return process.env.FAKE_USER_DATA;
  }
  getAppPath() {
    return process.cwd();
  }
  getVersion() {
    return '0.1.0';
  }
  getName() {
    return 'social-inbox';
  }
  requestSingleInstanceLock() {
    return process.env.FAKE_SECOND_INSTANCE !== '1';
  }
  setAppUserModelId() {}
  setBadgeCount(count) {
    state.badge = count;
    return true;
  }
  setLoginItemSettings(settings) {
    state.loginItem = settings;
  }
  quit() {
    const before = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('before-quit', before);
    if (before.defaultPrevented) return;
    const will = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    this.emit('will-quit', will);
    if (will.defaultPrevented) return;
    report({ type: 'quit' });
    setTimeout(() => process.exit(0), 10);
  }
  exit(code) {
    report({ type: 'exit', code });
    setTimeout(() => process.exit(code), 10);
  }
}
export const app = new App();

export const ipcMain = Object.assign(new EventEmitter(), {
  handlers: new Map(),
  handle(channel, listener) {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  },
  removeHandler(channel) {
    this.handlers.delete(channel);
  },
});

/** A preventable event, as Electron hands to will-navigate and friends (the newer ones carry the URL). */
function preventable(fields = {}) {
  const event = {
    ...fields,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

/** Every way the page can leave: a main-frame link, a frame's navigation, a redirect, a webview, window.open. */
function tryToLeave(contents, url) {
  const navigate = preventable();
  contents.emit('will-navigate', navigate, url);
  const frame = preventable({ url, isMainFrame: false });
  contents.emit('will-frame-navigate', frame);
  const redirect = preventable({ url, isMainFrame: true });
  contents.emit('will-redirect', redirect, url, false, true);
  const webview = preventable();
  contents.emit('will-attach-webview', webview, {}, {});
  const windowOpen = contents.openHandler?.({ url });
  return {
    prevented: navigate.prevented,
    framePrevented: frame.prevented,
    redirectPrevented: redirect.prevented,
    webviewPrevented: webview.prevented,
    windowOpen,
    navigateListeners: contents.listenerCount('will-navigate'),
  };
}

class WebContents extends EventEmitter {
  constructor() {
    super();
    // As Electron does for every WebContents, the window's included.
    queueMicrotask(() => app.emit('web-contents-created', preventable(), this));
  }
  destroyed = false;
  sent = [];
  openHandler = null;
  setWindowOpenHandler(handler) {
    this.openHandler = handler;
  }
  isDestroyed() {
    return this.destroyed;
  }
  send(channel, payload) {
    report({ type: 'event', channel, payload });
  }
  /** Resolves to a Buffer as Electron's does; the bytes say which print they are. */
  printToPDF(options) {
    state.printed.push(options);
    return Promise.resolve(Buffer.from(`%PDF-1.7 fake print ${state.printed.length}\n%%EOF\n`));
  }
}

/** dialog.showSaveDialog([window,] options): answers what the test set, records what it was asked. */
export const dialog = {
  showSaveDialog(...args) {
    const withWindow = args.length > 1;
    const options = withWindow ? args[1] : args[0];
    state.saveDialogs.push({ withWindow, title: options.title, defaultPath: options.defaultPath, filters: options.filters });
    return Promise.resolve({ ...state.saveDialogAnswer });
  },
  /** dialog.showOpenDialog([window,] options): the same, for folders. */
  showOpenDialog(...args) {
    const withWindow = args.length > 1;
    const options = withWindow ? args[1] : args[0];
    state.openDialogs.push({ withWindow, title: options.title, properties: options.properties });
    return Promise.resolve({ ...state.openDialogAnswer });
  },
};

export class BrowserWindow extends EventEmitter {
  static getAllWindows() {
    return state.windows.filter((w) => !w.destroyed);
  }
  constructor(options) {
    super();
    if (!state.ready) throw new Error('Cannot create BrowserWindow before app is ready');
    this.options = options;
    this.webContents = new WebContents();
    this.destroyed = false;
    this.visible = false;
    this.title = options.title;
    this.overlay = null;
    state.windows.push(this);
  }
  loadURL(url) {
    this.url = url;
    report({ type: 'loaded', url });
    setTimeout(() => this.emit('ready-to-show'), 5);
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  show() {
    this.visible = true;
  }
  hide() {
    this.visible = false;
  }
  focus() {}
  setTitle(title) {
    this.title = title;
  }
  setOverlayIcon(image, description) {
    this.overlay = image ? { path: image.path, description } : null;
  }
}

export const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu: (menu) => void (state.applicationMenu = menu),
};

export const nativeImage = {
  createFromPath(path) {
    state.images.push({ path, exists: existsSync(path) });
    return { path };
  },
};

export class Tray {
  constructor(image) {
    this.image = image;
    this.tooltip = '';
    this.menu = null;
    state.trays.push(this);
  }
  setToolTip(text) {
    this.tooltip = text;
  }
  setTitle(text) {
    this.title = text;
  }
  setContextMenu(menu) {
    this.menu = menu;
  }
  on() {}
  destroy() {
    this.destroyed = true;
  }
}

export class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
  }
  show() {
    state.notifications.push(this.options);
    report({ type: 'notification', options: this.options });
  }
}

export const powerMonitor = new EventEmitter();

export const protocol = {
  handlers: new Map(),
  registerSchemesAsPrivileged(schemes) {
    state.privilegedBeforeReady = !state.ready;
    state.schemes = schemes;
  },
  handle(scheme, handler) {
    this.handlers.set(scheme, handler);
  },
};

export const net = {
  async fetch(url, init) {
    if (url.startsWith('file:')) return new Response(readFileSync(fileURLToPath(url)));
    return fetch(url, init);
  },
  isOnline: () => true,
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: () => void state.permissionHandlers++,
    setPermissionCheckHandler: () => void state.permissionHandlers++,
  },
};

export const shell = {
  openExternal: async (url) => void state.openedExternally.push(url),
  openPath: async () => '',
};

// A keyring with a fixed secret, so keys sealed in one run open in the next (like the OS's).
const keyringKey = createHash('sha256').update('fake keyring of the composition-root test').digest();
export const safeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend: () => process.env.FAKE_KEYRING ?? 'gnome_libsecret',
  async encryptStringAsync(text) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyringKey, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  },
  async decryptStringAsync(buffer) {
    const decipher = createDecipheriv('aes-256-gcm', keyringKey, buffer.subarray(0, 12));
    decipher.setAuthTag(buffer.subarray(12, 28));
    return { result: Buffer.concat([decipher.update(buffer.subarray(28)), decipher.final()]).toString('utf8'), shouldReEncrypt: false };
  },
};

/** utilityProcess.fork of out/main/sandbox.js: here, the sandbox's command line from the sources. */
export const utilityProcess = {
  fork(modulePath, args) {
    const keyAt = args.indexOf('--api-key');
    report({ type: 'sandbox-started', modulePath, apiKey: keyAt >= 0 ? args[keyAt + 1] : null });
    // FAKE_SANDBOX_RATE_LIMIT: a test that waits for the whole first sync (the prepared reports) lets
    // the sandbox answer without the default plan's pacing; the app's own arguments are unchanged.
    const rateLimit = process.env.FAKE_SANDBOX_RATE_LIMIT ? ['--rate-limit', process.env.FAKE_SANDBOX_RATE_LIMIT] : [];
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', process.env.SANDBOX_CLI, ...args, ...rateLimit], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The test reads the sandbox's world itself, to know every secret it must never see.
    child.stdout.on('data', (chunk) => {
      const url = /listening at (\S+) /.exec(String(chunk))?.[1];
      if (url) report({ type: 'sandbox-ready', url });
    });
    return {
      stdout: child.stdout,
      on: (event, listener) => child.on(event, (code) => listener(code ?? 0)),
      kill: () => child.kill('SIGTERM'),
    };
  },
};

// ---- the test's remote control ----

function menuLabels(menu) {
  return (menu?.template ?? []).map((item) => item.label ?? item.role ?? item.type);
}

process.on('message', async (message) => {
  try {
    if (message.type === 'invoke') {
      const handler = ipcMain.handlers.get(message.channel);
      if (!handler) return report({ type: 'reply', id: message.id, error: `no handler for ${message.channel}` });
      const frame = { url: message.senderUrl, parent: message.subframe ? { url: message.senderUrl } : null };
      const result = await handler({ senderFrame: frame }, message.input);
      report({ type: 'reply', id: message.id, value: result });
    } else if (message.type === 'protocol') {
      const handler = protocol.handlers.get('app');
      const response = await handler(new Request(message.url, { method: message.method ?? 'GET' }));
      const body = await response.text();
      report({ type: 'reply', id: message.id, value: { status: response.status, headers: Object.fromEntries(response.headers), body: body.slice(0, 4000) } });
    } else if (message.type === 'navigate') {
      const left = tryToLeave(state.windows[0].webContents, message.url);
      report({ type: 'reply', id: message.id, value: { ...left, openedExternally: state.openedExternally } });
    } else if (message.type === 'stray-contents') {
      const contents = new WebContents();
      await new Promise((resolve) => setImmediate(resolve));
      report({ type: 'reply', id: message.id, value: tryToLeave(contents, message.url) });
    } else if (message.type === 'close-window') {
      const window = state.windows[0];
      const event = {
        prevented: false,
        preventDefault() {
          this.prevented = true;
        },
      };
      window.emit('close', event);
      report({ type: 'reply', id: message.id, value: { prevented: event.prevented, visible: window.visible } });
    } else if (message.type === 'open-dialog-answer') {
      state.openDialogAnswer = message.answer;
      report({ type: 'reply', id: message.id, value: { ok: true } });
    } else if (message.type === 'save-dialog-answer') {
      state.saveDialogAnswer = message.answer;
      report({ type: 'reply', id: message.id, value: { printed: state.printed.length } });
    } else if (message.type === 'tray-menu') {
      const item = state.trays[0]?.menu?.template.find((entry) => entry.id === message.itemId);
      item?.click?.({ checked: message.checked ?? false });
      report({ type: 'reply', id: message.id, value: { clicked: Boolean(item) } });
    } else if (message.type === 'state') {
      const window = state.windows[0];
      report({
        type: 'reply',
        id: message.id,
        value: {
          privilegedBeforeReady: state.privilegedBeforeReady,
          schemes: state.schemes,
          permissionHandlers: state.permissionHandlers,
          applicationMenu: menuLabels(state.applicationMenu),
          window: window && { options: window.options, url: window.url, visible: window.visible, title: window.title },
          tray: state.trays[0] && {
            tooltip: state.trays[0].tooltip,
            menu: menuLabels(state.trays[0].menu),
            image: state.trays[0].image.path,
            destroyed: state.trays[0].destroyed ?? false,
          },
          images: state.images,
          handlers: [...ipcMain.handlers.keys()],
          printed: state.printed,
          saveDialogs: state.saveDialogs,
          openDialogs: state.openDialogs,
        },
      });
    } else if (message.type === 'quit') {
      app.quit();
    }
  } catch (error) {
    report({ type: 'reply', id: message.id, error: String(error?.stack ?? error) });
  }
});

export default {
  app,
  dialog,
  ipcMain,
  BrowserWindow,
  Menu,
  nativeImage,
  Tray,
  Notification,
  powerMonitor,
  protocol,
  net,
  session,
  shell,
  safeStorage,
  utilityProcess,
};
