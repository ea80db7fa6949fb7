// The desktop app's key vault: every API key, profile key and X key of an account sealed with
// Electron's safeStorage (the OS keychain: Keychain on macOS, DPAPI on Windows, libsecret or
// KWallet on Linux) and stored as base64 ciphertext in vault.json. A key is decrypted when a call
// needs it and not kept. Where safeStorage cannot protect keys (Linux's basic_text backend uses a
// fixed, public password; or no keychain at all) keys are kept in memory for this run only, and
// protection() says why and how to fix it. Each ciphertext records the backend that sealed it, so
// a change of keyring is explained (which keys must be entered again), never a silent failure.
// Nothing here logs: not keys, not ciphertext.
import type { SafeStorage } from 'electron';
import type { KeyProtection, KeyStatus, SecretVault, VaultProtection } from '../core/ports.ts';
import type { AccountCredentials, XCredentials } from '../core/service/credentials.ts';
import { KeyVaultError, type VaultKeyName } from '../core/service/keyVaultError.ts';
import type { BackupShelf, JsonStoreFile } from './jsonStoreFile.ts';
import {
  apiKeyLabel,
  BASIC_TEXT_WARNING,
  backendChangedWarning,
  type KeyLabel,
  lockedAwayWarning,
  profileKeyLabel,
  UNREADABLE_FILE_WARNING,
  unavailableWarning,
  undecryptableWarning,
  xKeysLabel,
} from './vaultMessages.ts';
import { parseVaultRecord, type SealedSecret, serializeVaultRecord, type StoredAccount, teamPasswordKey, type VaultRecord } from './vaultRecord.ts';

export type SafeStorageLike = Pick<SafeStorage, 'encryptStringAsync' | 'decryptStringAsync' | 'isAsyncEncryptionAvailable' | 'getSelectedStorageBackend'>;

export type { KeyVaultErrorKind as VaultKeyErrorKind } from '../core/service/keyVaultError.ts';

/** Which key an operation is about: its kind (for the core) and its words (for messages). */
interface KeyRef {
  key: VaultKeyName;
  label: KeyLabel;
}

const apiKeyRef = (accountId: string): KeyRef => ({ key: 'api-key', label: apiKeyLabel(accountId) });
const xKeysRef = (accountId: string): KeyRef => ({ key: 'x-key-pair', label: xKeysLabel(accountId) });
const profileKeyRef = (accountId: string, profileId: string): KeyRef => ({ key: 'profile-key', label: profileKeyLabel(accountId, profileId) });
/** For reads whose failure is swallowed (status, re-sealing): no message is ever shown. */
const UNNAMED_KEY: KeyRef = { key: 'api-key', label: 'a key' };
const TEAM_PASSWORD: KeyRef = { key: 'api-key', label: 'the team password' };

/** The member name the workspace's event address is kept under: a line break, which no member name can hold. */
const LIVE_EVENT_ADDRESS_SLOT = '\nlive-event-address';

/**
 * A key the vault cannot hand out or keep. The message names the account or profile, never a key.
 * missing: never configured. unreadable: stored, but cannot be decrypted now (see protection()).
 * not-saved: the keychain refused to seal a new key; nothing was stored.
 */
export class VaultKeyError extends KeyVaultError {
  constructor(kind: KeyVaultError['kind'], ref: KeyRef) {
    const { label } = ref;
    const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
    super(
      kind,
      ref.key,
      label,
      kind === 'missing'
        ? `No key is configured: ${label}.`
        : kind === 'unreadable'
          ? `${Label} is stored but cannot be decrypted on this system now; enter it again.`
          : `${Label} could not be saved: the system keychain refused to encrypt it.`,
    );
  }

  override get name(): string {
    return 'VaultKeyError';
  }
}

/** The name safeStorage's backend goes by on each platform (Linux asks safeStorage). */
function backendOf(safeStorage: SafeStorageLike, platform: string): string {
  if (platform === 'darwin') return 'keychain';
  if (platform === 'win32') return 'dpapi';
  if (platform === 'linux') return safeStorage.getSelectedStorageBackend();
  return 'unknown';
}

