// Who a call is for and where its secrets come from. A call names an account and, optionally, one
// of its user profiles by ids that are not secret; the keys themselves come from the vault port at
// the moment of the call and live no longer than that call.

/** The account's X (Twitter) OAuth 1.0a consumer key pair, sent on requests that target twitter. */
export interface XCredentials {
  key: string;
  secret: string;
}

export interface AccountCredentials {
  /** The service's base URL, ending in /api (the real one, or a sandbox's). */
  baseUrl: string;
  /** The primary profile's API key: the bearer of every request. */
  apiKey: string;
  xCredentials?: XCredentials;
}

/** The vault port: the Electron host backs it with safeStorage, tests with a map. */
export interface CredentialVault {
  account(accountId: string, signal?: AbortSignal): Promise<AccountCredentials>;
  /** The Profile-Key of one of the account's user profiles. */
  profileKey(accountId: string, profileId: string, signal?: AbortSignal): Promise<string>;
}

/** Whom a call is for: an account, and a user profile of it (omitted for the primary profile). */
export interface CallTarget {
  accountId: string;
  /** The user profile's id (its refId); the Profile-Key is looked up in the vault. */
  profileId?: string;
}

/** The secrets of one call, resolved from the vault. */
export interface CallSecrets extends AccountCredentials {
  profileKey?: string;
}

export async function resolveSecrets(vault: CredentialVault, target: CallTarget, signal?: AbortSignal): Promise<CallSecrets> {
  const account = await vault.account(target.accountId, signal);
  if (target.profileId === undefined) return account;
  return { ...account, profileKey: await vault.profileKey(target.accountId, target.profileId, signal) };
}
