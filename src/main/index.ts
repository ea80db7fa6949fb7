// Electron composition root. Kept deliberately small: it wires the Electron adapters to the core
// and opens the window; the real shell (tray, bridge, stores) arrives in later steps.
import { app, BrowserWindow } from 'electron';
import { appInfo } from './core/appInfo.ts';
import { builtFiles } from './core/builtFiles.ts';
import { mainWindowOptions } from './electron/windowOptions.ts';

const files = builtFiles(import.meta.dirname);

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions({ preloadPath: files.preload, title: appInfo.title }));
  window.once('ready-to-show', () => window.show());

  // electron-vite sets this in `dev` only; everywhere else the built files are loaded.
  const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
  if (!app.isPackaged && devServerUrl) {
    void window.loadURL(devServerUrl);
  } else {
    void window.loadFile(files.rendererHtml);
  }
  return window;
}

void app.whenReady().then(() => {
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
