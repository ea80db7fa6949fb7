// Settings' words for an account and its clients, in a freelancer's words (issue 27, item 15): no
// "Primary profile", no "Profile-Key", no raw address, and never "Not checked yet" beside a sidebar
// that says "Up to date" for the same account. Pure.
import type { Connectivity, ProfileSyncStatus } from '../../shared/domain/status.ts';

/**
 * Whether the account's service answers, as the whole app knows it: the live connectivity first,
 * then the account's last reading, then its clients' sync (a client synced means the service
 * answered); "Not checked yet" only when nothing has been asked at all.
 */
export function accountLine(
  accountId: string,
  stored: boolean | null,
  connectivity: Readonly<Record<string, Connectivity>>,
  states: Readonly<Record<string, Pick<ProfileSyncStatus, 'accountId' | 'state'>>>,
): { text: string; tone: 'ok' | 'warn' | 'none' } {
  const live = connectivity[accountId]?.online ?? stored;
  if (live === true) return { text: 'Online', tone: 'ok' };
  if (live === false) return { text: 'Not answering', tone: 'warn' };
  const synced = Object.values(states).some((s) => s.accountId === accountId && (s.state === 'idle' || s.state === 'syncing'));
  return synced ? { text: 'Online', tone: 'ok' } : { text: 'Not checked yet', tone: 'none' };
}

/** Where the account's service is: the sandbox on this computer, or the service's host name. */
export function serviceWhere(baseUrl: string, sandbox: boolean): string {
  if (sandbox) return 'Sample clients and comments, on this computer';
  try {
    return `Service at ${new URL(baseUrl).host}`;
  } catch {
    return 'Service address not readable: replace the keys to set it again';
  }
}

/** A profile's kind: the account's own, or a client's. */
export function profileKind(isPrimary: boolean): string {
  return isPrimary ? 'The account’s own profile' : 'Client';
}

/** How many clients have their own key saved. */
export function clientKeysLine(configured: number, total: number): string {
  if (total === 0) return 'No clients yet';
  return configured === total ? `Saved for every client (${total})` : `Saved for ${configured} of ${total} clients`;
}
