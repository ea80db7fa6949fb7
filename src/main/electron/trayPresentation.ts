// What the tray shows, as plain data: the context menu and how the unread count appears on each
// platform. Linux trays (AppIndicator) often ignore clicks and tooltips, so the menu carries
// everything: the count, Show, Pause sync and Quit are always in it.
import type { MenuItemConstructorOptions } from 'electron';

export interface TrayMenuActions {
  show(): void;
  setSyncPaused(paused: boolean): void;
  quit(): void;
}

export interface TrayMenuState {
  appTitle: string;
  unread: number;
  syncPaused: boolean;
}

export function unreadPhrase(unread: number): string {
  if (unread <= 0) return 'No unread comments';
  return unread === 1 ? '1 unread comment' : `${unread.toLocaleString('en-US')} unread comments`;
}

export function trayMenuTemplate(state: TrayMenuState, actions: TrayMenuActions): MenuItemConstructorOptions[] {
  return [
    { id: 'unread', label: unreadPhrase(state.unread), enabled: false },
    { type: 'separator' },
    { id: 'show', label: `Show ${state.appTitle}`, click: () => actions.show() },
    {
      id: 'pause-sync',
      label: 'Pause sync',
      type: 'checkbox',
      checked: state.syncPaused,
      // The checkbox has already flipped when click runs: its new state is the wish.
      click: (item) => actions.setSyncPaused(item.checked),
    },
    { type: 'separator' },
    { id: 'quit', label: `Quit ${state.appTitle}`, click: () => actions.quit() },
  ];
}

/** The unread count, as each platform shows it best. */
export interface UnreadDisplay {
  /** Every platform: the tray icon's tooltip. */
  tooltip: string;
  /** macOS: text next to the menu-bar icon (empty clears it). */
  trayTitle: string | null;
  /** macOS: the Dock badge (0 clears it). */
  badgeCount: number | null;
  /** Windows: the taskbar overlay (null clears it), with the text screen readers announce. */
  overlay: { icon: string; description: string } | null | 'unchanged';
  /** Linux: the window title, which taskbars show when the tray cannot. */
  windowTitle: string | null;
}

/** Overlay images exist for 1–9 and "9+" (resources/overlay-*.png, drawn by npm run icon). */
export function overlayIconName(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? 'overlay-9plus.png' : `overlay-${Math.floor(unread)}.png`;
}

export function unreadDisplay(unread: number, platform: string, appTitle: string): UnreadDisplay {
  const count = Math.max(0, Math.floor(unread));
  const phrase = unreadPhrase(count);
  const display: UnreadDisplay = {
    tooltip: count > 0 ? `${appTitle}: ${phrase}` : appTitle,
    trayTitle: null,
    badgeCount: null,
    overlay: 'unchanged',
    windowTitle: null,
  };
  if (platform === 'darwin') {
    display.trayTitle = count > 0 ? String(count) : '';
    display.badgeCount = count;
  } else if (platform === 'win32') {
    const icon = overlayIconName(count);
    display.overlay = icon ? { icon, description: phrase } : null;
  } else {
    display.windowTitle = count > 0 ? `${appTitle} (${count})` : appTitle;
  }
  return display;
}

/** The tray image for each platform: macOS wants a monochrome template image, the others colour. */
export function trayIconName(platform: string): string {
  // "Template" in the name makes macOS tint it for light and dark menu bars; @2x is found by name.
  return platform === 'darwin' ? 'trayTemplate.png' : 'tray.png';
}
