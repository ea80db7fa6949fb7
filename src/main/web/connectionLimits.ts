// How long, and how many, connections may stay open without showing the run's token. Node's HTTP
// server keeps an idle or trickling connection for minutes (headersTimeout 60 s, requestTimeout
// 300 s, checked only every 30 s) and accepts any number of them, so any local program could hold
// the host's sockets and memory by opening connections and sending nothing, or a header a byte at
// a time (slowloris). The page itself shows the token in its first request (the query or the
// cookie) and its bridge socket's handshake, a few milliseconds after connecting; so a connection
// is "waiting" from its first byte until a request on it passes the guard, and only waiting ones
// are dropped and capped. A connection that passed is the page's: Node's keep-alive rules apply.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** A connection that has not shown the token within this is closed, whatever it is sending. */
  unauthenticatedMs: number;
  /** At most this many such connections at once; a new one beyond it closes the oldest. */
  maxUnauthenticated: number;
  /** Every connection, the page's included (a tab uses about 7: 6 for files, 1 for the bridge). */
  maxConnections: number;
  /** Per request, the page's too: loopback delivers a header in microseconds. */
  headersTimeoutMs: number;
  /** The whole request: the host takes only GET and HEAD, which have no body to wait for. */
  requestTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  unauthenticatedMs: 10_000,
  maxUnauthenticated: 32,
  maxConnections: 256,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
};

/** What createServer must be given for Node's own timeouts to be checked often enough to matter. */
export function serverTimeouts(limits: ConnectionLimits): { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } {
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeout = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
  return { headersTimeout, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: Math.min(1_000, headersTimeout) };
}

export interface ConnectionPolice {
  /** A request on this connection passed the guard: it is the page's now. */
  authenticated(socket: Socket): void;
  /** Connections waiting now (for tests and the log). */
  readonly waiting: number;
}

export function policeConnections(server: Server, limits: ConnectionLimits): ConnectionPolice {
  server.maxConnections = limits.maxConnections;
  // Insertion order is age order: the first entry is the oldest waiting connection.
  const waiting = new Map<Socket, NodeJS.Timeout>();

  const release = (socket: Socket): void => {
    const timer = waiting.get(socket);
    if (timer === undefined) return;
    clearTimeout(timer);
    waiting.delete(socket);
  };

  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => {
      release(socket);
      socket.destroy();
    }, limits.unauthenticatedMs);
    timer.unref();
    waiting.set(socket, timer);
    socket.once('close', () => release(socket));
    // The oldest goes rather than the newest: the page's fresh connection shows the token at once,
    // while a program holding connections open would otherwise keep the page out.
    while (waiting.size > limits.maxUnauthenticated) {
      const oldest = waiting.keys().next().value as Socket;
      release(oldest);
      oldest.destroy();
    }
  });

  return {
    authenticated: release,
    get waiting() {
      return waiting.size;
    },
  };
}
