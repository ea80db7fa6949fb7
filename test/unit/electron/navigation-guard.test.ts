import { describe, expect, it } from 'vitest';
import { devServerOrigin, isAppUrl, PRODUCTION_ORIGIN } from '../../../src/main/electron/appOrigin.ts';
import { denyAllPermissions, guardNavigation, type GuardedContents, type PreventableEvent } from '../../../src/main/electron/navigationGuard.ts';

/** A fake of the WebContents events the guard listens to. */
function fakeContents() {
  const listeners = new Map<string, (...args: never[]) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;
  const contents: GuardedContents = {
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, listener);
      return contents;
    },
    setWindowOpenHandler(handler) {
      openHandler = handler;
    },
  };
  const event = () => {
    const e = {
      prevented: false,
      preventDefault() {
        e.prevented = true;
      },
    };
    return e;
  };
  return {
    contents,
    navigate(url: string) {
      const e = event();
      (listeners.get('will-navigate') as (event: PreventableEvent, url: string) => void)(e, url);
      return e.prevented;
    },
    attachWebview() {
      const e = event();
      (listeners.get('will-attach-webview') as (event: PreventableEvent) => void)(e);
      return e.prevented;
    },
    openWindow(url: string) {
      return openHandler?.({ url });
    },
  };
}

function guarded(origin = PRODUCTION_ORIGIN) {
  const opened: string[] = [];
  const fake = fakeContents();
  guardNavigation(fake.contents, { origin, openExternal: async (url) => void opened.push(url) });
  return { ...fake, opened };
}

describe('isAppUrl', () => {
  it('accepts pages of the app: scheme and renderer host only', () => {
    expect(isAppUrl('app://renderer/index.html', PRODUCTION_ORIGIN)).toBe(true);
    expect(isAppUrl('app://renderer/index.html#/inbox', PRODUCTION_ORIGIN)).toBe(true);
    expect(isAppUrl('app://other/index.html', PRODUCTION_ORIGIN)).toBe(false);
    expect(isAppUrl('file:///app/out/renderer/index.html', PRODUCTION_ORIGIN)).toBe(false);
    expect(isAppUrl('https://renderer/index.html', PRODUCTION_ORIGIN)).toBe(false);
    expect(isAppUrl('app://user@renderer/index.html', PRODUCTION_ORIGIN)).toBe(false);
    expect(isAppUrl('garbage', PRODUCTION_ORIGIN)).toBe(false);
  });

  it('in development accepts the dev server, port included, and nothing else', () => {
    const dev = devServerOrigin('http://localhost:5173/');
    expect(dev).toEqual({ protocol: 'http:', host: 'localhost:5173' });
    expect(isAppUrl('http://localhost:5173/src/main.tsx', dev!)).toBe(true);
    expect(isAppUrl('http://localhost:5174/', dev!)).toBe(false);
    expect(isAppUrl('https://localhost:5173/', dev!)).toBe(false);
    expect(devServerOrigin('file:///tmp/x')).toBeNull();
    expect(devServerOrigin('nonsense')).toBeNull();
  });
});

describe('guardNavigation', () => {
  it('lets the window move within the app', () => {
    const g = guarded();
    expect(g.navigate('app://renderer/index.html')).toBe(false);
    expect(g.opened).toEqual([]);
  });

  it('cancels navigation away from the app and opens a known network link in the system browser instead', () => {
    const g = guarded();
    expect(g.navigate('https://x.com/studio/status/1')).toBe(true);
    expect(g.opened).toEqual(['https://x.com/studio/status/1']);
  });

  it('cancels navigation to anything else without opening it', () => {
    const g = guarded();
    expect(g.navigate('https://evil.example/')).toBe(true);
    expect(g.navigate('file:///etc/passwd')).toBe(true);
    expect(g.navigate('app://elsewhere/')).toBe(true);
    expect(g.opened).toEqual([]);
  });

  it('denies every new window; a known network link goes to the system browser', () => {
    const g = guarded();
    expect(g.openWindow('https://www.youtube.com/watch?v=1')).toEqual({ action: 'deny' });
    expect(g.openWindow('app://renderer/index.html')).toEqual({ action: 'deny' });
    expect(g.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
    expect(g.opened).toEqual(['https://www.youtube.com/watch?v=1']);
  });

  it('refuses <webview>', () => {
    expect(guarded().attachWebview()).toBe(true);
  });

  it('reports a link the system browser could not open, without the link', async () => {
    const errors: string[] = [];
    const fake = fakeContents();
    guardNavigation(fake.contents, {
      origin: PRODUCTION_ORIGIN,
      openExternal: async () => Promise.reject(new Error('no browser')),
      onError: (m) => errors.push(m),
    });
    fake.navigate('https://x.com/secret-path');
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
    expect(errors[0]).not.toContain('secret-path');
  });
});

describe('denyAllPermissions', () => {
  it('refuses every permission request and check', () => {
    let request: ((contents: never, permission: string, callback: (granted: boolean) => void) => void) | null = null;
    let check: (() => boolean) | null = null;
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => void (request = handler as typeof request),
      setPermissionCheckHandler: (handler) => void (check = handler),
    });
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      request!(undefined as never, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(check!()).toBe(false);
  });
});
