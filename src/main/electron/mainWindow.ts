// The one window: built with the locked-down options of windowOptions.ts, kept on our own origin
// by the navigation guard, shown once painted, and hidden instead of closed when "close to tray"
// is on. The BrowserWindow constructor is passed in so all of this is testable with a fake.
import type { AppOrigin } from './appOrigin.ts';
import { type GuardedContents, guardNavigation } from './navigationGuard.ts';
import { type MainWindowOptions, mainWindowOptions } from './windowOptions.ts';
import { shouldHideOnClose, type ShowableWindow } from './windowLifecycle.ts';

/** The parts of a BrowserWindow used here. */
export interface WindowLike extends ShowableWindow {
  readonly webContents: GuardedContents;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
  hide(): void;
  loadURL(url: string): Promise<void>;
}

export interface MainWindowDeps<W extends WindowLike> {
  createWindow(options: MainWindowOptions): W;
  preloadPath: string;
  title: string;
  origin: AppOrigin;
  /** app://renderer/index.html, or the dev server's URL. */
  entryUrl: string;
  // Properties, not methods: both are handed on to the navigation guard as they are.
  openExternal: (url: string) => Promise<void>;
  /** Asked at each close: the setting, whether Quit was chosen, whether a tray exists. */
  closeBehavior(): { closeToTray: boolean; quitting: boolean; hasTray: boolean };
  onError?: (message: string) => void;
}

export function openMainWindow<W extends WindowLike>(deps: MainWindowDeps<W>): W {
  const window = deps.createWindow(mainWindowOptions({ preloadPath: deps.preloadPath, title: deps.title }));
  guardNavigation(window.webContents, {
    origin: deps.origin,
    openExternal: deps.openExternal,
    ...(deps.onError ? { onError: deps.onError } : {}),
  });
  window.once('ready-to-show', () => window.show());
  window.on('close', (event) => {
    if (!shouldHideOnClose(deps.closeBehavior())) return;
    event.preventDefault();
    window.hide();
  });
  window.loadURL(deps.entryUrl).catch(() => deps.onError?.('The window could not load the app.'));
  return window;
}
