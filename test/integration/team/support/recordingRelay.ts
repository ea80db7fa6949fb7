// A TCP relay on 127.0.0.1 in front of the sync server, for the team's replication tests: it keeps
// the plain-HTTP request lines it relays (to see where a replication reads from after a restart),
// and can hold each chunk a while in both directions, a slow link, so that a replication of a few
// thousand changes is still under way when a test closes or kills a device.
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RecordingRelay {
  /** `http://127.0.0.1:<port>` of the relay. */
  url: string;
  /** Request lines ("GET /agency/_changes?…") relayed since the last `clear()`. */
  requests(): string[];
  clear(): void;
  /** Holds everything (both ways, connections stay open) until `release()`: a device that cannot get through. */
  hold(): void;
  release(): void;
  /** Lets everything through until a request line matches `line`; holds that request, and all after it, until `release()`. */
  holdAt(line: RegExp): void;
  /** The connections open now go silent for good (nothing through, never closed); new ones work: a link that died without a reset. */
  stallOpen(): void;
  stop(): Promise<void>;
}

/** `serverPort` is asked at each connection: a server restarted on another port is followed. */
export async function startRecordingRelay(serverPort: () => number, options: { chunkDelayMs?: number } = {}): Promise<RecordingRelay> {
  let requests: string[] = [];
  const open = new Set<Socket>();
  const delay = options.chunkDelayMs ?? 0;
  let released = Promise.resolve();
  let release: () => void = () => undefined;
  const links = new Set<{ stalled: boolean }>();
  let holdAtLine: RegExp | undefined;
  const hold = () => {
    released = new Promise((done) => (release = done));
  };

  /**
   * Forwards `from` to `to` in order. With a delay, each chunk waits before it goes, and so do the
   * end and the close of `from` (a server that answers and closes must not cut its answer short).
   */
  function forward(link: { stalled: boolean }, from: Socket, to: Socket, onChunk?: (chunk: Buffer) => void): void {
    let queue = Promise.resolve();
    const later = (step: () => void) => {
      queue = queue
        .then(() => released)
        .then(() => (link.stalled ? new Promise<void>(() => undefined) : undefined))
        .then(() => (delay === 0 ? undefined : new Promise((done) => setTimeout(done, delay))))
        .then(step);
    };
    from.on('data', (chunk: Buffer) => {
      onChunk?.(chunk);
      from.pause();
      later(() => {
        if (!to.destroyed) to.write(chunk);
        from.resume();
      });
    });
    from.on('end', () => later(() => to.end()));
    from.on('close', () => later(() => to.destroy()));
  }

  const server = createServer((client) => {
    const upstream = connect(serverPort(), '127.0.0.1');
    const link = { stalled: false };
    links.add(link);
    upstream.on('close', () => links.delete(link));
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    // Seen as it arrives, before it is forwarded: a hold set here holds this very chunk.
    forward(link, client, upstream, (chunk) => {
      const lines = chunk.toString('latin1').match(/^[A-Z]+ \/\S*/gm) ?? [];
      requests.push(...lines);
      if (holdAtLine && lines.some((line) => holdAtLine?.test(line))) {
        holdAtLine = undefined;
        hold();
      }
    });
    forward(link, upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    clear() {
      requests = [];
    },
    hold,
    holdAt(line) {
      holdAtLine = line;
    },
    release: () => release(),
    stallOpen() {
      for (const link of links) link.stalled = true;
    },
    async stop() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
