import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { appMenuTemplate } from '../../../src/main/electron/appMenu.ts';
import { PRODUCTION_ENTRY_URL, PRODUCTION_ORIGIN } from '../../../src/main/electron/appOrigin.ts';
import { openMainWindow, type WindowLike } from '../../../src/main/electron/mainWindow.ts';
import { watchOsHints } from '../../../src/main/electron/osHints.ts';
import { claimSingleInstance } from '../../../src/main/electron/singleInstance.ts';
import { shouldHideOnClose, showAndFocus } from '../../../src/main/electron/windowLifecycle.ts';
import type { MainWindowOptions } from '../../../src/main/electron/windowOptions.ts';

/** A fake BrowserWindow: records what is done to it and lets the test fire its events. */
function fakeWindow(options: MainWindowOptions) {
  const listeners = new Map<string, (...args: never[]) => void>();
  const contentsListeners = new Map<string, (...args: never[]) => void>();
  const state = { visible: false, minimized: false, destroyed: false, focused: false, loaded: '' };
  const window = {
    options,
    state,
    listeners,
    contentsListeners,
    openHandler: null as unknown,
    webContents: {
      on(event: string, listener: (...args: never[]) => void) {
        contentsListeners.set(event, listener);
        return this;
      },
      setWindowOpenHandler(handler: unknown) {
        window.openHandler = handler;
      },
    },
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, listener);
      return window;
    },
    once(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, listener);
      return window;
    },
    isDestroyed: () => state.destroyed,
    isMinimized: () => state.minimized,
    restore: () => void (state.minimized = false),
    show: () => void (state.visible = true),
    hide: () => void (state.visible = false),
    focus: () => void (state.focused = true),
    loadURL: async (url: string) => void (state.loaded = url),
  };
  return window satisfies WindowLike;
}

function open(behavior = { closeToTray: true, quitting: false, hasTray: true }) {
  let created: ReturnType<typeof fakeWindow> | null = null;
  const window = openMainWindow({
    createWindow: (options) => (created = fakeWindow(options)),
    preloadPath: '/app/out/preload/index.cjs',
    title: 'Social Inbox',
    origin: PRODUCTION_ORIGIN,
    entryUrl: PRODUCTION_ENTRY_URL,
    openExternal: async () => {},
    closeBehavior: () => behavior,
  });
  return { window, created: created!, behavior };
}

function close(window: ReturnType<typeof fakeWindow>) {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  (window.listeners.get('close') as (e: typeof event) => void)(event);
  return event.prevented;
}

describe('openMainWindow', () => {
  it('builds the window with the locked-down options and loads the app from the app: protocol', () => {
    const { window } = open();
    expect(window.options.webPreferences).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(window.state.loaded).toBe('app://renderer/index.html');
  });

  it('installs the navigation guard and the new-window denial', () => {
    const { window } = open();
    expect(window.contentsListeners.has('will-navigate')).toBe(true);
    expect(window.contentsListeners.has('will-attach-webview')).toBe(true);
    expect((window.openHandler as (d: { url: string }) => unknown)({ url: 'https://evil.example' })).toEqual({ action: 'deny' });
  });

  it('shows itself on ready-to-show, not before', () => {
    const { window } = open();
    expect(window.state.visible).toBe(false);
    (window.listeners.get('ready-to-show') as () => void)();
    expect(window.state.visible).toBe(true);
  });

  it('hides instead of closing when close to tray is on', () => {
    const { window } = open();
    window.state.visible = true;
    expect(close(window)).toBe(true);
    expect(window.state.visible).toBe(false);
  });

  it('really closes when Quit was chosen, when close to tray is off, or without a tray', () => {
    const { window, behavior } = open();
    behavior.quitting = true;
    expect(close(window)).toBe(false);
    behavior.quitting = false;
    behavior.closeToTray = false;
    expect(close(window)).toBe(false);
    behavior.closeToTray = true;
    behavior.hasTray = false;
    expect(close(window)).toBe(false);
  });
});

describe('window lifecycle', () => {
  it('shouldHideOnClose needs the setting, a tray and no quit in progress', () => {
    expect(shouldHideOnClose({ closeToTray: true, hasTray: true, quitting: false })).toBe(true);
    expect(shouldHideOnClose({ closeToTray: true, hasTray: true, quitting: true })).toBe(false);
  });

  it('showAndFocus restores a minimised window and ignores a destroyed one', () => {
    const { window } = open();
    window.state.minimized = true;
    showAndFocus(window);
    expect(window.state).toMatchObject({ minimized: false, visible: true, focused: true });
    window.state.destroyed = true;
    window.state.visible = false;
    showAndFocus(window);
    expect(window.state.visible).toBe(false);
    expect(() => showAndFocus(null)).not.toThrow();
  });
});

