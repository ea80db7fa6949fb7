// POST /analytics/social: the analytics of the profile's accounts themselves (followers, reach,
// page views, watch time), per network in `platforms`, as docs/service-account-analytics.md
// describes. `quarters` narrows period figures to that many past quarters, `daily` adds per-day
// values, `period60Days` (tiktok) narrows comments, shares and views to 60 days. A network the
// profile does not link answers its own error (code 109) beside the others, as the other
// multi-network operations do; only when no network answers is the whole request refused.
import { isNetwork, type Network, NETWORKS } from '../../shared/networks.ts';
import { accountAnalytics } from '../analytics/account-metrics.ts';
import { type AccountQuery, AccountSeries, refreshOf, seedOf } from '../analytics/account-series.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { requireXCredentials } from '../http/auth.ts';
import { badRequest, ErrorCode, type PlatformError, platformError, ServiceError } from '../http/errors.ts';
import { optionalBoolean, platformList } from '../http/validate.ts';
import { CLIENTS, FREELANCER } from '../world/clients.ts';
import type { ProfileState } from '../world/types.ts';

/**
 * The names the service takes here (its MCP server's POST_PLATFORMS). The sandbox's profiles link
 * only its own eight networks; the others answer "not linked", as they would for such a profile.
 */
const ACCOUNT_ANALYTICS_NETWORKS = [...NETWORKS, 'pinterest', 'reddit', 'telegram', 'gmb', 'snapchat'] as const;

const MAX_QUARTERS = 4;

function queryOf(call: ApiCall): AccountQuery {
  const quarters = call.body.quarters;
  if (quarters !== undefined && quarters !== null) {
    if (typeof quarters !== 'number' || !Number.isInteger(quarters) || quarters < 0 || quarters > MAX_QUARTERS) {
      throw badRequest(ErrorCode.invalidField, `Field "quarters" must be a whole number from 1 to ${MAX_QUARTERS} (0 or absent: all time)`);
    }
  }
  const daily = optionalBoolean(call.body, 'daily') ?? false;
  const period60Days = optionalBoolean(call.body, 'period60Days') ?? false;
  const inQuarters = typeof quarters === 'number' && quarters >= 1 ? quarters : undefined;
  if (period60Days && daily) throw badRequest(ErrorCode.invalidField, '"period60Days" and "daily" cannot be combined: send one of them');
  if (period60Days && inQuarters !== undefined) {
    throw badRequest(ErrorCode.invalidField, '"period60Days" and "quarters" cannot be combined: send one of them');
  }
  return { ...(inQuarters !== undefined ? { quarters: inQuarters } : {}), daily, period60Days };
}

/** The website of the business a profile belongs to (its accounts link to it). */
function websiteOf(profile: ProfileState): string {
  const business = [FREELANCER, ...CLIENTS].find((b) => b.title === profile.title);
  return business ? new URL(business.link).origin : '';
}

function accountEntry(call: ApiCall, platform: Network, query: AccountQuery): Record<string, unknown> {
  const { world, now, analyticsRefreshMs } = call.runtime;
  const identity = call.profile.accounts[platform];
  if (!identity) throw new Error('unreachable: an unlinked network has no account entry');
  const seed = seedOf(`${world.state.seed}:${platform}:${identity.id}`);
  const refresh = refreshOf(platform, seed, now().getTime(), analyticsRefreshMs);
  const series = new AccountSeries(Date.parse(call.profile.created), refresh.dataMs, query);
  // Posts the account made by then: deleted ones are gone from the count, others' videos never in it.
  const postsMade = world.state.networkPosts.filter(
    (p) => p.profileRefId === call.profile.refId && p.platform === platform && p.owned && !p.deleted && Date.parse(p.created) <= series.dataMs,
  ).length;
  const analytics = accountAnalytics({
    platform,
    identity,
    link: websiteOf(call.profile),
    seed,
    series,
    postsMade,
    // Only these networks have daily values (the service's docs); the others ignore the option.
    daily: query.daily && (['facebook', 'instagram', 'tiktok', 'youtube'] as string[]).includes(platform),
  });
  return {
    analytics,
    lastUpdated: new Date(refresh.lastMs).toISOString(),
    nextUpdate: new Date(refresh.nextMs).toISOString(),
  };
}

function socialAnalytics(call: ApiCall): ApiResult {
  const platforms = platformList(call.body, ACCOUNT_ANALYTICS_NETWORKS, 'Account analytics', { required: true }) as string[];
  const query = queryOf(call);
  requireXCredentials(call.headers, call.runtime, platforms);
  const answers: Record<string, unknown> = {};
  const errors: PlatformError[] = [];
  for (const platform of platforms) {
    if (!isNetwork(platform) || !call.profile.accounts[platform]) {
      const error = platformError('analytics', platform, ErrorCode.networkNotLinked, `${platform} is not linked to this profile`);
      errors.push(error);
      answers[platform] = error;
      continue;
    }
    answers[platform] = accountEntry(call, platform, query);
  }
  if (errors.length === platforms.length) {
    const first = errors[0] as PlatformError;
    throw new ServiceError(400, { code: first.code, message: first.message, ...answers, errors });
  }
  const body: Record<string, unknown> = { status: errors.length > 0 ? 'error' : 'success', ...answers };
  if (errors.length > 0) body.errors = errors;
  return { body };
}

export const analyticsSocialRoutes: Route[] = [{ method: 'POST', pattern: '/analytics/social', handle: socialAnalytics }];
