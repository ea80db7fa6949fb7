// Keeps the window on our own renderer: a navigation away from it is cancelled (links to the known
// networks go to the system browser instead), new windows are never opened, <webview> is refused,
// and the renderer is given no permission (camera, geolocation, notifications, …): it needs none,
// notifications are shown by the main process.
import type { HandlerDetails, WebContents } from 'electron';
import { type AppOrigin, isAppUrl } from './appOrigin.ts';
import { isOpenableExternally } from './externalLinks.ts';

/** What Electron's 'will-navigate' and 'will-attach-webview' hand over that we use. */
export interface PreventableEvent {
  preventDefault(): void;
}

/** The parts of a WebContents this guard uses. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => { action: 'deny' }): void;
}

export interface NavigationGuardOptions {
  origin: AppOrigin;
  /** shell.openExternal; only ever called with a URL that passed isOpenableExternally. */
  openExternal(url: string): Promise<void>;
  onError?(message: string): void;
}

function openIfAllowed(url: string, options: NavigationGuardOptions): void {
  if (!isOpenableExternally(url)) return;
  options.openExternal(url).catch(() => options.onError?.('The system browser could not open a link.'));
}

export function guardNavigation(contents: GuardedContents, options: NavigationGuardOptions): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, options.origin)) return;
    event.preventDefault();
    openIfAllowed(url, options);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, options);
    return { action: 'deny' };
  });
}

/** The parts of a Session this guard uses. */
export interface GuardedSession {
  setPermissionRequestHandler(handler: (contents: WebContents, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

export function denyAllPermissions(session: GuardedSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
