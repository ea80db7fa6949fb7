// Where the renderer comes from, and the one test of "is this URL ours?" that the sender check of
// the bridge, the navigation guard and the protocol handler all share. In production the renderer
// is served from the custom scheme `app://renderer/`; in development from electron-vite's server.
//
// Origins are compared as scheme + host (host includes the port), not with URL.origin: for a scheme
// the WHATWG parser does not know (`app:`), `origin` is the opaque "null", which would make every
// custom-scheme URL equal to every other one.

export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';

export interface AppOrigin {
  /** With the colon, as URL.protocol gives it: 'app:', 'http:'. */
  readonly protocol: string;
  /** Host and port, as URL.host gives it: 'renderer', 'localhost:5173'. */
  readonly host: string;
}

/** The production origin: files of out/renderer served by the `app:` protocol handler. */
export const PRODUCTION_ORIGIN: AppOrigin = { protocol: `${APP_SCHEME}:`, host: APP_HOST };

/** The page the window loads in production. */
export const PRODUCTION_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** The origin of the dev server URL electron-vite hands over, or null when it is not an http(s) URL. */
export function devServerOrigin(devServerUrl: string): AppOrigin | null {
  const url = parse(devServerUrl);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.host === '') return null;
  return { protocol: url.protocol, host: url.host };
}

/** True when `url` is a page of our own renderer (same scheme, same host and port). */
export function isAppUrl(url: string, origin: AppOrigin): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  // Credentials in a URL of our own origin have no use and are a classic spoofing trick.
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.protocol === origin.protocol && parsed.host === origin.host;
}
