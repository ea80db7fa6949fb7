// POST /analytics/social: the account figures of the profile's linked networks (followers, reach,
// page views, watch time), one result per network asked: its figures in the app's words, or why the
// service gave none (not linked, code 109; another refusal; an answer that does not read).
// docs/service-account-analytics.md says what the service does; this is the client's side of it.
import type { Network } from '../../../../shared/networks.ts';
import {
  ACCOUNT_ANALYTICS_NOT_LINKED,
  AccountAnalyticsBodySchema,
  type AccountAnalyticsEntry,
  AccountAnalyticsEntrySchema,
  AccountAnalyticsErrorSchema,
  type AccountAnalyticsResponse,
  AccountAnalyticsResponseSchema,
  type AccountFigures,
  accountFiguresOf,
  figuresDayOf,
} from '../../../../shared/wire/accountAnalytics.ts';
import type { PlatformError } from '../../../../shared/wire/common.ts';
import type { CallTarget } from '../credentials.ts';
import { HttpError, refinedHttpError } from '../errors.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner } from '../requestRunner.ts';
import { targetsTwitter } from '../twitterTargeting.ts';

export interface AccountAnalyticsInput {
  /** The networks to read; each is asked once. */
  platforms: Network[];
  /** 1-4: period figures of that many past quarters; 0 or absent: all time. */
  quarters?: number;
  /** facebook, instagram, tiktok, youtube: per-day values in `analytics.daily` (kept in `raw`). */
  daily?: boolean;
  /** tiktok: comments, shares and views of the last 60 days. Not with `daily` or `quarters`. */
  period60Days?: boolean;
}

export type AccountAnalyticsFailure =
  /** The profile does not link the network (code 109): nothing to read until it is linked. */
  | { network: Network; status: 'not-linked'; code: number; message: string }
  /** The service refused this network with another code. */
  | { network: Network; status: 'refused'; code: number; message: string }
  /** Something is under the network's key, but neither figures nor an error. */
  | { network: Network; status: 'unreadable'; message: string }
  /** The answer does not mention the network. */
  | { network: Network; status: 'missing'; message: string };

export interface AccountAnalyticsFound {
  network: Network;
  status: 'found';
  figures: AccountFigures;
  /** When the service fetched the figures, and when it may have fresher ones. */
  lastUpdated: string | undefined;
  nextUpdate: string | undefined;
  /** The moment the figures describe and the UTC day a daily snapshot of them belongs to (youtube and tiktok lag). */
  asOf: string | undefined;
  day: string | undefined;
  /** The network's answer as sent, unknown fields included. */
  entry: AccountAnalyticsEntry;
}

export type AccountAnalyticsResult = AccountAnalyticsFound | AccountAnalyticsFailure;

export interface AccountAnalyticsAnswer {
  /** "success" when every network answered figures, "error" when some did not. */
  status: string;
  /** One result for each network asked. */
  networks: Partial<Record<Network, AccountAnalyticsResult>>;
  /** The whole answer, unknown fields included. */
  answer: AccountAnalyticsResponse;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function failureOf(network: Network, error: PlatformError): AccountAnalyticsFailure {
  return error.code === ACCOUNT_ANALYTICS_NOT_LINKED
    ? { network, status: 'not-linked', code: error.code, message: error.message }
    : { network, status: 'refused', code: error.code, message: error.message };
}

/** One network's result from an answer (or an error body): its key first, then the `errors` list. */
export function accountResultOf(network: Network, body: Record<string, unknown>): AccountAnalyticsResult {
  const value = Object.hasOwn(body, network) ? body[network] : undefined;
  const entry = AccountAnalyticsEntrySchema.safeParse(value);
  if (entry.success) {
    const when = figuresDayOf(network, entry.data.lastUpdated);
    return {
      network,
      status: 'found',
      figures: accountFiguresOf(network, entry.data.analytics),
      lastUpdated: entry.data.lastUpdated,
      nextUpdate: entry.data.nextUpdate,
      asOf: when?.asOf,
      day: when?.day,
      entry: entry.data,
    };
  }
  const error = AccountAnalyticsErrorSchema.safeParse(value);
  if (error.success) return failureOf(network, error.data);
  const listed = Array.isArray(body.errors) ? body.errors : [];
  for (const item of listed) {
    const parsed = AccountAnalyticsErrorSchema.safeParse(item);
    if (parsed.success && parsed.data.platform === network) return failureOf(network, parsed.data);
  }
  if (value !== undefined) return { network, status: 'unreadable', message: `The service's answer for ${network} holds neither account figures nor an error` };
  return { network, status: 'missing', message: `The service's answer did not mention ${network}` };
}

/**
 * Every network asked failed, and the service said why per network (the sandbox: HTTP 400 with
 * code 109 when none is linked). An HttpError still; `failures` has one entry per network asked.
 */
export class AccountAnalyticsRefusedError extends HttpError {
  readonly failures: readonly AccountAnalyticsFailure[];

