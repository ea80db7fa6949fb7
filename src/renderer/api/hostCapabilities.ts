// What the host the page runs in can do. The desktop app starts at login and keeps a tray icon; the
// web host (a page in a browser) can do neither, so the screen does not offer them there (issue 19).
// The host says so through how the bridge came: the web host's transport is installed by the page
// itself (main.tsx), the desktop app's comes from its preload.

export interface HostCapabilities {
  /** "Start at login" means something. */
  startAtLogin: boolean;
  /** A tray icon exists: "closing the window keeps the app in the tray" means something. */
  tray: boolean;
  /** New comments can be announced by the system (the desktop app); the web host announces nothing. */
  notify: boolean;
}

export const DESKTOP_HOST: HostCapabilities = { startAtLogin: true, tray: true, notify: true };
export const WEB_HOST: HostCapabilities = { startAtLogin: false, tray: false, notify: false };

let current: HostCapabilities = DESKTOP_HOST;

export function setHostCapabilities(capabilities: HostCapabilities): void {
  current = capabilities;
}

export function hostCapabilities(): HostCapabilities {
  return current;
}
