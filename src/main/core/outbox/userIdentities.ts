// The identity port filled from GET /user: for each profile, its own account id on each network
// (`displayNames[].id`), which is the author id its comments and replies carry. One request per
// profile, remembered for the life of the outbox; a failed lookup is not remembered, so the next
// check asks again.
import type { Network } from '../../../shared/networks.ts';
import type { CallTarget } from '../service/credentials.ts';
import type { CallOptions } from '../service/requestRunner.ts';
import type { UserResponse } from '../../../shared/wire/profiles.ts';
import type { AccountIdentityPort } from './types.ts';

export interface UserLookup {
  user(target: CallTarget, options?: CallOptions): Promise<UserResponse>;
}

export function identitiesFromUser(client: UserLookup): AccountIdentityPort {
  const known = new Map<string, Promise<Map<string, string>>>();
  return async (target: CallTarget, platform: Network) => {
    const key = `${target.accountId}\n${target.profileId ?? ''}`;
    let lookup = known.get(key);
    if (!lookup) {
      lookup = client.user(target).then(identitiesOf);
      known.set(key, lookup);
      lookup.catch(() => known.delete(key));
    }
    const id = (await lookup).get(platform);
    return id === undefined ? null : { id };
  };
}

function identitiesOf(user: UserResponse): Map<string, string> {
  const ids = new Map<string, string>();
  for (const entry of user.displayNames ?? []) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { platform, id } = entry as { platform?: unknown; id?: unknown };
    if (typeof platform === 'string' && typeof id === 'string' && id !== '') ids.set(platform, id);
  }
  return ids;
}
