// Webhooks in the settings screen: what each action means, the address check as the person types,
// and the signing secret made here (never by the core) so it can be shown once and copied.
import type { WebhookAction } from '../../shared/networks.ts';

/** The eight actions, each with what it means in one line. */
export const WEBHOOK_ACTION_HELP: readonly { action: WebhookAction; label: string; meaning: string }[] = [
  { action: 'feed', label: 'Feed', meaning: 'A post was published to a network (or failed to).' },
  { action: 'social', label: 'Social', meaning: 'A social account was linked or unlinked, or needs linking again.' },
  { action: 'scheduled', label: 'Scheduled', meaning: 'A scheduled post went out at its time (or failed).' },
  { action: 'batch', label: 'Batch', meaning: 'A batch of posts finished processing.' },
  { action: 'messages', label: 'Messages', meaning: 'A direct message arrived, was reacted to or was read.' },
  { action: 'mentions', label: 'Mentions', meaning: 'Someone mentioned the account in a post.' },
  { action: 'comments', label: 'Comments', meaning: 'A new comment arrived on one of the profile’s posts.' },
  { action: 'automations', label: 'Automations', meaning: 'An automation (such as an auto-reply) ran.' },
];

/** null when the address can be registered; otherwise what is wrong, in words. */
export function webhookUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Type the address the service should call.';
  if (!/^https:\/\//i.test(text)) return 'The address must begin with https:// (the service sends events only over HTTPS).';
  try {
    const url = new URL(text);
    if (url.hostname === '') return 'The address needs a host name after https://.';
  } catch {
    return 'This is not a web address yet.';
  }
  return null;
}

/** A new signing secret: 32 random bytes from the Web Crypto API, as 64 hexadecimal characters. */
export function newWebhookSecret(random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => void crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(32);
  random(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How a key is kept, in words. */
export function protectionWords(protection: { kind: 'os' | 'memory'; backend: string }): string {
  if (protection.kind === 'os') return `Stored in the system keychain (${protection.backend}).`;
  return 'Kept in memory only: no keyring found. Keys are forgotten when the app quits.';
}

/** A key as it may be shown: never the key, only its last 4 characters. */
export function maskedKey(status: { configured: boolean; last4: string | null }): string {
  if (!status.configured) return 'not set';
  return status.last4 ? `•••• ${status.last4}` : 'set';
}
