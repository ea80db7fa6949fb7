// The guard covers every way a page can leave our origin, and every WebContents the app ever has:
// a frame's navigation (will-frame-navigate, iframes included), a server's redirect (will-redirect),
// and contents created later than the main window (app 'web-contents-created'), each guarded once.
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ORIGIN } from '../../../src/main/electron/appOrigin.ts';
import { guardEveryWebContents, guardNavigation, type GuardedContents } from '../../../src/main/electron/navigationGuard.ts';

type Listener = (...args: unknown[]) => void;

/** A fake WebContents: every listener of every event, and the window-open handler. */
function fakeContents() {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((details: { url: string }) => unknown) | null = null;
  const contents = {
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return contents;
    },
    setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
      openHandler = handler;
    },
  };
  const fire = (event: string, ...args: unknown[]) => {
    const e = {
      prevented: false,
      preventDefault() {
        e.prevented = true;
      },
    };
    for (const listener of listeners.get(event) ?? []) listener(e, ...args);
    return e.prevented;
  };
  return {
    contents: contents as unknown as GuardedContents,
    listeners,
    navigate: (url: string) => fire('will-navigate', url),
    frameNavigate(url: string, isMainFrame: boolean) {
      const e = {
        url,
        isMainFrame,
        prevented: false,
        preventDefault() {
          e.prevented = true;
        },
      };
      for (const listener of listeners.get('will-frame-navigate') ?? []) listener(e);
      return e.prevented;
    },
    redirect(url: string, isMainFrame = true) {
      const e = {
        url,
        isMainFrame,
        prevented: false,
        preventDefault() {
          e.prevented = true;
        },
      };
      for (const listener of listeners.get('will-redirect') ?? []) listener(e, url, false, isMainFrame);
      return e.prevented;
    },
    attachWebview: () => fire('will-attach-webview'),
    openWindow: (url: string) => openHandler?.({ url }),
  };
}

function guarded() {
  const opened: string[] = [];
  const fake = fakeContents();
  guardNavigation(fake.contents, { origin: PRODUCTION_ORIGIN, openExternal: async (url) => void opened.push(url) });
  return { ...fake, opened };
}

describe('will-frame-navigate', () => {
  it('cancels any frame (main or iframe) leaving the app, without opening anything', () => {
    const g = guarded();
    expect(g.frameNavigate('https://evil.example/', false)).toBe(true);
    expect(g.frameNavigate('https://x.com/studio', false)).toBe(true);
    expect(g.frameNavigate('file:///etc/passwd', true)).toBe(true);
    expect(g.opened).toEqual([]);
  });

  it('lets frames move within the app', () => {
    const g = guarded();
    expect(g.frameNavigate('app://renderer/index.html#/inbox', true)).toBe(false);
    expect(g.frameNavigate('app://renderer/assets/x.html', false)).toBe(false);
  });
});

describe('will-redirect', () => {
  it('cancels a redirect off the app, and opens nothing', () => {
    const g = guarded();
    expect(g.redirect('https://evil.example/')).toBe(true);
    expect(g.redirect('https://x.com/studio')).toBe(true);
    expect(g.redirect('https://evil.example/', false)).toBe(true);
    expect(g.opened).toEqual([]);
  });

  it('lets a redirect within the app through', () => {
    expect(guarded().redirect('app://renderer/index.html')).toBe(false);
  });
});

describe('guardEveryWebContents', () => {
  function fakeApp() {
    let created: ((event: unknown, contents: GuardedContents) => void) | null = null;
    return {
      app: {
        on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedContents) => void) {
          if (event === 'web-contents-created') created = listener;
          return this;
        },
      },
      create: (contents: GuardedContents) => created?.({}, contents),
    };
  }

  it('guards contents created after it (a stray window, a webview): navigation, redirects, window.open, <webview>', () => {
    const opened: string[] = [];
    const { app, create } = fakeApp();
    guardEveryWebContents(app, { origin: PRODUCTION_ORIGIN, openExternal: async (url) => void opened.push(url) });
    const stray = fakeContents();
    create(stray.contents);
    expect(stray.navigate('https://evil.example/')).toBe(true);
    expect(stray.frameNavigate('https://evil.example/', false)).toBe(true);
    expect(stray.redirect('https://evil.example/')).toBe(true);
    expect(stray.attachWebview()).toBe(true);
    expect(stray.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    expect(stray.openWindow('https://X.com/studio')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://x.com/studio']);
  });

  it('guards a contents once, however often it is handed over (the main window is guarded both ways)', () => {
    const opened: string[] = [];
    const { app, create } = fakeApp();
    const options = { origin: PRODUCTION_ORIGIN, openExternal: async (url: string) => void opened.push(url) };
    guardEveryWebContents(app, options);
    const window = fakeContents();
    create(window.contents);
    guardNavigation(window.contents, options);
    expect(window.listeners.get('will-navigate')).toHaveLength(1);
    window.navigate('https://x.com/studio');
    expect(opened).toEqual(['https://x.com/studio']);
  });
});
