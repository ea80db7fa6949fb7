// Webhooks per profile: list, register, unregister, the signing secret, and a verify tool that
// tells whether a delivery's signature (HMAC-SHA256 of the raw body, keyed by the profile's
// secret, lower-case hex) matches. The secret is kept in the vault when it can hold one, else in
// memory for the session; it never goes back to the renderer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_ACTIONS, type WebhookAction } from '../../../shared/networks.ts';
import type { WebhooksResponse } from '../../../shared/wire/webhooks.ts';
import type { AccountService } from './accountService.ts';
import type { KnownSecrets } from './knownSecrets.ts';
import type { SecretVault } from '../ports.ts';

export interface WebhookList {
  webhooks: { action: WebhookAction; url: string }[];
  updated: string | null;
}

export class WebhookService {
  readonly #accounts: AccountService;
  readonly #vault: SecretVault;
  readonly #known: KnownSecrets;
  readonly #secretsInMemory = new Map<string, string>();
  /** Addresses that are secrets themselves (the team's event address, decision 0083): the screen sees only their host. */
  readonly #hiddenAddresses = new Set<string>();

  constructor(accounts: AccountService, vault: SecretVault, known: KnownSecrets) {
    this.#accounts = accounts;
    this.#vault = vault;
    this.#known = known;
  }

  async list(profileId: string): Promise<WebhookList> {
    const { profile, runtime } = await this.#accounts.forProfile(profileId);
    return listOf(await runtime.client.listWebhooks(runtime.targetOf(profile)));
  }

  async register(profileId: string, action: WebhookAction, url: string): Promise<WebhookList> {
    const { profile, runtime } = await this.#accounts.forProfile(profileId);
    await runtime.client.registerWebhook(runtime.targetOf(profile), { action, url });
    return listOf(await runtime.client.listWebhooks(runtime.targetOf(profile)));
  }

  async unregister(profileId: string, action: WebhookAction): Promise<WebhookList> {
    const { profile, runtime } = await this.#accounts.forProfile(profileId);
    await runtime.client.unregisterWebhook(runtime.targetOf(profile), { action });
    return listOf(await runtime.client.listWebhooks(runtime.targetOf(profile)));
  }

  /** From now on `forScreen` shows this address as its host and an ellipsis. */
  hideAddress(url: string): void {
    this.#hiddenAddresses.add(url);
  }

  /** A list as the Webhooks panel may show it: an address that is a secret keeps only its host. */
  forScreen(list: WebhookList): WebhookList {
    return {
      ...list,
      webhooks: list.webhooks.map((webhook) => (this.#hiddenAddresses.has(webhook.url) ? { ...webhook, url: hiddenForm(webhook.url) } : webhook)),
    };
  }

  async setSecret(profileId: string, secret: string): Promise<{ secretConfigured: true }> {
    this.#known.add(secret);
    const { profile, runtime } = await this.#accounts.forProfile(profileId);
    await runtime.client.setWebhookSecret(runtime.targetOf(profile), { secret });
    const slot = `${runtime.accountId}\n${profile.profileId}`;
    if (this.#vault.setWebhookSecret) {
      await this.#vault.setWebhookSecret(runtime.accountId, profile.profileId, secret);
      this.#secretsInMemory.delete(slot);
    } else {
      this.#secretsInMemory.set(slot, secret);
    }
    return { secretConfigured: true };
  }

  async verify(input: { profileId: string; body: string; timestamp: string; signature: string }): Promise<{ matches: boolean; reason: string }> {
    const profile = this.#accounts.profile(input.profileId);
    const slot = `${profile.accountId}\n${profile.profileId}`;
    const secret = this.#secretsInMemory.get(slot) ?? (await this.#vault.webhookSecret?.(profile.accountId, profile.profileId)) ?? null;
    if (secret === null) return { matches: false, reason: 'No signing secret is known for this profile here: set one, then verify' };
    if (!/^\d{1,12}$/.test(input.timestamp.trim()))
      return { matches: false, reason: 'The timestamp is not Unix seconds (the X-Authorization-Timestamp header)' };
    const expected = createHmac('sha256', secret).update(input.body).digest();
    const given = input.signature.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(given)) {
      return { matches: false, reason: 'The signature is not 64 hexadecimal characters (the X-Authorization-Content-SHA256 header)' };
    }
    const matches = timingSafeEqual(expected, Buffer.from(given, 'hex'));
    return {
      matches,
      reason: matches
        ? "The signature matches: the body was signed with this profile's secret"
        : 'The signature does not match: the body was changed, or signed with another secret',
    };
  }
}

function listOf(answer: WebhooksResponse): WebhookList {
  const webhooks: WebhookList['webhooks'] = [];
  for (const action of WEBHOOK_ACTIONS) {
    const url = answer[action];
    if (typeof url === 'string' && url !== '') webhooks.push({ action, url });
  }
  return { webhooks, updated: typeof answer.updated === 'string' ? answer.updated : null };
}

function hiddenForm(url: string): string {
  try {
    return `https://${new URL(url).host}/…`;
  } catch {
    return '…';
  }
}
