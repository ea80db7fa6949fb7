// Without --data-dir the web host keeps its files where each platform keeps an app's data.
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../src/main/web/dataDir.ts';

describe('defaultDataDir', () => {
  it('on Linux: $XDG_DATA_HOME/Social Inbox, else ~/.local/share/Social Inbox', () => {
    expect(defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: '/data/me' }, home: '/home/me' })).toBe('/data/me/Social Inbox');
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/me' })).toBe('/home/me/.local/share/Social Inbox');
    expect(defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: '' }, home: '/home/me' })).toBe('/home/me/.local/share/Social Inbox');
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec says', () => {
    expect(defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: 'relative/dir' }, home: '/home/me' })).toBe('/home/me/.local/share/Social Inbox');
  });

  it('on macOS: ~/Library/Application Support/Social Inbox', () => {
    expect(defaultDataDir({ platform: 'darwin', env: { XDG_DATA_HOME: '/ignored' }, home: '/Users/me' })).toBe(
      '/Users/me/Library/Application Support/Social Inbox',
    );
  });

  it('on Windows: %APPDATA%\\Social Inbox, else the roaming folder under the home folder', () => {
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, home: 'C:\\Users\\me' })).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Social Inbox',
    );
    expect(defaultDataDir({ platform: 'win32', env: {}, home: 'C:\\Users\\me' })).toBe('C:\\Users\\me\\AppData\\Roaming\\Social Inbox');
  });
});
