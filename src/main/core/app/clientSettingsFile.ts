// Each client's report settings (business hours, time zone, response target), in a small JSON file
// in the data directory: client-settings.json, keyed by profile id.
//
// Why a file of its own: the store can be rebuilt (a damaged file is moved aside and refilled from
// the service), and the service knows nothing of business hours, so a setting kept there would be
// lost with it. The accounts record (accountsFile.ts) survives a rebuild but has a versioned shape
// of its own that its reader refuses when it changes; the host's settings belong to the host
// (electron-store, settings.json) and are app-wide. A damaged file loses only these settings:
// it is moved aside (never deleted) and every client falls back to its defaults.
import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileWhole } from './wholeFile.ts';
import { ClientSettingsFileSchema as FileSchema, type ClientSettingsFileContent } from '../../../shared/domain/clientReport.ts';
import { clientSettingsSchema, isKnownTimeZone, type ClientSettings } from '../../../shared/domain/clientSettings.ts';

export const CLIENT_SETTINGS_FILE_NAME = 'client-settings.json';

export function clientSettingsFileIn(dataDir: string): string {
  return join(dataDir, CLIENT_SETTINGS_FILE_NAME);
}

function parseFile(text: string): ClientSettingsFileContent | null {
  try {
    const result = FileSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A client's settings changed on this device (before: null when none were saved). */
export type ClientSettingsListener = (profileId: string, before: ClientSettings | null, after: ClientSettings) => void;

export class ClientSettingsFile {
  readonly #file: string;
  #clients: Map<string, ClientSettings> | null = null;
  /** The user's own zone, as the page last said it (the zone a client without settings starts in); null: never said. */
  #userTimeZone: string | null = null;
  readonly #listeners = new Set<ClientSettingsListener>();

  constructor(file: string) {
    this.#file = file;
  }

  /** The client's settings, or null when none were saved (or they are no longer valid). */
  get(profileId: string): ClientSettings | null {
    return this.#load().get(profileId) ?? null;
  }

  /** Saves a change made on this device, and tells the listeners (the team shares it). */
  set(profileId: string, settings: ClientSettings): void {
    const before = this.get(profileId);
    this.#save(profileId, settings);
    for (const listener of this.#listeners) {
      try {
        listener(profileId, before, settings);
      } catch {
        // Sharing is the listener's business: the setting is saved either way.
      }
    }
  }

  /** Saves settings merged from the team's devices: not told to the listeners, so never shared back. */
  applyShared(profileId: string, settings: ClientSettings): void {
    this.#save(profileId, settings);
  }

  /** The user's zone as the page last said it, kept across restarts: prepared reports made before the page opens count in it too. */
  userTimeZone(): string | null {
    this.#load();
    return this.#userTimeZone;
  }

  /** Remembers the user's zone; written only when it changed. */
  setUserTimeZone(timeZone: string): void {
    if (this.userTimeZone() === timeZone) return;
    this.#userTimeZone = timeZone;
    this.#write(this.#load());
  }

  onLocalChange(listener: ClientSettingsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #save(profileId: string, settings: ClientSettings): void {
    const next = new Map(this.#load());
    next.set(profileId, settings);
    this.#write(next);
    this.#clients = next;
  }

  #load(): Map<string, ClientSettings> {
    if (this.#clients !== null) return this.#clients;
    const clients = new Map<string, ClientSettings>();
    let text: string | null = null;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch {
      // Absent (no client has settings yet) or unreadable: every client has its defaults.
    }
    if (text !== null) {
      const parsed = parseFile(text);
      if (parsed === null) this.#setAside();
      else {
        const zone = parsed.userTimeZone;
        if (zone !== undefined && isKnownTimeZone(zone)) this.#userTimeZone = zone;
        // One client's bad entry costs that client its settings, not the others theirs.
        for (const [profileId, value] of Object.entries(parsed.clients)) {
          const settings = clientSettingsSchema.safeParse(value);
          if (settings.success) clients.set(profileId, settings.data);
        }
      }
    }
    this.#clients = clients;
    return clients;
  }

  #setAside(): void {
    try {
      renameSync(this.#file, `${this.#file}.damaged-${Date.now()}`);
    } catch {
      // Left where it is: the next save replaces it.
    }
  }

  /** Written whole (wholeFile.ts): a crash mid-write leaves the previous file. */
  #write(clients: Map<string, ClientSettings>): void {
    const zone = this.#userTimeZone === null ? {} : { userTimeZone: this.#userTimeZone };
    writeFileWhole(this.#file, `${JSON.stringify({ version: 1, ...zone, clients: Object.fromEntries(clients) }, null, 2)}\n`);
  }
}
