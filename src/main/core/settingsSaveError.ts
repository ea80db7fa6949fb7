// Settings that could not be written, said in words. Both hosts keep settings in a small file (the
// web host's settings.json, electron-store's on the desktop); when the disk is full, read-only or
// not ours to write, the change is not applied and the person is told why and what to do, not
// "something went wrong". The settings in memory stay as they were, so what the app does matches
// what the file says.

export type SettingsSaveReason = 'disk-full' | 'read-only' | 'permission' | 'other';

const REASONS: Record<string, SettingsSaveReason> = {
  ENOSPC: 'disk-full',
  EDQUOT: 'disk-full',
  EROFS: 'read-only',
  EACCES: 'permission',
  EPERM: 'permission',
};

const EXPLANATIONS: Record<SettingsSaveReason, string> = {
  'disk-full': 'the disk is full. Free some space, then change the setting again',
  'read-only': "the disk that holds them is read-only. Make it writable (or move the app's data folder), then change the setting again",
  permission: "the app is not allowed to write its settings file. Check the permissions of the app's data folder, then change the setting again",
  other: "the settings file could not be written. Change the setting again; if this persists, check the app's data folder",
};

/** The settings were not saved; nothing was changed. The message names the file, never a value. */
export class SettingsSaveError extends Error {
  override readonly name = 'SettingsSaveError';
  readonly reason: SettingsSaveReason;
  /** The system's error code (ENOSPC, EROFS, …), when there was one. */
  readonly systemCode: string | undefined;

  constructor(reason: SettingsSaveReason, systemCode: string | undefined, file: string | undefined, options?: { cause?: unknown }) {
    const where = file === undefined ? '' : ` (${file})`;
    const code = systemCode === undefined ? '' : ` [${systemCode}]`;
    super(`Your settings could not be saved${where}: ${EXPLANATIONS[reason]}. Nothing was changed.${code}`, options);
    this.reason = reason;
    this.systemCode = systemCode;
  }
}

/** The failure of a write of the settings file, as a SettingsSaveError. */
export function settingsSaveError(failure: unknown, file?: string): SettingsSaveError {
  if (failure instanceof SettingsSaveError) return failure;
  const code =
    typeof failure === 'object' && failure !== null && typeof (failure as { code?: unknown }).code === 'string'
      ? (failure as { code: string }).code
      : undefined;
  const reason = code !== undefined && Object.hasOwn(REASONS, code) ? REASONS[code] : undefined;
  return new SettingsSaveError(reason ?? 'other', code, file, { cause: failure });
}
