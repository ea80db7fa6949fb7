// PouchDB 9's HTTP adapter computes a timeout for a live pull's `_changes` request and never applies
// it. Over a real network a connection can die without a reset (a laptop's Wi-Fi gone, a NAT that
// forgot it): the pull would then wait on it until the operating system gives up, which can be
// hours, and nothing new would arrive meanwhile. The server writes a heartbeat (a newline) into a
// waiting `_changes` answer every `heartbeatMs`, so a connection silent for several heartbeats is
// dead: its socket is destroyed, the request fails, and the replication retries on a new one.
// Sockets waiting in the keep-alive pool are closed the same way, which costs nothing.
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import PouchDB from 'pouchdb';

/** How often the server is asked to write into a waiting `_changes` answer, for a given silence limit. */
export function heartbeatFor(silenceLimitMs: number): number {
  return Math.max(50, Math.floor(silenceLimitMs / 4));
}

function limited(socket: Socket, silenceLimitMs: number): Socket {
  socket.setTimeout(silenceLimitMs, () => socket.destroy(new Error('The team server went silent on this connection.')));
  return socket;
}

class SilenceLimitedHttpAgent extends HttpAgent {
  silenceLimitMs = 60_000;
  override createConnection(...args: Parameters<HttpAgent['createConnection']>): ReturnType<HttpAgent['createConnection']> {
    return limited(super.createConnection(...args) as Socket, this.silenceLimitMs);
  }
}

class SilenceLimitedHttpsAgent extends HttpsAgent {
  silenceLimitMs = 60_000;
  override createConnection(...args: Parameters<HttpsAgent['createConnection']>): ReturnType<HttpsAgent['createConnection']> {
    return limited(super.createConnection(...args) as Socket, this.silenceLimitMs);
  }
}

/** A fetch for PouchDB's HTTP adapter whose connections end after `silenceLimitMs` without a byte either way. */
export function silenceLimitedFetch(silenceLimitMs: number): (input: string | Request, init?: RequestInit) => Promise<Response> {
  // `timeout` keeps the limit armed when Node's agent resets a socket's timeout (into and out of the
  // keep-alive pool); the agents' own sockets end on it (Node only reports it to the request, and
  // node-fetch does not listen).
  const http = new SilenceLimitedHttpAgent({ keepAlive: true, timeout: silenceLimitMs });
  const https = new SilenceLimitedHttpsAgent({ keepAlive: true, timeout: silenceLimitMs });
  http.silenceLimitMs = silenceLimitMs;
  https.silenceLimitMs = silenceLimitMs;
  // node-fetch (under PouchDB) takes `agent` as a function of the request's URL.
  const agent = (url: URL) => (url.protocol === 'https:' ? https : http);
  return (input, init) => PouchDB.fetch(input, { ...init, agent } as RequestInit);
}
