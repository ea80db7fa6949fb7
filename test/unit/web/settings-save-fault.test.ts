// settings.update when the web host's settings.json cannot be written: the disk is full, read-only,
// or the folder is not ours. Root (which runs these tests) may write anywhere, so the system's
// refusal is injected where the file is written: a fault, the only thing mocked here.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsSaveError } from '../../../src/main/core/settingsSaveError.ts';
import { JsonSettingsFile } from '../../../src/main/web/settingsFile.ts';
import { dispatcherRig } from '../bridge/dispatcherRig.ts';

const fault = vi.hoisted(() => ({ code: null as string | null }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const writeFileSync: typeof fs.writeFileSync = (...args) => {
    if (fault.code !== null) throw Object.assign(new Error(`${fault.code}: refused by the system`), { code: fault.code });
    fs.writeFileSync(...args);
  };
  return { ...fs, default: { ...fs, writeFileSync }, writeFileSync };
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'web-settings-fault-'));
  fault.code = null;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a settings file that cannot be written', () => {
  it.each([
    ['ENOSPC', 'disk-full', /disk is full/],
    ['EROFS', 'read-only', /read-only/],
    ['EACCES', 'permission', /not allowed/],
    ['EIO', 'other', /could not be written/],
  ])('%s: a typed error that says why, and the settings stay as they were', (code, reason, words) => {
    const settings = new JsonSettingsFile(dir);
    settings.update({ theme: 'light' });
    fault.code = code;
    let failure: unknown;
    try {
      settings.update({ theme: 'dark', undoSeconds: 20 });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(SettingsSaveError);
    expect(failure).toMatchObject({ reason, systemCode: code });
    expect((failure as Error).message).toMatch(/settings could not be saved/);
    expect((failure as Error).message).toMatch(words);
    expect(settings.get()).toMatchObject({ theme: 'light', undoSeconds: 5 });
    expect(readdirSync(dir)).toEqual(['settings.json']);
    fault.code = null;
    expect(new JsonSettingsFile(dir).get().theme).toBe('light');
  });

  it('makes settings.update answer a refusal in words, not "internal"', async () => {
    const settings = new JsonSettingsFile(dir);
    const { dispatcher } = dispatcherRig({ answer: (name, input) => (name === 'settings.update' ? settings.update(input as never) : undefined) });
    fault.code = 'ENOSPC';
    const result = await dispatcher.invoke('settings.update', { theme: 'dark' });
    expect(result).toMatchObject({ ok: false, error: { code: 'refused' } });
    if (result.ok) throw new Error('unreachable');
    expect(result.error.message).toMatch(/settings could not be saved.*disk is full/);
    expect(settings.get().theme).toBe('system');
  });
});
