// What the vault writes to disk (vault.json through electron-store): ciphertext only, each piece
// tagged with the safeStorage backend that sealed it, so a later run can tell "this key was sealed
// by another keyring" from "this key is damaged". Base URLs and ids are not secret and stay plain.
// Parsed by hand: this layer may not import zod, and the shape is small.
import type { JsonObject } from './jsonStoreFile.ts';

export interface SealedSecret {
  /** safeStorage's backend when it was sealed: 'keychain', 'dpapi', 'gnome_libsecret', 'kwallet5', … */
  backend: string;
  /** base64 of safeStorage's ciphertext. */
  ciphertext: string;
}

export interface StoredAccount {
  baseUrl: string;
  apiKey: SealedSecret;
  x?: { key: SealedSecret; secret: SealedSecret };
  profiles: Map<string, SealedSecret>;
}

export interface VaultRecord {
  /** The backend of the last run that could seal keys (null: never). */
  lastBackend: string | null;
  accounts: Map<string, StoredAccount>;
  /** Team members' passwords, by `teamPasswordKey` (server address, workspace, member). */
  teams: Map<string, SealedSecret>;
}

/** The key of a team password: the server's address, the workspace and the member, none of which can hold a line break. */
export function teamPasswordKey(serverUrl: string, workspace: string, member: string): string {
  return `${serverUrl}\n${workspace}\n${member}`;
}

const FORMAT = 1;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sealed(value: unknown): SealedSecret | null {
  if (!isObject(value)) return null;
  const { backend, ciphertext } = value;
  if (typeof backend !== 'string' || typeof ciphertext !== 'string' || ciphertext === '') return null;
  return { backend, ciphertext };
}

function account(value: unknown): StoredAccount | null {
  if (!isObject(value) || typeof value['baseUrl'] !== 'string') return null;
  const apiKey = sealed(value['apiKey']);
  if (!apiKey) return null;
  const result: StoredAccount = { baseUrl: value['baseUrl'], apiKey, profiles: new Map() };
  const x = value['x'];
  if (isObject(x)) {
    const key = sealed(x['key']);
    const secret = sealed(x['secret']);
    if (key && secret) result.x = { key, secret };
  }
  const profiles = value['profiles'];
  if (isObject(profiles)) {
    for (const [profileId, profileKey] of Object.entries(profiles)) {
      const parsed = sealed(profileKey);
      if (parsed) result.profiles.set(profileId, parsed);
    }
  }
  return result;
}

/** The record in `data`, and whether anything in it had to be left out (a copy is then kept). */
export function parseVaultRecord(data: JsonObject): { record: VaultRecord; damaged: boolean } {
  const record: VaultRecord = { lastBackend: null, accounts: new Map(), teams: new Map() };
  if (Object.keys(data).length === 0) return { record, damaged: false };
  let damaged = data['format'] !== FORMAT;
  if (typeof data['lastBackend'] === 'string') record.lastBackend = data['lastBackend'];
  const accounts = data['accounts'];
  if (isObject(accounts)) {
    for (const [accountId, value] of Object.entries(accounts)) {
      const parsed = account(value);
      if (parsed) record.accounts.set(accountId, parsed);
      else damaged = true;
    }
  } else {
    damaged = true;
  }
  // Absent in files written before teams: nothing is missing then.
  const teams = data['teams'];
  if (isObject(teams)) {
    for (const [key, value] of Object.entries(teams)) {
      const parsed = sealed(value);
      if (parsed) record.teams.set(key, parsed);
      else damaged = true;
    }
  } else if (teams !== undefined) {
    damaged = true;
  }
  return { record, damaged };
}

export function serializeVaultRecord(record: VaultRecord): JsonObject {
  return {
    format: FORMAT,
    lastBackend: record.lastBackend,
    // Object.fromEntries defines own properties, so an id like "__proto__" stays plain data.
    accounts: Object.fromEntries(
      [...record.accounts].map(([accountId, stored]) => [
        accountId,
        {
          baseUrl: stored.baseUrl,
          apiKey: stored.apiKey,
          ...(stored.x ? { x: stored.x } : {}),
          profiles: Object.fromEntries(stored.profiles),
        },
      ]),
    ),
    teams: Object.fromEntries(record.teams),
  };
}
