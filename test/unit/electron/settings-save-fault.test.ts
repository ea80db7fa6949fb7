// The desktop app's settings when electron-store cannot write its file (disk full, read-only, not
// ours): a change answers a typed error that says why and leaves the settings as they were; a
// damaged file at start still opens with the defaults. The real `conf` does the file work; only
// the system's refusal of a write is injected (root, which runs the tests, may write anywhere).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsSaveError } from '../../../src/main/core/settingsSaveError.ts';
import { ElectronStoreSettings } from '../../../src/main/electron/electronStoreSettings.ts';
import { BackupShelf, JsonStoreFile, type JsonObject, type TolerantStoreOptions, type WholeStore } from '../../../src/main/electron/jsonStoreFile.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';
import { openConf } from './electronStoreConf.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-fault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** conf, whose writes the system refuses with `code` while it is set. */
function faultyConf(name: string, fault: { code: string | null }) {
  return (options: TolerantStoreOptions): WholeStore => {
    const conf = openConf(dir, name)(options);
    return {
      get store() {
        return conf.store;
      },
      set store(data: JsonObject) {
        if (fault.code !== null) throw Object.assign(new Error(`${fault.code}: refused`), { code: fault.code });
        conf.store = data;
      },
    };
  };
}

function open(fault: { code: string | null }) {
  return new ElectronStoreSettings(new JsonStoreFile(faultyConf('settings', fault)), new BackupShelf(new JsonStoreFile(faultyConf('settings-backup', fault))));
}

describe('ElectronStoreSettings on a disk that refuses writes', () => {
  it.each([
    ['ENOSPC', 'disk-full', /disk is full/],
    ['EROFS', 'read-only', /read-only/],
    ['EPERM', 'permission', /not allowed/],
  ])('%s: update throws a typed error that says why; memory and file stay as they were', (code, reason, words) => {
    const fault = { code: null as string | null };
    const settings = open(fault);
    settings.update({ theme: 'light' });
    fault.code = code;
    let failure: unknown;
    try {
      settings.update({ theme: 'dark', closeToTray: false });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SettingsSaveError);
    expect(failure).toMatchObject({ reason, systemCode: code });
    expect((failure as Error).message).toMatch(words);
    expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'light', closeToTray: true });
  });

  it('a damaged file at start still opens with the defaults and a notice, though neither repair nor copy can be written', () => {
    writeFileSync(join(dir, 'settings.json'), '{"theme": "dark", "notif');
    const settings = open({ code: 'ENOSPC' });
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.recoveryNotice()).toMatch(/could not be read/);
    expect(settings.recoveryNotice()).toMatch(/disk is full/);
    // Nothing was written over the damaged file.
    expect(readFileSync(join(dir, 'settings.json'), 'utf8')).toBe('{"theme": "dark", "notif');
  });
});
