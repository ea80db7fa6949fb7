// Matches a method and a path below /api against the routes; tells "no such path" (404) from
// "no such method on this path" (405).
import { badRequest, ErrorCode, ServiceError } from './errors.ts';

export interface RouteShape {
  method: string;
  /** Path with `:name` segments. */
  pattern: string;
}

export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

export class Router<R extends RouteShape> {
  private readonly compiled: { route: R; segments: string[] }[];

  constructor(routes: readonly R[]) {
    // Literal segments beat parameters: POST /comments/reply is the reply operation, not a comment
    // on a post whose id is "reply".
    const literals = (segments: string[]) => segments.filter((s) => !s.startsWith(':')).length;
    this.compiled = routes.map((route) => ({ route, segments: split(route.pattern) })).sort((a, b) => literals(b.segments) - literals(a.segments));
  }

  match(method: string, path: string): Match<R> {
    const segments = split(path);
    let pathKnown = false;
    for (const { route, segments: pattern } of this.compiled) {
      const params = matchSegments(pattern, segments);
      if (!params) continue;
      pathKnown = true;
      if (route.method === method) return { route, params };
    }
    if (pathKnown) {
      throw new ServiceError(405, { code: ErrorCode.methodNotAllowed, message: `Method ${method} is not allowed on ${path}` });
    }
    throw new ServiceError(404, { code: ErrorCode.unknownEndpoint, message: `Unknown endpoint ${method} ${path}` });
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] as string;
    const got = actual[i] as string;
    // Segments are decoded one by one, so an encoded "/" (bluesky's at:// ids) stays in its segment.
    if (want.startsWith(':')) params[want.slice(1)] = decodeSegment(got);
    else if (want !== got) return null;
  }
  return params;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(ErrorCode.invalidField, `Path segment "${segment}" is not valid percent-encoding`);
  }
}
