// The tray icon: unread count, Show / Pause sync / Quit. Electron's Tray, Menu and the window are
// passed in, so the behaviour is testable with fakes; index.ts hands over the real ones.
import type { MenuItemConstructorOptions } from 'electron';
import { trayMenuTemplate, type TrayMenuActions, unreadDisplay } from './trayPresentation.ts';

/** The parts of Electron's Tray used here. */
export interface TrayLike {
  setToolTip(toolTip: string): void;
  setTitle(title: string): void;
  setContextMenu(menu: unknown): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface AppTrayHost {
  platform: string;
  appTitle: string;
  tray: TrayLike;
  /** Menu.buildFromTemplate. */
  buildMenu(template: MenuItemConstructorOptions[]): unknown;
  /** app.setBadgeCount (macOS). */
  setBadgeCount(count: number): void;
  /** BrowserWindow.setOverlayIcon with resources/<icon> (Windows); null clears it. */
  setOverlay(overlay: { icon: string; description: string } | null): void;
  /** BrowserWindow.setTitle (Linux). */
  setWindowTitle(title: string): void;
}

export class AppTray {
  readonly #host: AppTrayHost;
  readonly #actions: TrayMenuActions;
  #unread = 0;
  #syncPaused = false;

  constructor(host: AppTrayHost, actions: TrayMenuActions, initial: { unread: number; syncPaused: boolean }) {
    this.#host = host;
    this.#actions = actions;
    this.#unread = initial.unread;
    this.#syncPaused = initial.syncPaused;
    // Where clicks do arrive (Windows, most macOS setups) a click shows the window.
    host.tray.on('click', () => actions.show());
    this.#render();
  }

  setUnread(unread: number): void {
    if (unread === this.#unread) return;
    this.#unread = unread;
    this.#render();
  }

  setSyncPaused(paused: boolean): void {
    if (paused === this.#syncPaused) return;
    this.#syncPaused = paused;
    this.#render();
  }

  destroy(): void {
    this.#host.tray.destroy();
  }

  #render(): void {
    const host = this.#host;
    const display = unreadDisplay(this.#unread, host.platform, host.appTitle);
    host.tray.setToolTip(display.tooltip);
    if (display.trayTitle !== null) host.tray.setTitle(display.trayTitle);
    if (display.badgeCount !== null) host.setBadgeCount(display.badgeCount);
    if (display.overlay !== 'unchanged') host.setOverlay(display.overlay);
    if (display.windowTitle !== null) host.setWindowTitle(display.windowTitle);
    // Rebuilt each time: Linux trays only pick up changes through a new menu.
    host.tray.setContextMenu(host.buildMenu(trayMenuTemplate({ appTitle: host.appTitle, unread: this.#unread, syncPaused: this.#syncPaused }, this.#actions)));
  }
}
