// Each client's report settings (business hours, time zone, response target: clientSettingsFile.ts)
// shared across the workspace's devices and merged per field (issue 22; decision 0059). A change
// saved on this device writes only the fields it changed into this device's settings document
// (scope "client", id the profile); what other devices wrote is folded per field (the latest stamp
// wins) and saved into this device's file through `applyShared`, which is not shared back. The
// report and its settings screen read the file, so they show the merged settings as they would a
// local change.
import { isDeepStrictEqual } from 'node:util';
import { clientSettingsSchema, defaultClientSettings, isKnownTimeZone, type ClientSettings } from '../../../shared/domain/clientSettings.ts';
import type { LoggerPort } from '../ports.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import type { ClientSettingsFile } from './clientSettingsFile.ts';

export const CLIENT_SETTINGS_SCOPE = 'client';
const FIELDS = ['timeZone', 'businessHours', 'responseTarget'] as const;
type Field = (typeof FIELDS)[number];

function systemZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownTimeZone(zone) ? zone : 'UTC';
}

export type SharedSettingsWorkspace = Pick<TeamWorkspace, 'writeSettings' | 'settings' | 'settingsIds' | 'subscribe'>;

export class TeamClientSettings {
  readonly #workspace: SharedSettingsWorkspace;
  readonly #file: ClientSettingsFile;
  readonly #logger: LoggerPort | undefined;
  #writing: Promise<void> = Promise.resolve();
  readonly #unsubscribe: (() => void)[];

  constructor(workspace: SharedSettingsWorkspace, file: ClientSettingsFile, logger?: LoggerPort) {
    this.#workspace = workspace;
    this.#file = file;
    this.#logger = logger;
    this.#unsubscribe = [file.onLocalChange((profileId, before, after) => this.#share(profileId, before, after))];
    const unsubscribeWorkspace = workspace.subscribe((update) => {
      for (const { scope, id } of update.settings ?? []) if (scope === CLIENT_SETTINGS_SCOPE) this.#apply(id);
    });
    this.#unsubscribe.push(unsubscribeWorkspace);
    // What the workspace's copy already holds (changes made on other devices while this one was closed).
    for (const profileId of workspace.settingsIds(CLIENT_SETTINGS_SCOPE)) this.#apply(profileId);
  }

  #share(profileId: string, before: ClientSettings | null, after: ClientSettings): void {
    const changed = FIELDS.filter((field) => before === null || !isDeepStrictEqual(before[field], after[field]));
    if (changed.length === 0) return;
    const values = Object.fromEntries(changed.map((field) => [field, after[field]]));
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#workspace.writeSettings(CLIENT_SETTINGS_SCOPE, profileId, values);
      } catch (error) {
        this.#logger?.error('A client’s report settings could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  /**
   * The fold onto this device's settings, field by field in stamp order (oldest first). A field
   * that would make them invalid (e.g. a target in business hours over another device's "no
   * business hours") is skipped, the same on every device, so all end with the same settings.
   */
  #apply(profileId: string): void {
    const folded = [...this.#workspace.settings(CLIENT_SETTINGS_SCOPE, profileId).entries()]
      .filter((entry): entry is [Field, (typeof entry)[1]] => (FIELDS as readonly string[]).includes(entry[0]))
      .sort(([, a], [, b]) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const current = this.#file.get(profileId);
    let merged: ClientSettings = current ?? defaultClientSettings(systemZone());
    for (const [field, { value }] of folded) {
      const candidate = clientSettingsSchema.safeParse({ ...merged, [field]: value });
      if (candidate.success) merged = candidate.data;
    }
    if (current !== null && isDeepStrictEqual(current, merged)) return;
    try {
      this.#file.applyShared(profileId, merged);
    } catch (error) {
      this.#logger?.error('The team’s report settings could not be saved on this device', { reason: (error as Error).message });
    }
  }

  /** The device left the workspace: local changes are no longer shared, the team's no longer applied. */
  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
  }

  /** Every change asked to be shared so far is written (tests, closing). */
  written(): Promise<void> {
    return this.#writing;
  }
}
