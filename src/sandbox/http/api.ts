// The shape of one API operation of the sandbox: a route, and a handler from a parsed call to a
// result. The server does authentication, rate limiting, body parsing and compression around it.
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxRuntime } from '../runtime.ts';
import type { ProfileState } from '../world/types.ts';

export interface ApiCall {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  /** The profile the request is for: the primary one, or the one its Profile-Key names. */
  profile: ProfileState;
  /** True when the request selected a user profile with a Profile-Key. */
  viaProfileKey: boolean;
  runtime: SandboxRuntime;
}

export interface ApiResult {
  status?: number;
  body: unknown;
  /** A write was applied: such a result may be dropped by the dropAfterCommit fault. */
  applied?: boolean;
  /** A prebuilt JSON body (cached); used instead of `body` when present. */
  json?: Buffer;
}

/** What the plan must include for an operation. */
export type Feature = 'comments' | 'profiles' | 'messages' | 'reviews';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below /api, with `:name` segments. */
  pattern: string;
  feature?: Feature;
  handle: (call: ApiCall) => ApiResult | Promise<ApiResult>;
}