  constructor(from: HttpError, failures: readonly AccountAnalyticsFailure[]) {
    const unlinked = failures.filter((f) => f.status === 'not-linked').map((f) => f.network);
    const linkThem = `Link ${unlinked.join(', ')} to this profile in the service's dashboard, or stop asking for ${unlinked.length > 1 ? 'them' : 'it'}`;
    super(refinedHttpError(from, { hint: unlinked.length > 0 ? linkThem : from.hint, retryable: from.retryable, writeOutcome: 'not-applied' }));
    this.failures = failures;
  }
}

/** An error status whose body still carries some network's figures is an answer (as S5 reads the real service). */
function carriesFigures(platforms: readonly Network[]) {
  return (_status: number, body: unknown): boolean =>
    isRecord(body) && platforms.some((network) => Object.hasOwn(body, network) && AccountAnalyticsEntrySchema.safeParse(body[network]).success);
}

export async function accountAnalytics(
  runner: RequestRunner,
  target: CallTarget,
  input: AccountAnalyticsInput,
  options?: CallOptions,
): Promise<AccountAnalyticsAnswer> {
  const checked = checkRequest('accountAnalytics', AccountAnalyticsBodySchema, input);
  const platforms = [...new Set(checked.platforms)];
  const body = {
    platforms,
    ...(checked.quarters === undefined ? {} : { quarters: checked.quarters }),
    ...(checked.daily === undefined ? {} : { daily: checked.daily }),
    ...(checked.period60Days === undefined ? {} : { period60Days: checked.period60Days }),
  };
  let answer: AccountAnalyticsResponse;
  try {
    answer = (
      await runner.run(
        target,
        {
          operation: 'accountAnalytics',
          method: 'POST',
          path: '/analytics/social',
          body,
          write: false,
          targetsTwitter: targetsTwitter(platforms),
          answer: AccountAnalyticsResponseSchema,
          answerOnError: carriesFigures(platforms),
        },
        options,
      )
    ).value;
  } catch (error) {
    throw refusalOf(error, platforms);
  }
  const networks: Partial<Record<Network, AccountAnalyticsResult>> = {};
  for (const network of platforms) networks[network] = accountResultOf(network, answer);
  return { status: answer.status, networks, answer };
}

/** A 4xx that says per network why none answered becomes an AccountAnalyticsRefusedError; anything else stays as it is. */
function refusalOf(error: unknown, platforms: readonly Network[]): unknown {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500 || !isRecord(error.body)) return error;
  const body = error.body;
  const results = platforms.map((network) => accountResultOf(network, body));
  const failures = results.filter((r): r is AccountAnalyticsFailure => r.status !== 'found');
  if (!failures.some((f) => f.status === 'not-linked' || f.status === 'refused')) return error;
  return new AccountAnalyticsRefusedError(error, failures);
}