interface MemoryAccount {
  baseUrl: string;
  apiKey: string;
  x?: XCredentials;
  profiles: Map<string, string>;
}

export interface SafeStorageVaultOptions {
  safeStorage: SafeStorageLike;
  /** vault.json. */
  file: JsonStoreFile;
  /** vault-backup.json: copies of a vault file that could not be read as it was. */
  backups: BackupShelf;
  /** process.platform. */
  platform: string;
}

function statusOf(protection: KeyProtection, secret: string | undefined): KeyStatus {
  return secret === undefined ? { configured: false, protection, last4: null } : { configured: true, protection, last4: secret.slice(-4) };
}

export class SafeStorageVault implements SecretVault {
  readonly #safeStorage: SafeStorageLike;
  readonly #file: JsonStoreFile;
  readonly #backend: string;
  readonly #mode: KeyProtection;
  readonly #modeWarning: string | null;
  #fileWarning: string | null;
  /** What vault.json holds (in os mode the vault's keys; in memory mode keys of earlier runs). */
  readonly #record: VaultRecord;
  /** Keys entered in memory mode: this run only. */
  readonly #memory = new Map<string, MemoryAccount>();
  readonly #memoryTeams = new Map<string, string>(); // team passwords entered in memory mode: this run only
  /** Ciphertexts that failed to decrypt (all are tried at open; a later success removes one). */
  readonly #undecryptable = new Set<string>();

  /** Opens vault.json and checks, once, that every stored key can still be decrypted. */
  static async open(options: SafeStorageVaultOptions): Promise<SafeStorageVault> {
    let available: boolean;
    try {
      // Also what initialises the async encryptor, and with it the Linux backend's name.
      available = await options.safeStorage.isAsyncEncryptionAvailable();
    } catch {
      available = false;
    }
    const backend = backendOf(options.safeStorage, options.platform);
    // basic_text "encrypts" with a password compiled into Chromium: that is plain text on disk.
    // 'unknown' on Linux means safeStorage never chose a backend: no safer than basic_text.
    const safe = available && backend !== 'basic_text' && backend !== 'unknown';
    const modeWarning = safe ? null : backend === 'basic_text' ? BASIC_TEXT_WARNING : unavailableWarning(options.platform);

    const contents = options.file.contentsAtOpen();
    let fileWarning: string | null = null;
    let record: VaultRecord = { lastBackend: null, accounts: new Map(), teams: new Map() };
    if (!contents.readable) {
      options.backups.keepCopy('vault.json could not be read', contents.text);
      fileWarning = UNREADABLE_FILE_WARNING;
    } else {
      const parsed = parseVaultRecord(contents.data);
      record = parsed.record;
      if (parsed.damaged) {
        // What could be read is kept; the file as it was goes on the shelf before it is rewritten.
        options.backups.keepCopy('vault.json had entries this version could not read', JSON.stringify(contents.data));
        fileWarning = UNREADABLE_FILE_WARNING;
      }
    }

    const vault = new SafeStorageVault(options, backend, safe ? 'os' : 'memory', modeWarning, fileWarning, record);
    if (safe) await vault.#checkDecryptable();
    // The backend in use is recorded (each ciphertext also carries its own), so a later run can
    // tell the user when it changes. Written also when the file needed repair, after its copy.
    record.lastBackend = backend;
    vault.#persist();
    return vault;
  }

  private constructor(
    options: SafeStorageVaultOptions,
    backend: string,
    mode: KeyProtection,
    modeWarning: string | null,
    fileWarning: string | null,
    record: VaultRecord,
  ) {
    this.#safeStorage = options.safeStorage;
    this.#file = options.file;
    this.#backend = backend;
    this.#mode = mode;
    this.#modeWarning = modeWarning;
    this.#fileWarning = fileWarning;
    this.#record = record;
  }

  // ---- CredentialVault: what the service client reads, per call ----

