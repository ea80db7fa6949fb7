// An HTTP proxy on 127.0.0.1 in front of the sandbox that counts what the service is asked, per
// profile (by its Profile-Key header; the primary profile goes without one) and per answer status,
// so a test or a benchmark can say what a set of devices cost the service. It forwards every
// request as it came and every answer as it went; it stops with `stop()`.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountedRequest {
  /** The Profile-Key header, or '' for the primary profile. */
  profileKey: string;
  method: string;
  path: string;
  status: number;
  /** Epoch ms the answer came. */
  at: number;
}

export interface CountingProxy {
  /** `http://127.0.0.1:<port>`: the service's paths are the sandbox's (`/api/...`). */
  origin: string;
  /** Every request answered so far, in order. */
  readonly requests: readonly CountedRequest[];
  stop(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const requests: CountedRequest[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const profileKey = String(incoming.headers['profile-key'] ?? '');
    const forwarded = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        requests.push({ profileKey, method: incoming.method ?? 'GET', path: incoming.url ?? '', status: answer.statusCode ?? 0, at: Date.now() });
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Requests to the service (`/api/…`, not the sandbox's control calls) per profile key among `requests` answered in [from, to). */
export function perProfile(requests: readonly CountedRequest[], from: number, to: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests)
    if (request.at >= from && request.at < to && request.path.startsWith('/api/')) counts.set(request.profileKey, (counts.get(request.profileKey) ?? 0) + 1);
  return counts;
}
