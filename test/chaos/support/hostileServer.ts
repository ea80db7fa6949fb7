// A tiny hostile "service" on 127.0.0.1 for the client's chaos tests and the hostile-answers
// benchmark: whatever sits between the app and the service (a captive portal, a proxy, a CDN, a
// broken or malicious server) answering in its place. Each behaviour is one named mode; `pass`
// forwards to a real upstream (the sandbox) byte for byte, so a test can turn the hostility off and
// watch what the outbox does next. Not the sandbox: the sandbox is the service as it should be.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

export type HostileMode =
  /** A captive portal or proxy login page: 200, text/html. */
  | { kind: 'html-200' }
  /** Any status and body, with the content type given (JSON of the wrong shape, wrong content type). */
  | { kind: 'canned'; status: number; contentType: string; body: string }
  /** `depth` nested arrays, as application/json. */
  | { kind: 'deep-json'; depth: number }
  /** A JSON answer cut in the middle: the connection closes before the announced length. */
  | { kind: 'truncated' }
  /** A body of `inflatedBytes` spaces, compressed with gzip or br on the fly (a decompression bomb). */
  | { kind: 'bomb'; encoding: 'gzip' | 'br'; inflatedBytes: number }
  /** A body compressed beforehand (a bomb made once, served many times: the benchmark's). */
  | { kind: 'encoded'; encoding: 'gzip' | 'br'; body: Buffer }
  /** A plain JSON-looking body of `bytes`, streamed. */
  | { kind: 'huge'; bytes: number }
  /** Headers at once, then one byte every `everyMs`, forever (an idle timeout never fires). */
  | { kind: 'trickle'; everyMs: number }
  /** A redirect to `location` (another host, or this server again: a loop). */
  | { kind: 'redirect'; status: number; location: string }
  /** Forwarded to the upstream, untouched. */
  | { kind: 'pass' };

export interface HostileServer {
  /** The base URL to give the client, ending in /api like the service's. */
  readonly baseUrl: string;
  readonly origin: string;
  mode: HostileMode;
  /** Requests received so far, by method and path. */
  readonly requests: { method: string; path: string }[];
  /** Bytes of body written to clients so far (on the wire, compressed when compressed). */
  readonly bytesWritten: () => number;
  /** Answers whose connection the client closed before the server finished them. */
  readonly cutShort: () => number;
  close(): Promise<void>;
}

const CHUNK = 64 * 1024;

export async function startHostileServer(options: { mode: HostileMode; upstream?: string }): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let written = 0;
  let cut = 0;
  const state = { mode: options.mode };
  const requests: { method: string; path: string }[] = [];

  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '' });
    // Reads the request body whatever the mode, so a POST is complete before the answer starts.
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => answer(state.mode, req, res, Buffer.concat(body)));
    req.on('error', () => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function answer(mode: HostileMode, req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    res.on('error', () => undefined);
    res.on('close', () => {
      if (!res.writableFinished) cut++;
    });
    switch (mode.kind) {
      case 'html-200':
        send(res, 200, 'text/html; charset=utf-8', '<!doctype html><html><body><h1>Welcome to Airport Wi-Fi</h1><a href="/login">Log in</a></body></html>');
        return;
      case 'canned':
        send(res, mode.status, mode.contentType, mode.body);
        return;
      case 'deep-json':
        send(res, 200, 'application/json; charset=utf-8', '['.repeat(mode.depth) + ']'.repeat(mode.depth));
        return;
      case 'truncated': {
        const text = '{"status":"success","commentId":"c-1","facebook":{"status":"success","comm';
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length + 200) });
        res.write(text);
        written += text.length;
        setTimeout(() => res.destroy(), 20);
        return;
      }
      case 'bomb':
        bomb(res, mode.encoding, mode.inflatedBytes);
        return;
      case 'encoded':
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': mode.encoding, 'content-length': String(mode.body.length) });
        res.end(mode.body);
        written += mode.body.length;
        return;
      case 'huge':
        huge(res, mode.bytes);
        return;
      case 'trickle':
        trickle(res, mode.everyMs);
        return;
      case 'redirect':
        res.writeHead(mode.status, { location: mode.location, 'content-type': 'text/html', 'content-length': '0' });
        res.end();
        return;
      case 'pass':
        pass(req, res, body);
        return;
    }
  }

  function send(res: ServerResponse, status: number, contentType: string, text: string): void {
    const bytes = Buffer.from(text);
    res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length) });
    res.end(bytes);
    written += bytes.length;
  }

  function bomb(res: ServerResponse, encoding: 'gzip' | 'br', inflatedBytes: number): void {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
    // Fast settings: the point is the ratio, not the compressor's best effort.
    const compressor = encoding === 'gzip' ? createGzip({ level: 1 }) : createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    compressor.on('data', (chunk: Buffer) => {
      written += chunk.length;
      if (!res.write(chunk)) compressor.pause();
    });
    res.on('drain', () => compressor.resume());
    compressor.on('end', () => res.end());
    res.on('close', () => compressor.destroy());
    const spaces = Buffer.alloc(CHUNK, 0x20);
    let left = inflatedBytes;
    const feed = (): void => {
      while (left > 0 && !res.destroyed) {
        const size = Math.min(CHUNK, left);
        left -= size;
        if (!compressor.write(size === CHUNK ? spaces : spaces.subarray(0, size))) {
          compressor.once('drain', feed);
          return;
        }
      }
      if (!res.destroyed) compressor.end();
    };
    feed();
  }

  function huge(res: ServerResponse, bytes: number): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    const filler = Buffer.alloc(CHUNK, 0x20);
    let left = bytes;
    const feed = (): void => {
      while (left > 0 && !res.destroyed) {
        const size = Math.min(CHUNK, left);
        left -= size;
        written += size;
        if (!res.write(size === CHUNK ? filler : filler.subarray(0, size))) {
          res.once('drain', feed);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    feed();
  }

  function trickle(res: ServerResponse, everyMs: number): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    written += 1;
    const timer = setInterval(() => {
      if (res.destroyed) {
        clearInterval(timer);
        timers.delete(timer);
        return;
      }
      res.write(' ');
      written += 1;
    }, everyMs);
    timers.add(timer);
    res.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  }

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    if (!options.upstream) {
      send(res, 502, 'text/plain', 'no upstream');
      return;
    }
    const upstream = new URL(options.upstream);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    forward.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/api`,
    origin,
    get mode() {
      return state.mode;
    },
    set mode(mode: HostileMode) {
      state.mode = mode;
    },
    requests,
    bytesWritten: () => written,
    cutShort: () => cut,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
