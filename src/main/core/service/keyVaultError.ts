// A key the vault cannot hand out or keep. Each host's vault throws its own subclass (the web
// host's keys live in memory and are gone after a restart; the desktop's may be sealed by a keyring
// that cannot open them now); the core recognizes the family, so a request that found no key asks
// the person for it instead of reporting "Unexpected MissingKeyError". Messages name accounts and
// profiles, never a key.

export type KeyVaultErrorKind =
  /** Never entered, or forgotten (keys kept in memory do not survive a restart). */
  | 'missing'
  /** Stored, but it cannot be decrypted on this system now. */
  | 'unreadable'
  /** The keychain refused to seal a new key; nothing was stored. */
  | 'not-saved';

export type VaultKeyName = 'api-key' | 'x-key-pair' | 'profile-key';

export class KeyVaultError extends Error {
  readonly kind: KeyVaultErrorKind;
  readonly key: VaultKeyName;
  /** Which key, in words: "the API key of account acc-1". */
  readonly label: string;

  constructor(kind: KeyVaultErrorKind, key: VaultKeyName, label: string, message: string) {
    super(message);
    this.kind = kind;
    this.key = key;
    this.label = label;
  }

  override get name(): string {
    return 'KeyVaultError';
  }
}

/** What to tell the person when a request found no key it can use: which key, and where to enter it. */
export function askForKey(error: KeyVaultError): string {
  const label = `${error.label.charAt(0).toUpperCase()}${error.label.slice(1)}`;
  const why = error.kind === 'unreadable' ? ' (it is saved but cannot be decrypted on this system now)' : '';
  const where = error.key === 'profile-key' ? "Settings → Accounts, in the profile's Profile-Key field" : 'Settings → Accounts → Replace keys';
  return `${label} is missing${why}. Enter the key again in ${where}.`;
}
