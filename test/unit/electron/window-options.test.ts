import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../src/main/electron/windowOptions.ts';

describe('mainWindowOptions', () => {
  const options = mainWindowOptions({ preloadPath: '/app/out/preload/index.cjs', title: 'Social Inbox' });

  it('isolates the renderer: context isolation and sandbox on, Node integration off everywhere', () => {
    expect(options.webPreferences.contextIsolation).toBe(true);
    expect(options.webPreferences.sandbox).toBe(true);
    expect(options.webPreferences.nodeIntegration).toBe(false);
    expect(options.webPreferences.nodeIntegrationInWorker).toBe(false);
    expect(options.webPreferences.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and refuses insecure content, experimental features and <webview>', () => {
    expect(options.webPreferences.webSecurity).toBe(true);
    expect(options.webPreferences.allowRunningInsecureContent).toBe(false);
    expect(options.webPreferences.experimentalFeatures).toBe(false);
    expect(options.webPreferences.webviewTag).toBe(false);
    expect(options.webPreferences.navigateOnDragDrop).toBe(false);
  });

  it('loads the given preload script', () => {
    expect(options.webPreferences.preload).toBe('/app/out/preload/index.cjs');
  });

  it('stays hidden until the first paint, so no empty frame flashes', () => {
    expect(options.show).toBe(false);
    expect(options.title).toBe('Social Inbox');
  });
});
