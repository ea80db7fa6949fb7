// The web host's server: the built renderer and the bridge socket, on 127.0.0.1 only, behind the
// request guard (token, Host, Origin). It knows the core only as a BridgeDispatcher, so it serves
// whatever core it is given, and tests can give it a small one of their own.
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { LoggerPort } from '../core/ports.ts';
import type { BridgeDispatcher } from '../core/bridge/dispatcher.ts';
import { serveBridgeSocket } from './bridgeSocket.ts';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, policeConnections, serverTimeouts } from './connectionLimits.ts';
import { type GuardVerdict, newToken, REFUSAL_STATUS, type RefusalReason, RequestGuard, tokenCookie } from './requestGuard.ts';
import { BASE_HEADERS, contentSecurityPolicy } from './securityHeaders.ts';
import { openStaticFile, resolveStaticFile } from './staticFiles.ts';

/** Never anything else: the host runs the user's app with their keys, for this machine's browser only. */
export const WEB_HOST_ADDRESS = '127.0.0.1';
export const BRIDGE_PATH = '/bridge';
/** Large enough for the biggest input the contract allows (a 1 MB webhook body, JSON-escaped). */
const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export interface WebHostOptions {
  /** 0 takes a free port. */
  port: number;
  /** The built renderer: a folder with index.html. */
  rendererDir: string;
  dispatcher: BridgeDispatcher;
  logger: LoggerPort;
  /** Tests may fix it; by default a new random one per run. */
  token?: string;
  /** Tests make them small; by default DEFAULT_CONNECTION_LIMITS. */
  limits?: Partial<ConnectionLimits>;
}

export interface RunningWebHost {
  port: number;
  token: string;
  /** The page's address with the token: the one line the CLI prints. */
  url: string;
  /** Connections that have not shown the token yet (see connectionLimits.ts). */
  readonly waitingConnections: number;
  close(): Promise<void>;
}

const REFUSALS: Record<RefusalReason, string> = {
  'duplicate-host': 'Refused: a request may carry one Host header only.',
  'url-too-long': 'Refused: that address is too long.',
  'foreign-host': 'Refused: this server answers only to 127.0.0.1 and localhost on its own port.',
  'foreign-origin': 'Refused: requests from other sites are not allowed.',
  'no-token': 'Refused: open the address that `npm run web` printed; it carries the token.',
  'wrong-token': "Refused: the token is not this run's; open the address that `npm run web` printed.",
};

export async function startWebHost(options: WebHostOptions): Promise<RunningWebHost> {
  const token = options.token ?? newToken();
  const { dispatcher, logger, rendererDir } = options;
  // Set once the port is known (a request cannot arrive before the server listens).
  let guard: RequestGuard | undefined;
  let port = 0;

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  sockets.on('connection', (socket) => serveBridgeSocket(socket, dispatcher, logger));

  const limits: ConnectionLimits = { ...DEFAULT_CONNECTION_LIMITS, ...options.limits };
  const server = createServer(serverTimeouts(limits), (request, response) => {
    const verdict = guard?.check(request);
    if (!verdict?.allowed) {
      refuseRequest(response, verdict);
      return;
    }
    police.authenticated(request.socket);
    serveFile(request, response);
  });
  const police = policeConnections(server, limits);

  function refuseRequest(response: ServerResponse, verdict: GuardVerdict | undefined): void {
    const reason = verdict && !verdict.allowed ? verdict.reason : 'no-token';
    logger.warn('web host: refused a request', { reason });
    response.writeHead(REFUSAL_STATUS[reason], { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end(`${REFUSALS[reason]}\n`);
  }

  function serveFile(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...BASE_HEADERS, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed.\n');
      return;
    }
    const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
    if (pathname === BRIDGE_PATH) {
      response.writeHead(426, { ...BASE_HEADERS, upgrade: 'websocket', 'content-type': 'text/plain; charset=utf-8' }).end('The bridge is a WebSocket.\n');
      return;
    }
    const file = resolveStaticFile(rendererDir, pathname);
    if (!file) {
      response.writeHead(404, { ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    const headers: Record<string, string> = { ...BASE_HEADERS, 'content-type': file.contentType, 'content-length': String(file.size) };
    if (file.isHtml) {
      headers['content-security-policy'] = contentSecurityPolicy(port);
      // The page's scripts and styles are fetched without `?token=`: the cookie carries it for them.
      headers['set-cookie'] = tokenCookie(port, token);
    }
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const stream = openStaticFile(file);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy()); // A page that vanished mid-handshake is no fault of ours.
    const verdict = guard?.check(request);
    if (!verdict?.allowed) {
      const reason = verdict && !verdict.allowed ? verdict.reason : 'no-token';
      logger.warn('web host: refused a socket', { reason });
      refuseUpgrade(socket, REFUSAL_STATUS[reason], REFUSALS[reason]);
      return;
    }
    if ((request.url ?? '/').split('?', 1)[0] !== BRIDGE_PATH) {
      refuseUpgrade(socket, 404, 'The bridge is at /bridge.');
      return;
    }
    // The bridge socket is often idle for long: it must not be closed as a waiting connection.
    police.authenticated(request.socket);
    sockets.handleUpgrade(request, socket, head, (webSocket) => sockets.emit('connection', webSocket, request));
  });

  // A broken client connection (reset, bad HTTP) must not take the host down.
  server.on('clientError', (_error, socket: Socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, WEB_HOST_ADDRESS, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  guard = new RequestGuard(port, token);

  let closing: Promise<void> | undefined;
  return {
    port,
    token,
    url: `http://${WEB_HOST_ADDRESS}:${port}/?token=${token}`,
    get waitingConnections() {
      return police.waiting;
    },
    close() {
      closing ??= (async () => {
        for (const client of sockets.clients) client.terminate();
        await new Promise<void>((resolve) => sockets.close(() => resolve()));
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
