// The built-in sandbox account: the host's factory starts a sandbox (embedded, or one already
// running), its keys go to the vault, and its profiles, with the Profile-Key of each client, come
// from the sandbox's control surface (/__sandbox/world); if that cannot be read, from /user and
// /profiles, with only the primary profile synced.
import type { XCredentials } from '../service/credentials.ts';
import type { ServiceClient } from '../service/serviceClient.ts';

export const SANDBOX_ACCOUNT_ID = 'sandbox';
export const SANDBOX_ACCOUNT_TITLE = 'Sandbox (built in)';

export interface RunningSandboxAccount {
  url: string;
  apiKey: string;
  xCredentials: XCredentials;
  close(): Promise<void>;
}

export interface SandboxProfile {
  profileId: string;
  title: string;
  isPrimary: boolean;
  /** null for the primary profile. */
  profileKey: string | null;
}

/** The control surface beside the API: `…/api` → `…/__sandbox`. */
export function controlUrlOf(apiUrl: string): string {
  return apiUrl.replace(/\/api\/?$/, '') + '/__sandbox';
}

export async function sandboxProfiles(sandbox: RunningSandboxAccount, client: ServiceClient, signal?: AbortSignal): Promise<SandboxProfile[]> {
  try {
    const response = await fetch(`${controlUrlOf(sandbox.url)}/world`, {
      headers: { authorization: `Bearer ${sandbox.apiKey}` },
      ...(signal ? { signal } : {}),
    });
    if (response.ok) {
      const profiles = worldProfiles(await response.json());
      if (profiles.length > 0) return profiles;
    }
  } catch {
    // Not a sandbox we can look inside: ask the service like for any account.
  }
  const user = await client.user({ accountId: SANDBOX_ACCOUNT_ID });
  const primary: SandboxProfile = { profileId: user.refId, title: user.title ?? 'Primary profile', isPrimary: true, profileKey: null };
  try {
    const { profiles } = await client.listProfiles({ accountId: SANDBOX_ACCOUNT_ID });
    return [
      primary,
      ...profiles.filter((p) => p.refId !== user.refId).map((p) => ({ profileId: p.refId, title: p.title, isPrimary: false, profileKey: null })),
    ];
  } catch {
    return [primary];
  }
}

/** The profiles of `/__sandbox/world`: `{profiles: [{title, refId, profileKey}]}`; [] when it is not that. */
function worldProfiles(world: unknown): SandboxProfile[] {
  const list = typeof world === 'object' && world !== null ? (world as { profiles?: unknown }).profiles : undefined;
  if (!Array.isArray(list)) return [];
  const profiles: SandboxProfile[] = [];
  for (const entry of list as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return [];
    const { title, refId, profileKey } = entry as Record<string, unknown>;
    if (typeof refId !== 'string' || refId === '' || (profileKey !== null && typeof profileKey !== 'string')) return [];
    profiles.push({ profileId: refId, title: typeof title === 'string' ? title : refId, isPrimary: profileKey === null, profileKey });
  }
  return profiles;
}
