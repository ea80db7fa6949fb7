// A TCP proxy on 127.0.0.1 in front of one server, to make a real network partition in a test:
// cut() destroys every open connection and drops each new one as soon as it arrives (the client
// sees its connection reset, as when a laptop loses the network), heal() forwards again.
import { createServer, type Socket, connect } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>` of the proxy. */
  url: string;
  cut(): void;
  heal(): void;
  stop(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const server = createServer((client) => {
    if (isCut) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut() {
      isCut = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    heal() {
      isCut = false;
    },
    async stop() {
      isCut = true;
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
