// The sandbox's request pipeline. /api: faults, authentication, rate limit, routing, body, handler,
// answer. /__sandbox: the control surface (primary API key, no faults, no rate limit). Anything a
// handler throws becomes the service's error body; nothing a client sends can stop the process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { RATE_LIMIT_COUNT_HEADER, RATE_LIMIT_MAX_HEADER } from '../../shared/networks.ts';
import type { SandboxRuntime } from '../runtime.ts';
import type { Route } from './api.ts';
import { authenticate, requireFeature } from './auth.ts';
import { parseJsonObject, readBody } from './body.ts';
import { ErrorCode, ServiceError } from './errors.ts';
import { sendJson } from './respond.ts';
import { Router } from './router.ts';

export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: string;
  handle: (input: { body: Record<string, unknown>; query: URLSearchParams; runtime: SandboxRuntime }) => {
    status?: number;
    body: unknown;
  };
}

export function createSandboxServer(runtime: SandboxRuntime, apiRoutes: readonly Route[], controlRoutes: readonly ControlRoute[]): Server {
  const api = new Router(apiRoutes);
  const control = new Router(controlRoutes);

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const faults = runtime.faults.settings;
    // "Down": the service refuses the connection, as an unreachable host would look to a client.
    if (faults.down) return void req.socket.destroy();
    if (faults.latencyMs > 0) await delay(faults.latencyMs);
    const raw = await readBody(req);
    if (runtime.faults.failThisRequest()) {
      throw new ServiceError(faults.status, { code: ErrorCode.injectedFault, message: 'Service unavailable (injected fault)' });
    }
    const caller = authenticate(req.headers, runtime);
    const refId = caller.profile.refId;
    if (runtime.rateLimiter.isSuspended(refId)) throw suspended();
    const decision = runtime.rateLimiter.take(refId, runtime.now().getTime());
    const rateHeaders = { [RATE_LIMIT_MAX_HEADER]: decision.max, [RATE_LIMIT_COUNT_HEADER]: decision.count };
    try {
      if (!decision.allowed) {
        if (decision.suspended) throw suspended();
        throw new ServiceError(429, {
          code: ErrorCode.rateLimited,
          message: `Rate limit of ${decision.max} requests per 5 minutes reached for this profile`,
        });
      }
      const { route, params } = api.match(req.method ?? 'GET', path);
      if (route.feature) requireFeature(runtime.plan, route.feature);
      const body = parseJsonObject(raw);
      const result = await route.handle({
        method: route.method,
        path,
        params,
        query,
        body,
        headers: req.headers,
        profile: caller.profile,
        viaProfileKey: caller.viaProfileKey,
        runtime,
      });
      // Applied, then the connection closes without an answer: the outcome is unknown to the client.
      if (result.applied && runtime.faults.dropThisWrite()) return void req.socket.destroy();
      sendJson(req, res, result.status ?? 200, result.body, result.json, rateHeaders);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      sendJson(req, res, error.status, error.body, undefined, { ...rateHeaders, ...error.headers });
    }
  }

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const raw = await readBody(req);
    const caller = authenticate({ authorization: req.headers.authorization }, runtime);
    if (caller.viaProfileKey) throw new Error('unreachable: control calls carry no Profile-Key');
    const { route } = control.match(req.method ?? 'GET', path);
    const result = route.handle({ body: parseJsonObject(raw), query, runtime });
    sendJson(req, res, result.status ?? 200, result.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    if (path === '/api' || path.startsWith('/api/')) return handleApi(req, res, path.slice(4) || '/', url.searchParams);
    if (path === '/__sandbox' || path.startsWith('/__sandbox/')) {
      return handleControl(req, res, path.slice('/__sandbox'.length) || '/', url.searchParams);
    }
    throw new ServiceError(404, {
      code: ErrorCode.unknownEndpoint,
      message: `Unknown path ${path}: the service lives under /api, the sandbox's controls under /__sandbox`,
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent || req.socket.destroyed) return;
      if (error instanceof ServiceError) return sendJson(req, res, error.status, error.body, undefined, error.headers);
      // A bug of ours, not the client's: say so without taking the process down.
      console.error('sandbox: internal error', error);
      sendJson(req, res, 500, { status: 'error', code: ErrorCode.internal, message: 'Internal sandbox error' });
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

function suspended(): ServiceError {
  return new ServiceError(403, {
    code: ErrorCode.profileSuspended,
    message: 'This profile is suspended after 1,000 rate-limited requests within 24 hours',
  });
}