  async account(accountId: string): Promise<AccountCredentials> {
    if (this.#mode === 'memory') {
      const keys = this.#memory.get(accountId);
      if (!keys) throw this.#absent(accountId, apiKeyRef(accountId), (stored) => stored.apiKey);
      return { baseUrl: keys.baseUrl, apiKey: keys.apiKey, ...(keys.x ? { xCredentials: { ...keys.x } } : {}) };
    }
    const stored = this.#record.accounts.get(accountId);
    if (!stored) throw new VaultKeyError('missing', apiKeyRef(accountId));
    const apiKey = await this.#open(stored.apiKey, apiKeyRef(accountId));
    if (!stored.x) return { baseUrl: stored.baseUrl, apiKey };
    const xCredentials = {
      key: await this.#open(stored.x.key, xKeysRef(accountId)),
      secret: await this.#open(stored.x.secret, xKeysRef(accountId)),
    };
    return { baseUrl: stored.baseUrl, apiKey, xCredentials };
  }

  async profileKey(accountId: string, profileId: string): Promise<string> {
    const label = profileKeyRef(accountId, profileId);
    if (this.#mode === 'memory') {
      const key = this.#memory.get(accountId)?.profiles.get(profileId);
      if (key === undefined) throw this.#absent(accountId, label, (stored) => stored.profiles.get(profileId));
      return key;
    }
    const sealed = this.#record.accounts.get(accountId)?.profiles.get(profileId);
    if (!sealed) throw new VaultKeyError('missing', label);
    return this.#open(sealed, label);
  }

  // ---- SecretVault: what the core manages ----