describe('claimSingleInstance', () => {
  function fakeApp(gotLock: boolean) {
    const app = { quitCalled: false, secondInstance: null as (() => void) | null };
    return {
      app,
      requestSingleInstanceLock: () => gotLock,
      on: (_event: 'second-instance', listener: () => void) => void (app.secondInstance = listener),
      quit: () => void (app.quitCalled = true),
    };
  }

  it('the first instance keeps running and shows its window when a second one starts', () => {
    const fake = fakeApp(true);
    let shown = 0;
    expect(claimSingleInstance(fake, () => shown++)).toBe(true);
    fake.app.secondInstance?.();
    expect(shown).toBe(1);
    expect(fake.app.quitCalled).toBe(false);
  });

  it('a second instance quits at once', () => {
    const fake = fakeApp(false);
    expect(claimSingleInstance(fake, () => {})).toBe(false);
    expect(fake.app.quitCalled).toBe(true);
  });
});

describe('appMenuTemplate', () => {
  const roles = (menu: MenuItemConstructorOptions[]) =>
    menu.flatMap((item) => (Array.isArray(item.submenu) ? item.submenu.map((sub) => sub.role).filter(Boolean) : []));

  it('has the edit roles everywhere, so copy, paste and select all have their shortcuts', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      expect(roles(appMenuTemplate({ platform, appTitle: 'Social Inbox', development: false }))).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'minimize']),
      );
    }
  });

  it('has the macOS app menu (about, hide, quit) on macOS only', () => {
    const mac = appMenuTemplate({ platform: 'darwin', appTitle: 'Social Inbox', development: false });
    expect(mac[0]?.label).toBe('Social Inbox');
    expect(roles(mac)).toEqual(expect.arrayContaining(['about', 'hide', 'hideOthers', 'quit', 'front']));
    expect(roles(appMenuTemplate({ platform: 'linux', appTitle: 'Social Inbox', development: false }))).not.toContain('about');
  });

  it('offers developer tools and reload in development only', () => {
    expect(roles(appMenuTemplate({ platform: 'linux', appTitle: 'Social Inbox', development: false }))).not.toContain('toggleDevTools');
    expect(roles(appMenuTemplate({ platform: 'linux', appTitle: 'Social Inbox', development: true }))).toEqual(
      expect.arrayContaining(['toggleDevTools', 'reload']),
    );
  });
});

describe('watchOsHints', () => {
  function fakeOs(online: boolean) {
    const os = { online, resume: null as (() => void) | null, tick: null as (() => void) | null, cleared: false };
    return {
      os,
      host: {
        onResume: (listener: () => void) => void (os.resume = listener),
        isOnline: () => os.online,
        setInterval: (callback: () => void) => ((os.tick = callback), 1),
        clearInterval: () => void (os.cleared = true),
      },
    };
  }

  it('passes on waking from sleep and changes of connectivity, once each', () => {
    const { os, host } = fakeOs(true);
    const hints: string[] = [];
    const stop = watchOsHints(host, { networkHint: (online) => hints.push(`online=${online}`), resumedFromSleep: () => hints.push('resumed') });
    os.tick?.();
    os.online = false;
    os.tick?.();
    os.tick?.();
    os.resume?.();
    os.online = true;
    os.tick?.();
    expect(hints).toEqual(['online=false', 'resumed', 'online=true']);
    stop();
    expect(os.cleared).toBe(true);
    os.resume?.();
    expect(hints).toHaveLength(3);
  });
});

describe('resourceFile', () => {
  it('finds resources/ next to package.json in development and in the resources folder when packaged', async () => {
    const { resourceFile, fileIn } = await import('../../../src/main/electron/resourcePaths.ts');
    expect(resourceFile('tray.png', { isPackaged: false, resourcesPath: '/ignored', appPath: '/work/app' })).toBe('/work/app/resources/tray.png');
    expect(resourceFile('tray.png', { isPackaged: true, resourcesPath: 'C:\\Program Files\\Social Inbox\\resources\\', appPath: 'x' })).toBe(
      'C:\\Program Files\\Social Inbox\\resources/resources/tray.png',
    );
    expect(fileIn('/home/me/.config/social-inbox/', 'sandbox-world.json')).toBe('/home/me/.config/social-inbox/sandbox-world.json');
  });
});
