// Who a request is for and whether it may do what it asks: the primary API key as bearer, an
// optional Profile-Key, the plan's gates, and the X key pair on every request that targets twitter.
import type { IncomingHttpHeaders } from 'node:http';
import { COMMENT_PLANS, type Plan, PROFILE_KEY_HEADER, PROFILE_PLANS, X_KEY_HEADER, X_SECRET_HEADER } from '../../shared/networks.ts';
import { REVIEW_PLANS } from '../../shared/reviews.ts';
import type { SandboxRuntime } from '../runtime.ts';
import type { ProfileState } from '../world/types.ts';
import type { Feature } from './api.ts';
import { badRequest, ErrorCode, ServiceError } from './errors.ts';

export interface Caller {
  profile: ProfileState;
  viaProfileKey: boolean;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function invalidKey(message: string): ServiceError {
  return new ServiceError(401, { code: ErrorCode.invalidApiKey, message });
}

/** Checks the bearer key and the Profile-Key; the primary API key must always be sent. */
export function authenticate(headers: IncomingHttpHeaders, runtime: SandboxRuntime): Caller {
  const authorization = header(headers, 'authorization');
  if (!authorization) throw invalidKey('Missing API key: send "Authorization: Bearer <API key>"');
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  if (!match) throw invalidKey('Authorization header must have the form "Bearer <API key>"');
  const key = match[1]?.trim();
  // A profile key sent as the bearer is an invalid API key too (public facts).
  if (key !== runtime.world.state.account.apiKey) throw invalidKey('API key not valid');

  const profileKey = header(headers, PROFILE_KEY_HEADER)?.trim();
  if (!profileKey) return { profile: runtime.world.primary, viaProfileKey: false };
  requirePlan(runtime.plan, PROFILE_PLANS, 'User profiles (the Profile-Key header)');
  const profile = runtime.world.profileByKey(profileKey);
  if (!profile) throw new ServiceError(401, { code: ErrorCode.unknownProfileKey, message: 'Profile-Key not valid' });
  return { profile, viaProfileKey: true };
}

const FEATURE_PLANS: Record<Feature, { plans: readonly Plan[]; what: string }> = {
  comments: { plans: COMMENT_PLANS, what: 'Comments operations' },
  profiles: { plans: PROFILE_PLANS, what: 'User profiles' },
  // Public: "Available on Business, Enterprise plans" (the Messages API pages).
  messages: { plans: PROFILE_PLANS, what: 'Direct messages (the Messages API)' },
  reviews: { plans: REVIEW_PLANS, what: 'Reviews (the Reviews API)' },
};

export function requireFeature(plan: Plan, feature: Feature): void {
  const { plans, what } = FEATURE_PLANS[feature];
  requirePlan(plan, plans, what);
}

function requirePlan(plan: Plan, allowed: readonly Plan[], what: string): void {
  if (allowed.includes(plan)) return;
  const needed = allowed[0] ?? 'enterprise';
  throw new ServiceError(403, {
    code: ErrorCode.planRequired,
    message: `${what} need the ${capitalise(needed)} plan or higher; this account is on the ${capitalise(plan)} plan`,
  });
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A request that targets twitter needs both X headers (419 without them, 400 with one) and they
 * must be the account's pair (401, code 272). Requests that do not target twitter ignore them.
 */
export function requireXCredentials(
  headers: IncomingHttpHeaders,
  runtime: SandboxRuntime,
  /** Network names, or whatever names the caller sent (checked elsewhere). */
  targets: Iterable<string>,
): void {
  if (![...targets].includes('twitter')) return;
  const key = header(headers, X_KEY_HEADER)?.trim();
  const secret = header(headers, X_SECRET_HEADER)?.trim();
  if (!key && !secret) {
    throw new ServiceError(419, {
      action: 'x_credentials_required',
      code: ErrorCode.xCredentialsRequired,
      message: 'Requests to twitter need the X-Twitter-OAuth1-Api-Key and X-Twitter-OAuth1-Api-Secret headers (your X OAuth 1.0a consumer key and secret)',
      platform: 'twitter',
    });
  }
  if (!key || !secret) {
    throw badRequest(
      ErrorCode.missingField,
      `Requests to twitter need both X headers; ${key ? 'X-Twitter-OAuth1-Api-Secret' : 'X-Twitter-OAuth1-Api-Key'} is missing`,
    );
  }
  const expected = runtime.world.state.account.xCredentials;
  if (key !== expected.key || secret !== expected.secret) {
    throw new ServiceError(401, {
      code: ErrorCode.wrongXCredentials,
      message: 'The X OAuth 1.0a key pair is not valid for this account',
      platform: 'twitter',
    });
  }
}
