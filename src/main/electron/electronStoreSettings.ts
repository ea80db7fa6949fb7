// The user's settings in electron-store, checked with the shared zod schema. A file that cannot be
// read, or holds values the schema refuses, does not stop the app and is not lost: each valid
// setting is kept, the rest fall back to their defaults, and a copy of the file as it was goes on
// the backup shelf (settings-backup.json) before the repaired settings are written.
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch, settingsSchema } from '../../shared/settings.ts';
import type { SettingsPort } from '../core/ports.ts';
import { settingsSaveError } from '../core/settingsSaveError.ts';
import type { BackupShelf, JsonObject, JsonStoreFile } from './jsonStoreFile.ts';

/** A patch the schema refuses; the message names the settings, never their values. */
export class InvalidSettingsError extends Error {
  override readonly name = 'InvalidSettingsError';
}

type SettingName = keyof Settings;
const SETTING_NAMES = Object.keys(settingsSchema.shape) as SettingName[];

interface Salvaged {
  settings: Settings;
  /** Settings whose stored value the schema refused, and keys the schema does not know. */
  dropped: string[];
}

/** Every valid setting of `data`, defaults for the others. */
export function salvageSettings(data: JsonObject): Salvaged {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const dropped: string[] = [];
  for (const name of SETTING_NAMES) {
    if (!(name in data)) continue;
    const parsed = settingsSchema.shape[name].safeParse(data[name]);
    if (parsed.success) settings[name] = parsed.data;
    else dropped.push(name);
  }
  for (const key of Object.keys(data)) if (!(SETTING_NAMES as string[]).includes(key)) dropped.push(key);
  return { settings: settingsSchema.parse(settings), dropped };
}

export class ElectronStoreSettings implements SettingsPort {
  readonly #file: JsonStoreFile;
  #settings: Settings;
  #notice: string | null = null;

  constructor(file: JsonStoreFile, backups: BackupShelf) {
    this.#file = file;
    const contents = file.contentsAtOpen();
    if (!contents.readable) {
      this.#settings = { ...DEFAULT_SETTINGS };
      const saved = this.#repair(backups, 'settings.json could not be read', contents.text);
      this.#notice = `Your settings file could not be read, so the defaults are in use.${saved === true ? ' A copy of it was kept in settings-backup.json.' : ` ${saved}`}`;
      return;
    }
    const { settings, dropped } = salvageSettings(contents.data);
    this.#settings = settings;
    if (dropped.length > 0) {
      const saved = this.#repair(backups, `settings.json had values this version does not accept: ${dropped.join(', ')}`, JSON.stringify(contents.data));
      this.#notice = `Some settings (${dropped.join(', ')}) were not valid and were reset to their defaults.${saved === true ? ' A copy of the old file was kept in settings-backup.json.' : ` ${saved}`}`;
    }
  }

  /**
   * Keeps a copy of the file as it was, then writes the repaired settings: true when both were
   * saved, else why not. A disk that refuses must not stop the app from starting: the repaired
   * settings are in use, and the old file is never written over without its copy.
   */
  #repair(backups: BackupShelf, reason: string, original: string): true | string {
    try {
      backups.keepCopy(reason, original);
      this.#file.write(this.#settings);
      return true;
    } catch (error) {
      return settingsSaveError(error).message;
    }
  }

  get(): Settings {
    return { ...this.#settings };
  }

  /** Applies the settings named in `patch`; a key whose value is undefined is left as it is. */
  update(patch: SettingsPatch): Settings {
    const next: Record<string, unknown> = { ...this.#settings };
    const refused: string[] = [];
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const schema = (settingsSchema.shape as Record<string, (typeof settingsSchema.shape)[SettingName] | undefined>)[key];
      const parsed = schema?.safeParse(value);
      if (!parsed?.success) refused.push(key);
      else next[key] = parsed.data;
    }
    if (refused.length > 0) throw new InvalidSettingsError(`These settings were refused: ${refused.join(', ')}.`);
    const settings = settingsSchema.parse(next);
    // Written first, kept second: a change the disk refused is not in effect either.
    try {
      this.#file.write(settings);
    } catch (error) {
      throw settingsSaveError(error);
    }
    this.#settings = settings;
    return this.get();
  }

  /** A sentence for the user when the settings had to be repaired at start, else null. */
  recoveryNotice(): string | null {
    return this.#notice;
  }
}
