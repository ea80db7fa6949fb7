// A real ServiceClient (undici transport and all) whose vault points at a hostile server, and the
// calls the chaos tests make through it: a read (GET /comments) and a write (a reply).
import type { CredentialVault } from '../../../src/main/core/service/credentials.ts';
import type { CallOptions } from '../../../src/main/core/service/requestRunner.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { UndiciTransportOptions } from '../../../src/main/core/service/undiciTransport.ts';

export const HOSTILE_API_KEY = 'API-KEY-hostile-0123456789';

export function hostileVault(baseUrl: string): CredentialVault {
  return {
    account: async () => ({ baseUrl, apiKey: HOSTILE_API_KEY }),
    profileKey: async () => 'PROFILE-KEY-hostile-0123456789',
  };
}

export function hostileClient(baseUrl: string, transportOptions: UndiciTransportOptions = {}): ServiceClient {
  return new ServiceClient({ vault: hostileVault(baseUrl), transportOptions, budget: { limit: 1_000_000 } });
}

const target = { accountId: 'hostile' };

export function readThrough(client: ServiceClient, options?: CallOptions): Promise<unknown> {
  return client.getComments(target, { by: 'socialPost', id: '1234', platform: 'facebook' }, options);
}

export function writeThrough(client: ServiceClient, options?: CallOptions): Promise<unknown> {
  return client.reply(target, { to: 'serviceComment', commentId: 'c-1', platforms: ['facebook'], comment: 'Thanks for asking!' }, options);
}

/** What the promise rejected with; a resolved call is itself the failure of the test. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}