  async setAccount(accountId: string, keys: { baseUrl: string; apiKey: string; xCredentials?: XCredentials }): Promise<void> {
    // Keys entered again after an unreadable vault file: the notice has done its job.
    this.#fileWarning = null;
    if (this.#mode === 'memory') {
      // New account keys keep the profile keys already known: they belong to the same account.
      const profiles = this.#memory.get(accountId)?.profiles ?? new Map<string, string>();
      this.#memory.set(accountId, {
        baseUrl: keys.baseUrl,
        apiKey: keys.apiKey,
        ...(keys.xCredentials ? { x: { ...keys.xCredentials } } : {}),
        profiles,
      });
      return;
    }
    const apiKey = await this.#seal(keys.apiKey, apiKeyRef(accountId));
    const x = keys.xCredentials
      ? { key: await this.#seal(keys.xCredentials.key, xKeysRef(accountId)), secret: await this.#seal(keys.xCredentials.secret, xKeysRef(accountId)) }
      : undefined;
    const profiles = this.#record.accounts.get(accountId)?.profiles ?? new Map<string, SealedSecret>();
    this.#record.accounts.set(accountId, { baseUrl: keys.baseUrl, apiKey, ...(x ? { x } : {}), profiles });
    this.#persist();
  }

  async setProfileKey(accountId: string, profileId: string, profileKey: string): Promise<void> {
    if (this.#mode === 'memory') {
      const keys = this.#memory.get(accountId);
      if (!keys) throw new VaultKeyError('missing', apiKeyRef(accountId));
      keys.profiles.set(profileId, profileKey);
      return;
    }
    const stored = this.#record.accounts.get(accountId);
    if (!stored) throw new VaultKeyError('missing', apiKeyRef(accountId));
    const sealed = await this.#seal(profileKey, profileKeyRef(accountId, profileId));
    stored.profiles.set(profileId, sealed);
    this.#persist();
  }

  async removeAccount(accountId: string): Promise<void> {
    this.#memory.delete(accountId);
    // Also in memory mode: ciphertext of a removed account is of no use to anyone.
    if (this.#record.accounts.delete(accountId)) this.#persist();
  }

  async status(accountId: string): Promise<{ apiKey: KeyStatus; x: KeyStatus; profiles: Record<string, KeyStatus> }> {
    const profiles: Record<string, KeyStatus> = {};
    if (this.#mode === 'memory') {
      const keys = this.#memory.get(accountId);
      for (const profileId of this.#record.accounts.get(accountId)?.profiles.keys() ?? []) profiles[profileId] = statusOf('memory', undefined);
      for (const [profileId, key] of keys?.profiles ?? []) profiles[profileId] = statusOf('memory', key);
      // The X key (consumer key), not its secret: the least sensitive half is the one shown.
      return { apiKey: statusOf('memory', keys?.apiKey), x: statusOf('memory', keys?.x?.key), profiles };
    }
    const stored = this.#record.accounts.get(accountId);
    for (const [profileId, sealed] of stored?.profiles ?? []) profiles[profileId] = statusOf('os', await this.#tryOpen(sealed));
    return {
      apiKey: statusOf('os', stored ? await this.#tryOpen(stored.apiKey) : undefined),
      x: statusOf('os', stored?.x ? await this.#tryOpen(stored.x.key) : undefined),
      profiles,
    };
  }

  // ---- Team passwords (Settings → Team), sealed like the keys; null when none or not decryptable now ----
  async setTeamPassword(serverUrl: string, workspace: string, member: string, password: string): Promise<void> {
    const key = teamPasswordKey(serverUrl, workspace, member);
    if (this.#mode === 'memory') this.#memoryTeams.set(key, password);
    else this.#record.teams.set(key, await this.#seal(password, TEAM_PASSWORD));
    this.#persist();
  }

  async teamPassword(serverUrl: string, workspace: string, member: string): Promise<string | null> {
    const key = teamPasswordKey(serverUrl, workspace, member);
    if (this.#mode === 'memory') return this.#memoryTeams.get(key) ?? null;
    const sealed = this.#record.teams.get(key);
    return sealed ? ((await this.#tryOpen(sealed)) ?? null) : null;
  }

  async forgetTeamPassword(serverUrl: string, workspace: string, member: string): Promise<void> {
    this.#memoryTeams.delete(teamPasswordKey(serverUrl, workspace, member));
    if (this.#record.teams.delete(teamPasswordKey(serverUrl, workspace, member))) this.#persist();
  }

  // The workspace's event address (decision 0083), sealed like a team password under a member name
  // no member can have (member names have no line break, teamSettings.ts).
  async setLiveEventAddress(serverUrl: string, workspace: string, address: string): Promise<void> {
    await this.setTeamPassword(serverUrl, workspace, LIVE_EVENT_ADDRESS_SLOT, address);
  }

  async liveEventAddress(serverUrl: string, workspace: string): Promise<string | null> {
    return this.teamPassword(serverUrl, workspace, LIVE_EVENT_ADDRESS_SLOT);
  }

  protection(): VaultProtection {
    const warnings = [this.#modeWarning, this.#fileWarning, ...this.#reentryWarnings()].filter((w): w is string => w !== null);
    return { kind: this.#mode, backend: this.#backend, warning: warnings.length > 0 ? warnings.join(' ') : null };
  }

  /** Every stored key that cannot be decrypted now and has not been entered again since. */
  keysToEnterAgain(): KeyLabel[] {
    return this.#unreadable().map((entry) => entry.label);
  }

  // ---- internals ----

  /**
   * Stored keys that cannot be used now, and why: sealed by another backend ('moved'), by this one
   * but failing to open ('broken'), or by this one while it is unavailable ('locked').
   */
  #unreadable(): Array<{ label: KeyLabel; backend: string; why: 'moved' | 'broken' | 'locked' }> {
    const result: Array<{ label: KeyLabel; backend: string; why: 'moved' | 'broken' | 'locked' }> = [];
    const check = (label: KeyLabel, sealed: SealedSecret, replaced: boolean) => {
      if (replaced) return;
      // In memory mode nothing stored is opened; in os mode, what failed to open (open() tried all).
      if (this.#mode === 'os' && !this.#undecryptable.has(sealed.ciphertext)) return;
      const why = sealed.backend !== this.#backend ? 'moved' : this.#mode === 'os' ? 'broken' : 'locked';
      result.push({ label, backend: sealed.backend, why });
    };
    for (const [accountId, stored] of this.#record.accounts) {
      const memory = this.#memory.get(accountId);
      check(apiKeyLabel(accountId), stored.apiKey, memory !== undefined);
      if (stored.x) check(xKeysLabel(accountId), stored.x.secret, memory?.x !== undefined);
      for (const [profileId, sealed] of stored.profiles) check(profileKeyLabel(accountId, profileId), sealed, memory?.profiles.has(profileId) ?? false);
    }
    return result;
  }

  #reentryWarnings(): string[] {
    const unreadable = this.#unreadable();
    const warnings: string[] = [];
    const labels = (why: string) => unreadable.filter((entry) => entry.why === why).map((entry) => entry.label);
    const moved = unreadable.filter((entry) => entry.why === 'moved');
    if (moved.length > 0) {
      const previous = [...new Set(moved.map((entry) => entry.backend))];
      warnings.push(backendChangedWarning(previous, this.#backend, labels('moved'), this.#mode === 'os'));
    }
    if (labels('broken').length > 0) warnings.push(undecryptableWarning(labels('broken')));
    if (labels('locked').length > 0) warnings.push(lockedAwayWarning(labels('locked')));
    return warnings;
  }

  /** In memory mode: "missing", or "unreadable" when an earlier run stored that key. */
  #absent(accountId: string, label: KeyRef, storedSecret: (stored: StoredAccount) => SealedSecret | undefined): VaultKeyError {
    const stored = this.#record.accounts.get(accountId);
    return new VaultKeyError(stored && storedSecret(stored) ? 'unreadable' : 'missing', label);
  }

  async #seal(secret: string, label: KeyRef): Promise<SealedSecret> {
    let ciphertext: Buffer;
    try {
      ciphertext = await this.#safeStorage.encryptStringAsync(secret);
    } catch {
      throw new VaultKeyError('not-saved', label);
    }
    return { backend: this.#backend, ciphertext: Buffer.from(ciphertext).toString('base64') };
  }

  /**
   * The secret, or a VaultKeyError('unreadable'). Ciphertext of another backend is tried too (it
   * normally fails: that is the change protection() explains); what opens is re-sealed with the
   * backend in use, as is what safeStorage asks to re-encrypt.
   */
  async #open(sealed: SealedSecret, label: KeyRef): Promise<string> {
    if (this.#mode === 'memory') throw new VaultKeyError('unreadable', label);
    let result: string;
    let shouldReEncrypt: boolean;
    try {
      ({ result, shouldReEncrypt } = await this.#safeStorage.decryptStringAsync(Buffer.from(sealed.ciphertext, 'base64')));
    } catch {
      this.#undecryptable.add(sealed.ciphertext);
      throw new VaultKeyError('unreadable', label);
    }
    this.#undecryptable.delete(sealed.ciphertext);
    if (shouldReEncrypt || sealed.backend !== this.#backend) await this.#reseal(sealed, result);
    return result;
  }

  async #tryOpen(sealed: SealedSecret): Promise<string | undefined> {
    try {
      return await this.#open(sealed, UNNAMED_KEY);
    } catch {
      return undefined;
    }
  }

  /** safeStorage rotated its key, or the key opened under a new backend: seal again. Best effort. */
  async #reseal(sealed: SealedSecret, secret: string): Promise<void> {
    try {
      const fresh = await this.#seal(secret, UNNAMED_KEY);
      sealed.ciphertext = fresh.ciphertext;
      sealed.backend = fresh.backend;
      this.#persist();
    } catch {
      // The old ciphertext still decrypts; the next read tries again.
    }
  }

  async #checkDecryptable(): Promise<void> {
    for (const stored of this.#record.accounts.values()) {
      const secrets = [stored.apiKey, ...(stored.x ? [stored.x.key, stored.x.secret] : []), ...stored.profiles.values()];
      for (const sealed of secrets) await this.#tryOpen(sealed);
    }
  }

  #persist(): void {
    this.#file.write(serializeVaultRecord(this.#record));
  }
}
