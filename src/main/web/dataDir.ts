// Where the web host keeps the store, the outbox and the settings when --data-dir is not given:
// the platform's usual folder for an application's data, in a folder named after the app.
import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';
import { appInfo } from '../core/appInfo.ts';

export interface PlatformFacts {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

export function defaultDataDir(facts: PlatformFacts = { platform: process.platform, env: process.env, home: homedir() }): string {
  const { platform, env, home } = facts;
  // An empty APPDATA names no folder either: it falls back like a missing one, which `??` would not do.
  // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing -- see the line above
  if (platform === 'win32') return win32.join(env['APPDATA'] || win32.join(home, 'AppData', 'Roaming'), appInfo.title);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', appInfo.title);
  // Linux and the other Unixes follow the XDG base directory spec, which calls a relative
  // XDG_DATA_HOME invalid (to be ignored).
  const xdg = env['XDG_DATA_HOME'];
  return posix.join(xdg?.startsWith('/') ? xdg : posix.join(home, '.local', 'share'), appInfo.title);
}
