import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { AppTray, type AppTrayHost } from '../../../src/main/electron/appTray.ts';
import { overlayIconName, trayIconName, trayMenuTemplate, unreadDisplay } from '../../../src/main/electron/trayPresentation.ts';

/** Fakes of Tray, Menu.buildFromTemplate, app.setBadgeCount and the window's overlay and title. */
function fakeHost(platform: string) {
  const log = {
    tooltip: '',
    title: null as string | null,
    badge: null as number | null,
    overlay: 'untouched' as unknown,
    windowTitle: null as string | null,
    menu: [] as MenuItemConstructorOptions[],
    clickListener: null as (() => void) | null,
    destroyed: false,
  };
  const host: AppTrayHost = {
    platform,
    appTitle: 'Social Inbox',
    tray: {
      setToolTip: (text) => void (log.tooltip = text),
      setTitle: (text) => void (log.title = text),
      setContextMenu: (menu) => void (log.menu = menu as MenuItemConstructorOptions[]),
      on: (_event, listener) => void (log.clickListener = listener),
      destroy: () => void (log.destroyed = true),
    },
    buildMenu: (template) => template,
    setBadgeCount: (count) => void (log.badge = count),
    setOverlay: (overlay) => void (log.overlay = overlay),
    setWindowTitle: (title) => void (log.windowTitle = title),
  };
  return { host, log };
}

function actions() {
  const calls: string[] = [];
  return {
    calls,
    show: () => calls.push('show'),
    setSyncPaused: (paused: boolean) => calls.push(`paused=${paused}`),
    quit: () => calls.push('quit'),
  };
}

const click = (item: MenuItemConstructorOptions | undefined, checked?: boolean) =>
  (item?.click as (item: { checked: boolean }) => void)({ checked: checked ?? false });

describe('the tray menu', () => {
  it.each(['linux', 'darwin', 'win32'])('always has Show, Pause sync and Quit (%s), since tray clicks are unreliable on Linux', (platform) => {
    const { host, log } = fakeHost(platform);
    const a = actions();
    new AppTray(host, a, { unread: 0, syncPaused: false });
    const ids = log.menu.map((item) => item.id).filter(Boolean);
    expect(ids).toEqual(['unread', 'show', 'pause-sync', 'quit']);
    click(log.menu.find((item) => item.id === 'show'));
    click(
      log.menu.find((item) => item.id === 'pause-sync'),
      true,
    );
    click(log.menu.find((item) => item.id === 'quit'));
    expect(a.calls).toEqual(['show', 'paused=true', 'quit']);
  });

  it('shows Pause sync checked while paused, and the count as its first line', () => {
    const template = trayMenuTemplate({ appTitle: 'Social Inbox', unread: 3, syncPaused: true }, actions());
    expect(template.find((item) => item.id === 'pause-sync')).toMatchObject({ type: 'checkbox', checked: true });
    expect(template[0]).toMatchObject({ label: '3 unread comments', enabled: false });
  });

  it('rebuilds the menu when the count or the pause changes', () => {
    const { host, log } = fakeHost('linux');
    const tray = new AppTray(host, actions(), { unread: 0, syncPaused: false });
    tray.setUnread(1);
    expect(log.menu[0]?.label).toBe('1 unread comment');
    tray.setSyncPaused(true);
    expect(log.menu.find((item) => item.id === 'pause-sync')?.checked).toBe(true);
  });

  it('shows the window on a tray click where the platform reports one', () => {
    const { host, log } = fakeHost('win32');
    const a = actions();
    new AppTray(host, a, { unread: 0, syncPaused: false });
    log.clickListener?.();
    expect(a.calls).toEqual(['show']);
  });
});

describe('the unread count on each platform', () => {
  it('Linux: tooltip and window title, no badge or overlay', () => {
    const { host, log } = fakeHost('linux');
    new AppTray(host, actions(), { unread: 7, syncPaused: false });
    expect(log.tooltip).toBe('Social Inbox: 7 unread comments');
    expect(log.windowTitle).toBe('Social Inbox (7)');
    expect(log.badge).toBeNull();
    expect(log.overlay).toBe('untouched');
    expect(log.title).toBeNull();
  });

  it('macOS: Dock badge and the title beside the menu-bar icon', () => {
    const { host, log } = fakeHost('darwin');
    const tray = new AppTray(host, actions(), { unread: 12, syncPaused: false });
    expect(log.badge).toBe(12);
    expect(log.title).toBe('12');
    tray.setUnread(0);
    expect(log.badge).toBe(0);
    expect(log.title).toBe('');
    expect(log.tooltip).toBe('Social Inbox');
  });

  it('Windows: a taskbar overlay with the count, cleared at zero', () => {
    const { host, log } = fakeHost('win32');
    const tray = new AppTray(host, actions(), { unread: 4, syncPaused: false });
    expect(log.overlay).toEqual({ icon: 'overlay-4.png', description: '4 unread comments' });
    tray.setUnread(250);
    expect(log.overlay).toEqual({ icon: 'overlay-9plus.png', description: '250 unread comments' });
    tray.setUnread(0);
    expect(log.overlay).toBeNull();
    expect(log.badge).toBeNull();
  });

  it('never shows a negative or fractional count', () => {
    expect(unreadDisplay(-3, 'darwin', 'Social Inbox').badgeCount).toBe(0);
    expect(unreadDisplay(2.7, 'darwin', 'Social Inbox').badgeCount).toBe(2);
    expect(overlayIconName(0)).toBeNull();
    expect(overlayIconName(9)).toBe('overlay-9.png');
    expect(overlayIconName(10)).toBe('overlay-9plus.png');
  });

  it('uses a template image on macOS and the colour icon elsewhere', () => {
    expect(trayIconName('darwin')).toBe('trayTemplate.png');
    expect(trayIconName('linux')).toBe('tray.png');
    expect(trayIconName('win32')).toBe('tray.png');
  });
});
