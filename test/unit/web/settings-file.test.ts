// The web host's settings live in settings.json in the data folder: they survive a restart, a bad
// file never stops the app (the defaults stand in), and a failed save changes nothing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsSaveError } from '../../../src/main/core/settingsSaveError.ts';
import { JsonSettingsFile } from '../../../src/main/web/settingsFile.ts';
import { DEFAULT_SETTINGS } from '../../../src/shared/settings.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'web-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('JsonSettingsFile', () => {
  it('starts with the defaults and writes nothing until something changes', () => {
    const settings = new JsonSettingsFile(dir);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(existsSync(join(dir, 'settings.json'))).toBe(false);
  });

  it('keeps a change across a restart', () => {
    expect(new JsonSettingsFile(dir).update({ theme: 'dark', undoSeconds: 10 })).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', undoSeconds: 10 });
    expect(new JsonSettingsFile(dir).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', undoSeconds: 10 });
  });

  it('a file that is not JSON gives the defaults and a problem report, not a crash', () => {
    writeFileSync(join(dir, 'settings.json'), '{ half a file');
    const problems: string[] = [];
    expect(new JsonSettingsFile(dir, (problem) => problems.push(problem)).get()).toEqual(DEFAULT_SETTINGS);
    expect(problems).toHaveLength(1);
  });

  it('one bad value falls back to its default and keeps the others', () => {
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ theme: 'dark', undoSeconds: 999, unknownKey: 1 }));
    const problems: string[] = [];
    expect(new JsonSettingsFile(dir, (problem) => problems.push(problem)).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(problems.join('\n')).toContain('undoSeconds');
  });

  it('an invalid change is refused and changes nothing', () => {
    const settings = new JsonSettingsFile(dir);
    settings.update({ theme: 'light' });
    expect(() => settings.update({ undoSeconds: -1 })).toThrow();
    expect(settings.get().theme).toBe('light');
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'light', undoSeconds: 5 });
  });

  it('a save that fails throws a typed error, leaves no temporary file, and keeps the settings as they were', () => {
    // A folder where the file should be: the rename onto it fails for every user, root included.
    mkdirSync(join(dir, 'settings.json', 'inner'), { recursive: true });
    const problems: string[] = [];
    const settings = new JsonSettingsFile(dir, (problem) => problems.push(problem));
    expect(problems).toHaveLength(1); // It could not be read either.
    expect(() => settings.update({ theme: 'dark' })).toThrow(SettingsSaveError);
    expect(settings.get().theme).toBe('system');
    expect(readdirSync(dir)).toEqual(['settings.json']);
  });
});
