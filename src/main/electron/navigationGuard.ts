// Keeps every WebContents of the app on our own renderer: a navigation away from it is cancelled
// (links to the known networks go to the system browser instead), in any frame and after a server
// redirect too; new windows are never opened, <webview> is refused, and the renderer is given no
// permission (camera, geolocation, notifications, …): it needs none, notifications are shown by the
// main process. The main window is guarded when it is built, and every other WebContents when
// Electron creates it ('web-contents-created'), so one that appears by surprise is guarded too.
import type { HandlerDetails, WebContents } from 'electron';
import { type AppOrigin, isAppUrl } from './appOrigin.ts';
import { externalHref } from './externalLinks.ts';

/** What Electron's 'will-navigate' and 'will-attach-webview' hand over that we use. */
export interface PreventableEvent {
  preventDefault(): void;
}

/** What 'will-frame-navigate' and 'will-redirect' hand over that we use: the event carries the URL. */
export interface NavigationDetails extends PreventableEvent {
  url: string;
}

/** The parts of a WebContents this guard uses. */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-frame-navigate' | 'will-redirect', listener: (details: NavigationDetails) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: Pick<HandlerDetails, 'url'>) => { action: 'deny' }): void;
}

export interface NavigationGuardOptions {
  origin: AppOrigin;
  /** shell.openExternal; only ever called with the href externalHref checked, never a page's string. */
  openExternal(url: string): Promise<void>;
  onError?(message: string): void;
}

function openIfAllowed(url: string, options: NavigationGuardOptions): void {
  const href = externalHref(url);
  if (href === null) return;
  options.openExternal(href).catch(() => options.onError?.('The system browser could not open a link.'));
}

/** Contents guarded already: the main window is handed over twice (built, and created). */
const guarded = new WeakSet<object>();

export function guardNavigation(contents: GuardedContents, options: NavigationGuardOptions): void {
  if (guarded.has(contents)) return;
  guarded.add(contents);
  // A link the person followed in the main frame: opened in the system browser when it is allowed.
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, options.origin)) return;
    event.preventDefault();
    openIfAllowed(url, options);
  });
  // Any frame, iframes included (will-navigate sees the main frame only). Nothing is opened here:
  // a main-frame link was handled above, and an iframe's navigation is not the person's click.
  contents.on('will-frame-navigate', (details) => {
    if (!isAppUrl(details.url, options.origin)) details.preventDefault();
  });
  // A server redirect is never the person's choice: off our origin, it is simply stopped.
  contents.on('will-redirect', (details) => {
    if (!isAppUrl(details.url, options.origin)) details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    openIfAllowed(url, options);
    return { action: 'deny' };
  });
}

/** The part of Electron's app this uses. */
export interface ContentsCreator {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContents) => void): unknown;
}

/** Guards every WebContents Electron creates from now on; call it before the first window. */
export function guardEveryWebContents(app: ContentsCreator, options: NavigationGuardOptions): void {
  app.on('web-contents-created', (_event, contents) => guardNavigation(contents, options));
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
