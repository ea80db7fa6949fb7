// What the vault tells the user about how their keys are kept. Sentences name accounts, profiles
// and keyrings, never a key.

/** Which key, in words: "the API key of account acc-1". */
export type KeyLabel = string;

export function apiKeyLabel(accountId: string): KeyLabel {
  return `the API key of account ${accountId}`;
}

export function xKeysLabel(accountId: string): KeyLabel {
  return `the X key pair of account ${accountId}`;
}

export function profileKeyLabel(accountId: string, profileId: string): KeyLabel {
  return `the profile key of profile ${profileId} (account ${accountId})`;
}

/** Linux without a keyring: safeStorage's basic_text would "encrypt" with a fixed, public key. */
export const BASIC_TEXT_WARNING =
  'No keyring is available, so your API keys are kept in memory only and must be entered again after a restart. ' +
  'To keep them safely, install and unlock a keyring (GNOME Keyring with libsecret, or KWallet), then restart Social Inbox.';

export function unavailableWarning(platform: string): string {
  const where =
    platform === 'darwin'
      ? 'The macOS keychain could not be reached'
      : platform === 'win32'
        ? "Windows' data protection (DPAPI) is not available"
        : 'No keyring could be reached';
  const fix =
    platform === 'linux'
      ? ' Install and unlock a keyring (GNOME Keyring with libsecret, or KWallet), then restart Social Inbox.'
      : ' Restart Social Inbox; if this persists, check that your user account can use the system keychain.';
  return `${where}, so your API keys are kept in memory only and must be entered again after a restart.${fix}`;
}

function list(labels: readonly KeyLabel[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

/** Keys sealed by another backend than the one in use: they cannot be decrypted now. */
export function backendChangedWarning(previous: readonly string[], current: string, labels: readonly KeyLabel[], currentIsSafe: boolean): string {
  const back = currentIsSafe ? '' : ` If that keyring is still installed, unlock it and restart Social Inbox to use them again.`;
  return (
    `Your keys were saved with the ${previous.join(' / ')} keyring, but this session uses ${current}; ` +
    `keys saved with one keyring cannot be decrypted with another. Please enter again: ${list(labels)}.${back}`
  );
}

/** Keys sealed by the current backend that still failed to decrypt (its key was reset or lost). */
export function undecryptableWarning(labels: readonly KeyLabel[]): string {
  return `These keys could not be decrypted (the keychain's key for Social Inbox may have been reset) and must be entered again: ${list(labels)}.`;
}

/** Keys sealed by the keychain that is unavailable right now: they come back with it. */
export function lockedAwayWarning(labels: readonly KeyLabel[]): string {
  return `Saved keys cannot be read until the system keychain is available again: ${list(labels)}. Enter them again to use them in this session.`;
}

export const UNREADABLE_FILE_WARNING =
  'The file with your encrypted keys could not be read; a copy was kept in vault-backup.json. Please enter your keys again.';
