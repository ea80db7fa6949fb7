// The web host's settings: a small JSON file in the data folder. Settings are not secret, and a
// person who uses the app in a browser day after day expects the theme or the undo window they chose
// to be there tomorrow, as the desktop app keeps them (electron-store); the data folder already
// holds the store and the outbox, so one folder is the whole state of the app.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SettingsPort } from '../core/ports.ts';
import { settingsSaveError } from '../core/settingsSaveError.ts';
import { type Settings, type SettingsPatch, settingsPatchSchema, settingsSchema } from '../../shared/settings.ts';

export const SETTINGS_FILE_NAME = 'settings.json';

export class JsonSettingsFile implements SettingsPort {
  readonly path: string;
  private current: Settings;

  /** @param onProblem told when the file exists but cannot be read as settings (the defaults are used). */
  constructor(dataDir: string, onProblem: (message: string) => void = () => {}) {
    this.path = join(dataDir, SETTINGS_FILE_NAME);
    this.current = readSettings(this.path, onProblem);
  }

  get(): Settings {
    return { ...this.current };
  }

  update(patch: SettingsPatch): Settings {
    const next = settingsSchema.parse({ ...this.current, ...settingsPatchSchema.parse(patch) });
    // Write then rename: a crash mid-write leaves the old file whole, never half a file.
    const temporary = `${this.path}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
      renameSync(temporary, this.path);
    } catch (error) {
      rmSync(temporary, { force: true });
      // The settings in memory stay as they were: what the app does matches what the file says.
      throw settingsSaveError(error, this.path);
    }
    this.current = next;
    return this.get();
  }
}

function readSettings(path: string, onProblem: (message: string) => void): Settings {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      onProblem(`cannot read ${path} (${(error as NodeJS.ErrnoException).code}); using the default settings`);
    return settingsSchema.parse({});
  }
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    onProblem(`${path} is not JSON; using the default settings until they are changed`);
    return settingsSchema.parse({});
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    onProblem(`${path} does not hold an object; using the default settings until they are changed`);
    return settingsSchema.parse({});
  }
  // Keep every field that is still valid: one bad value (say, from an older version) must not
  // reset the others.
  const valid: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    if (settingsPatchSchema.safeParse({ [key]: value }).success) valid[key] = value;
    else if (key in settingsSchema.shape) onProblem(`${path}: the value of "${key}" is not valid; using its default`);
  }
  return settingsSchema.parse(valid);
}
