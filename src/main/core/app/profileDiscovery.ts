// What the service knows of an account's profiles that the app does not yet: the client profiles
// it lists (their Profile-Keys come later, from the person), and the primary profile of an account
// whose store was lost before the accounts record kept profiles. Asked at each start of an account;
// offline, the next start asks again.
import type { ProfileRecord, Store } from '../store/types.ts';
import { identitiesFromUser } from '../sync/profileIdentities.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import type { AccountRuntime } from './accountRuntime.ts';
import type { BridgeEventSink } from '../bridge/eventHub.ts';

export interface DiscoveryDeps {
  store: Store;
  registry: AccountRegistry;
  events: BridgeEventSink;
}

/** Client profiles the service lists that the store does not know yet (their keys come later). */
export async function discoverProfiles(runtime: AccountRuntime, d: DiscoveryDeps): Promise<void> {
  try {
    await findPrimaryProfile(runtime, d);
  } catch {
    // Offline: the next start asks again.
  }
  try {
    const { profiles } = await runtime.client.listProfiles({ accountId: runtime.accountId });
    const known = new Set(d.store.profiles().map((p) => p.profileId));
    let added = false;
    for (const profile of profiles) {
      if (known.has(profile.refId)) continue;
      d.registry.saveProfile({
        accountId: runtime.accountId,
        profileId: profile.refId,
        title: profile.title,
        isPrimary: false,
        networks: {},
        color: null,
      });
      added = true;
    }
    if (added) d.events.emit('accounts.changed', {});
  } catch {
    // A plan without client profiles (403), or offline: the primary profile is enough for now.
  }
}

/**
 * An account without its primary profile (its store was lost before the accounts record kept
 * profiles) asks the service for it, as adding the account did, and syncs it.
 */
async function findPrimaryProfile(runtime: AccountRuntime, d: DiscoveryDeps): Promise<void> {
  if (d.store.profiles(runtime.accountId).some((profile) => profile.isPrimary)) return;
  const user = await runtime.client.user({ accountId: runtime.accountId });
  const profile: ProfileRecord = {
    accountId: runtime.accountId,
    profileId: user.refId,
    title: user.title ?? runtime.account.title,
    isPrimary: true,
    networks: identitiesFromUser(user),
    color: null,
  };
  d.registry.saveProfile(profile);
  runtime.addProfile(profile);
  d.events.emit('accounts.changed', {});
}
