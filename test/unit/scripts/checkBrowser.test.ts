// Issue 27, item 16: `npm test` starts by finding the browser the end-to-end tests drive, installing
// it where this user may, or stopping at once with the one command to run.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { chooseBrowser, type MachineFacts } from '../../../scripts/browserChoice.ts';

const bare: MachineFacts = {
  chromiumPathEnv: null,
  systemChromium: null,
  playwrightChromium: null,
  debian: true,
  mayInstallPackages: false,
  mayDownload: true,
};

describe('the browser for the end-to-end tests', () => {
  it('takes CHROMIUM_PATH, then the system’s chromium, then Playwright’s own', () => {
    const all = { ...bare, systemChromium: '/usr/bin/chromium', playwrightChromium: '/home/me/.cache/ms-playwright/chromium-1/chrome-linux64/chrome' };
    expect(chooseBrowser({ ...all, chromiumPathEnv: { path: '/opt/chromium', exists: true } })).toMatchObject({ kind: 'found', path: '/opt/chromium' });
    expect(chooseBrowser(all)).toMatchObject({ kind: 'found', path: '/usr/bin/chromium' });
    expect(chooseBrowser({ ...all, systemChromium: null })).toMatchObject({ kind: 'found', path: all.playwrightChromium });
  });

  it('stops on a CHROMIUM_PATH that names no file, rather than taking another browser', () => {
    const choice = chooseBrowser({ ...bare, systemChromium: '/usr/bin/chromium', chromiumPathEnv: { path: '/no/such', exists: false } });
    expect(choice).toEqual({ kind: 'stop', message: expect.stringContaining('CHROMIUM_PATH is set to /no/such') as unknown });
  });

  it('installs Debian’s chromium where it may (root or sudo), Playwright’s own elsewhere when it may download', () => {
    expect(chooseBrowser({ ...bare, mayInstallPackages: true })).toMatchObject({ kind: 'install', command: ['apt-get', 'install', '-y', 'chromium'] });
    expect(chooseBrowser({ ...bare, debian: false })).toMatchObject({ kind: 'install', command: ['npx', 'playwright', 'install', 'chromium'] });
  });

  it('otherwise stops with the one command to run', () => {
    const debian = chooseBrowser(bare);
    expect(debian.kind).toBe('stop');
    expect(debian.kind === 'stop' && debian.message).toContain('\n  sudo apt-get install chromium\n');
    const other = chooseBrowser({ ...bare, debian: false, mayDownload: false });
    expect(other.kind === 'stop' && other.message).toContain('\n  npx playwright install chromium\n');
  });

  it('the script stops with a non-zero exit and the words when the browser named is missing', () => {
    const run = spawnSync(process.execPath, ['scripts/check-browser.ts'], { env: { ...process.env, CHROMIUM_PATH: '/no/such/chromium' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CHROMIUM_PATH is set to /no/such/chromium, but there is no file there');
    const found = spawnSync(process.execPath, ['scripts/check-browser.ts'], { env: { ...process.env, CHROMIUM_PATH: process.execPath }, encoding: 'utf8' });
    expect(found.status).toBe(0);
  });
});
