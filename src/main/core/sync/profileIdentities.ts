// The profile's own accounts per network, from GET /user's `displayNames`: the author ids its
// comments and replies carry, which is how the store tells the account's comments from everyone
// else's. Kept in the profile's store record, beside what the user chose (title, colour).
import { isNetwork, type Network } from '../../../shared/networks.ts';
import type { UserResponse } from '../../../shared/wire/profiles.ts';
import type { NetworkIdentity, ProfileRecord } from '../store/types.ts';

export function identitiesFromUser(user: UserResponse): Partial<Record<Network, NetworkIdentity>> {
  const identities: Partial<Record<Network, NetworkIdentity>> = {};
  for (const item of user.displayNames ?? []) {
    if (typeof item !== 'object' || item === null) continue;
    const { platform, id, username, displayName } = item as Record<string, unknown>;
    if (!isNetwork(platform)) continue;
    const idText = typeof id === 'string' && id !== '' ? id : typeof username === 'string' && username !== '' ? username : undefined;
    if (idText === undefined) continue;
    identities[platform] = {
      id: idText,
      username: typeof username === 'string' && username !== '' ? username : idText,
      ...(typeof displayName === 'string' ? { displayName } : {}),
    };
  }
  return identities;
}

/**
 * The profile's record after a GET /user: the identities it names added to those known, the rest
 * as the user left it. Undefined when nothing changed (no write needed).
 */
export function profileRecordAfter(
  existing: ProfileRecord | undefined,
  user: UserResponse,
  profile: { accountId: string; profileId: string; isPrimary: boolean },
): ProfileRecord | undefined {
  const record: ProfileRecord = {
    accountId: profile.accountId,
    profileId: profile.profileId,
    title: existing?.title ?? user.title ?? profile.profileId,
    isPrimary: existing?.isPrimary ?? profile.isPrimary,
    // Identities of networks unlinked since stay: their old comments are still the account's.
    networks: { ...existing?.networks, ...identitiesFromUser(user) },
    color: existing?.color ?? null,
  };
  return existing && JSON.stringify(existing) === JSON.stringify(record) ? undefined : record;
}
