// Checks an API key (and the X key pair, when given) against the service before anything is saved,
// and says in plain words what is wrong: a wrong key, a plan without the comments operations, an X
// key pair that is missing or refused. The candidate keys live only in this call's own vault.
import type { UserResponse } from '../../../shared/wire/profiles.ts';
import type { Clock } from '../clock.ts';
import type { AccountCredentials, CredentialVault, XCredentials } from '../service/credentials.ts';
import { HttpError } from '../service/errors.ts';
import { ServiceClient } from '../service/serviceClient.ts';
import type { HttpTransport } from '../service/transport.ts';
import { refuse } from '../refusal.ts';

const CANDIDATE = 'candidate-account';
/** An id no post has: the comments read fails after the plan check (404), or at it (403). */
const PLAN_PROBE_POST_ID = 'plan-check-0';
/**
 * Someone is waiting at the form for this answer: each check request gets 15 s overall rather than
 * the client's 60 s default, so a stalled or trickling service is reported while they still look.
 */
export const KEY_CHECK_DEADLINE_MS = 15_000;

export interface KeyCheckResult {
  user: UserResponse;
  /** Something the person should know that does not stop the account from working. */
  notice: string | null;
}

export interface KeyCheckPorts {
  clock?: Clock;
  transport?: HttpTransport;
  /** Overall deadline of each check request; default KEY_CHECK_DEADLINE_MS. */
  deadlineMs?: number;
}

export async function checkAccountKeys(
  candidate: { baseUrl: string; apiKey: string; xCredentials?: XCredentials },
  ports: KeyCheckPorts = {},
): Promise<KeyCheckResult> {
  const credentials: AccountCredentials = candidate;
  const vault: CredentialVault = {
    account: async () => credentials,
    profileKey: async () => refuse('A profile key is not part of the key check'),
  };
  const client = new ServiceClient({ vault, ...(ports.clock ? { clock: ports.clock } : {}), ...(ports.transport ? { transport: ports.transport } : {}) });
  const target = { accountId: CANDIDATE };
  const call = { whenBudgetSpent: 'fail', deadlineMs: ports.deadlineMs ?? KEY_CHECK_DEADLINE_MS } as const;
  try {
    let user: UserResponse;
    try {
      user = await client.user(target, call);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401)
        refuse("The service did not accept this API key (wrong key): check it in the service's dashboard and paste it again");
      if (error instanceof HttpError && error.status === 403)
        refuse(`The service refused this account: ${error.serviceMessage ?? 'its plan does not allow it'}`);
      throw error;
    }
    try {
      await client.getComments(target, { by: 'servicePost', id: PLAN_PROBE_POST_ID, networks: ['facebook'] }, call);
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) {
        refuse(`This account's plan does not include the comments operations the inbox needs: ${error.serviceMessage ?? 'a higher plan is needed'}`);
      }
      if (!(error instanceof HttpError)) throw error;
      // 404 (no such post) and 400 (the probe's id) mean the plan let the request through.
    }
    const twitterLinked = user.activeSocialAccounts.includes('twitter');
    if (candidate.xCredentials !== undefined) {
      try {
        await client.getComments(target, { by: 'socialPost', id: '0', platform: 'twitter' }, call);
      } catch (error) {
        if (error instanceof HttpError && (error.status === 419 || error.code === 419))
          refuse('The X (Twitter) key pair is missing: give both the consumer key and the secret');
        if (error instanceof HttpError && error.status === 401)
          refuse('The service did not accept the X (Twitter) key pair: check the consumer key and secret');
        if (!(error instanceof HttpError)) throw error;
      }
    }
    const notice =
      twitterLinked && candidate.xCredentials === undefined
        ? 'X (Twitter) is linked to this account but no X key pair was given (the service answers 419 without it): twitter comments are left out until you add it'
        : null;
    return { user, notice };
  } finally {
    await client.close();
  }
}
