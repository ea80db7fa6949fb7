import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ElectronStoreSettings, InvalidSettingsError } from '../../../src/main/electron/electronStoreSettings.ts';
import { BackupShelf, JsonStoreFile } from '../../../src/main/electron/jsonStoreFile.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';
import { confVersionPath, openConf } from './electronStoreConf.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const settingsFile = () => join(dir, 'settings.json');
const backupFile = () => join(dir, 'settings-backup.json');

function open() {
  return new ElectronStoreSettings(new JsonStoreFile(openConf(dir, 'settings')), new BackupShelf(new JsonStoreFile(openConf(dir, 'settings-backup'))));
}

function backups(): Array<{ reason: string; contents: string }> {
  return (JSON.parse(readFileSync(backupFile(), 'utf8')) as { copies: Array<{ reason: string; contents: string }> }).copies;
}

describe('ElectronStoreSettings', () => {
  it("uses electron-store's own conf", () => {
    expect(confVersionPath).toContain('electron-store');
  });

  it('starts with the defaults when there is no file, and makes no backup', () => {
    const settings = open();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.recoveryNotice()).toBeNull();
    expect(existsSync(backupFile())).toBe(false);
  });

  it('keeps an update across a restart', () => {
    open().update({ theme: 'dark', closeToTray: false });
    const reopened = open();
    expect(reopened.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', closeToTray: false });
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toMatchObject({ theme: 'dark', closeToTray: false });
  });

  it('changes only the settings a patch names; undefined leaves a setting alone', () => {
    const settings = open();
    settings.update({ undoSeconds: 12 });
    expect(settings.update({ theme: 'light', undoSeconds: undefined })).toEqual({ ...DEFAULT_SETTINGS, theme: 'light', undoSeconds: 12 });
  });

  it('refuses a patch the schema refuses, names the setting, and changes nothing', () => {
    const settings = open();
    expect(() => settings.update({ undoSeconds: 99 })).toThrow(InvalidSettingsError);
    expect(() => settings.update({ undoSeconds: 99 })).toThrow(/undoSeconds/);
    expect(() => settings.update({ nonsense: true } as never)).toThrow(/nonsense/);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('falls back to the defaults on a corrupt file, and keeps a copy of it', () => {
    writeFileSync(settingsFile(), '{"theme": "dark", "notifications": fal');
    const settings = open();
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(settings.recoveryNotice()).toMatch(/could not be read/);
    expect(backups()).toEqual([expect.objectContaining({ contents: '{"theme": "dark", "notifications": fal' })]);
    // The repaired file is valid again.
    expect(JSON.parse(readFileSync(settingsFile(), 'utf8'))).toEqual(DEFAULT_SETTINGS);
  });

  it('treats JSON that is not an object as corrupt', () => {
    writeFileSync(settingsFile(), '[1, 2, 3]');
    expect(open().get()).toEqual(DEFAULT_SETTINGS);
    expect(backups()[0]?.contents).toBe('[1, 2, 3]');
  });

  it('keeps every valid setting of an invalid file, resets the rest, and keeps a copy', () => {
    writeFileSync(settingsFile(), JSON.stringify({ theme: 'dark', undoSeconds: 'soon', syncPace: 'eager', fromTheFuture: 1 }));
    const settings = open();
    expect(settings.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', syncPace: 'eager' });
    expect(settings.recoveryNotice()).toMatch(/undoSeconds, fromTheFuture/);
    expect(JSON.parse(backups()[0]!.contents)).toEqual({ theme: 'dark', undoSeconds: 'soon', syncPace: 'eager', fromTheFuture: 1 });
  });

  it('keeps the five latest copies when the file is damaged again and again', () => {
    for (let i = 0; i < 7; i++) {
      writeFileSync(settingsFile(), `broken ${i}`);
      open();
    }
    expect(backups().map((copy) => copy.contents)).toEqual(['broken 2', 'broken 3', 'broken 4', 'broken 5', 'broken 6']);
  });

  it('reads a file saved by an editor with a byte order mark', () => {
    writeFileSync(settingsFile(), `\uFEFF${JSON.stringify({ theme: 'light' })}`);
    const settings = open();
    expect(settings.get().theme).toBe('light');
    expect(settings.recoveryNotice()).toBeNull();
  });
});
