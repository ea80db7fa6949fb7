// The application menu: the usual roles, so the usual shortcuts work (copy and paste on macOS only
// work through the Edit menu's roles). Developer tools only in development.
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  platform: string;
  appTitle: string;
  /** Adds reload and developer tools to the View menu. */
  development: boolean;
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const menu: MenuItemConstructorOptions[] = [];
  if (mac) {
    menu.push({
      label: options.appTitle,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  menu.push({ label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] });
  menu.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? ([{ role: 'pasteAndMatchStyle' }, { role: 'delete' }] as const) : ([{ role: 'delete' }] as const)),
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });
  menu.push({
    label: 'View',
    submenu: [
      ...(options.development ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as const) : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  menu.push({
    label: 'Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  });
  return menu;
}
