// The person's picture, fetched by main: a real HTTP server on loopback stands in for the network's
// CDN (plain http, which only a test may allow), and a real store holds the conversations whose
// picture addresses point at it. Each limit is seen refusing, beside a picture that passes them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AddressPolicy, classifyAddress } from '../../../src/main/core/app/addressPolicy.ts';
import { PersonPictures, type PersonPicturesOptions } from '../../../src/main/core/app/personPictures.ts';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { dm } from '../../unit/store/messageFixtures.ts';
import { FakeClock, seeded, type TempStore } from '../../unit/store/storeFixtures.ts';

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const KIB = 1024;

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const routes: Record<string, Route> = {
  '/picture.png': (_, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
    response.end(PNG);
  },
  // 300 KiB in chunks, with no length given: only reading the stream can tell it is too big.
  '/big.png': (_, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.write(PNG.subarray(0, 8));
    const chunk = Buffer.alloc(16 * KIB, 7);
    let sent = 0;
    const more = () => {
      while (sent < 300 * KIB && !response.destroyed) {
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    more();
  },
  '/page.png': (_, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(PNG);
  },
  '/fake.png': (_, response) => {
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end('<html><body>not a picture</body></html>');
  },
  '/fake.jpg': (_, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.end(PNG);
  },
  '/moved': (_, response) => {
    response.writeHead(302, { location: '/picture.png' });
    response.end();
  },
  // To the same picture on the IPv6 loopback server (its port is known once it listens).
  '/to-v6': (_, response) => {
    response.writeHead(302, { location: `${baseV6}/picture.png` });
    response.end();
  },
  '/to-http': (_, response) => {
    response.writeHead(302, { location: 'http://pictures.example/picture.png' });
    response.end();
  },
  '/missing.png': (_, response) => {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('no');
  },
  // Takes the request and never answers.
  '/never.png': () => {},
};

let server: Server;
let serverV6: Server;
let base = '';
let baseV6 = '';
let port = 0;
/** Requests that reached the 127.0.0.1 server, and the [::1] one. */
const requests: string[] = [];
const requestsV6: string[] = [];

function startServer(host: string, seen: string[]): Promise<Server> {
  const started = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    seen.push(path);
    const route = routes[path];
    if (route) route(request, response);
    else response.writeHead(404).end();
  });
  return new Promise((resolve) => started.listen(0, host, () => resolve(started)));
}

beforeAll(async () => {
  server = await startServer('127.0.0.1', requests);
  serverV6 = await startServer('::1', requestsV6);
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  baseV6 = `http://[::1]:${(serverV6.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const running of [server, serverV6]) {
    running.closeAllConnections();
    await new Promise<void>((resolve) => running.close(() => resolve()));
  }
});

let temp: TempStore | undefined;
let serial = 0;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
  requests.length = 0;
  requestsV6.length = 0;
});

/** A real store with one conversation per picture address; answers their keys in the same order. */
function storeWith(...pictureUrls: (string | undefined)[]): { temp: TempStore; keys: string[] } {
  temp = seeded();
  const keys = pictureUrls.map((pictureUrl) => {
    serial += 1;
    const conversationId = `conv-picture-${serial}`;
    temp!.store.ingestMessages('p-1', [dm({ conversationId, senderId: `person-${serial}`, personPictureUrl: pictureUrl })]);
    return conversationKeyOf('instagram', conversationId);
  });
  return { temp, keys };
}

/** A test policy: loopback stands in for the internet (every other address by the default rules). */
const loopbackStandsIn: AddressPolicy = (address) => {
  const kind = classifyAddress(address);
  return kind === 'loopback' ? 'public' : kind;
};

function service(temp: TempStore, options: Partial<PersonPicturesOptions> = {}): PersonPictures {
  return new PersonPictures({ store: temp.store, allowLoopbackHttp: true, addressPolicy: loopbackStandsIn, ...options });
}

describe('person pictures fetched by main', () => {
  it('a PNG comes back as a data: URL of its bytes', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`);
    const answer = await service(temp).picture(keys[0]!);
    expect(answer).toEqual({ dataUrl: `data:image/png;base64,${PNG.toString('base64')}` });
    expect(requests).toEqual(['/picture.png']);
  });

  it('a redirect to another allowed address is followed', async () => {
    const { temp, keys } = storeWith(`${base}/moved`);
    expect((await service(temp).picture(keys[0]!)).dataUrl).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(requests).toEqual(['/moved', '/picture.png']);
  });

  it('a picture over the size limit is refused while it streams', async () => {
    const { temp, keys } = storeWith(`${base}/big.png`);
    expect(await service(temp).picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture is larger than 256 KiB' });
  });

  it('a body that is not an image type is refused, whatever its bytes', async () => {
    const { temp, keys } = storeWith(`${base}/page.png`);
    expect(await service(temp).picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture is not a PNG, JPEG, WebP or GIF image' });
  });

  it('bytes that do not match the declared type are refused', async () => {
    const { temp, keys } = storeWith(`${base}/fake.png`, `${base}/fake.jpg`);
    const pictures = service(temp);
    expect(await pictures.picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture’s bytes are not those of its type (image/png)' });
    expect(await pictures.picture(keys[1]!)).toEqual({ dataUrl: null, reason: 'The picture’s bytes are not those of its type (image/jpeg)' });
  });

  it('a redirect to plain http is refused without following it', async () => {
    const { temp, keys } = storeWith(`${base}/to-http`);
    expect(await service(temp).picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture’s server redirected to an address that is not https' });
    expect(requests).toEqual(['/to-http']);
  });

  it('a server that never answers is given up at the deadline', async () => {
    const { temp, keys } = storeWith(`${base}/never.png`);
    expect(await service(temp, { deadlineMs: 200 }).picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture’s server did not answer in time' });
    expect(requests).toEqual(['/never.png']);
  });

  it('an error status is an answer with the status, not a throw', async () => {
    const { temp, keys } = storeWith(`${base}/missing.png`);
    expect(await service(temp).picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture’s server answered 404' });
  });

  it('an address that is not https is refused without a request (unless a test allows loopback)', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`, 'ftp://127.0.0.1/picture.png', undefined);
    const pictures = service(temp, { allowLoopbackHttp: false });
    expect(await pictures.picture(keys[0]!)).toEqual({ dataUrl: null, reason: 'The picture’s address is not https' });
    expect(await service(temp).picture(keys[1]!)).toEqual({ dataUrl: null, reason: 'The picture’s address is not https' });
    expect(await pictures.picture(keys[2]!)).toEqual({ dataUrl: null, reason: 'The network gives no picture of this person' });
    expect(await pictures.picture(conversationKeyOf('twitter', 'not-in-the-store'))).toEqual({
      dataUrl: null,
      reason: 'The network gives no picture of this person',
    });
    expect(requests).toEqual([]);
  });

  it('a client whose service runs on this machine has its pictures left alone: no request', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`);
    const pictures = service(temp, { fetchesFor: () => false });
    expect(await pictures.picture(keys[0]!)).toEqual({
      dataUrl: null,
      reason: 'This client’s service runs on this machine: its people’s pictures are made up',
    });
    expect(requests).toEqual([]);
  });

  it('answers are remembered per address, failures too, until they expire', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`, `${base}/picture.png`, `${base}/missing.png`);
    const clock = new FakeClock();
    const pictures = service(temp, { now: () => clock.now() });
    const first = await pictures.picture(keys[0]!);
    // Another conversation with the same address, and the same one again: no request.
    expect(await pictures.picture(keys[1]!)).toEqual(first);
    expect(await pictures.picture(keys[0]!)).toEqual(first);
    expect((await pictures.picture(keys[2]!)).dataUrl).toBeNull();
    expect((await pictures.picture(keys[2]!)).dataUrl).toBeNull();
    expect(requests).toEqual(['/picture.png', '/missing.png']);
    // Ten minutes later both are asked again.
    clock.time += 10 * 60_000 + 1;
    await pictures.picture(keys[0]!);
    await pictures.picture(keys[2]!);
    expect(requests).toEqual(['/picture.png', '/missing.png', '/picture.png', '/missing.png']);
  });

  it('the cache is bounded: the least recently used address goes first', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`, `${base}/fake.png`, `${base}/missing.png`);
    const pictures = service(temp, { cacheEntries: 2 });
    await pictures.picture(keys[0]!);
    await pictures.picture(keys[1]!);
    await pictures.picture(keys[0]!); // picture.png is now the most recently used
    await pictures.picture(keys[2]!); // evicts fake.png
    await pictures.picture(keys[0]!);
    await pictures.picture(keys[1]!);
    expect(requests).toEqual(['/picture.png', '/fake.png', '/missing.png', '/fake.png']);
  });

  it('the address is logged without its path or query string', async () => {
    const { temp, keys } = storeWith(`${base}/never.png?sig=SECRET-SIGNATURE`);
    const lines: string[] = [];
    const logger = { warn: (message: string, detail?: Record<string, unknown>) => void lines.push(`${message} ${JSON.stringify(detail)}`), error: () => {} };
    await service(temp, { deadlineMs: 100, logger }).picture(keys[0]!);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(base);
    expect(lines[0]).not.toContain('SECRET-SIGNATURE');
    expect(lines[0]).not.toContain('never.png');
  });
});

describe('only servers on the internet are reached (the default address policy)', () => {
  const PNG_URL = `data:image/png;base64,${PNG.toString('base64')}`;
  const THIS_COMPUTER = 'The picture’s address leads to this computer, not to the internet';
  /** The default policy: what the app uses. Plain http is still allowed here (the servers have no TLS), so only the policy decides. */
  const defaultPolicy = (temp: TempStore) => new PersonPictures({ store: temp.store, allowLoopbackHttp: true });

  it('refuses 127.0.0.1, [::1] and a name resolving to loopback before any request, with the kind of address', async () => {
    const { temp, keys } = storeWith(`${base}/picture.png`, `${baseV6}/picture.png`, `http://localhost:${port}/picture.png`);
    const pictures = defaultPolicy(temp);
    for (const key of keys) expect(await pictures.picture(key)).toEqual({ dataUrl: null, reason: THIS_COMPUTER, refusedAddress: 'loopback' });
    expect(requests).toEqual([]);
    expect(requestsV6).toEqual([]);
  });

  it('refuses the other spellings of 127.0.0.1 (shorthand, hex, decimal, octal, IPv4-mapped IPv6)', async () => {
    const spellings = ['127.1', '0x7f.1', '0x7f000001', '2130706433', '0177.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]'];
    const { temp, keys } = storeWith(...spellings.map((host) => `http://${host}:${port}/picture.png`));
    const pictures = defaultPolicy(temp);
    for (const [i, key] of keys.entries()) {
      expect(await pictures.picture(key), spellings[i]).toEqual({ dataUrl: null, reason: THIS_COMPUTER, refusedAddress: 'loopback' });
    }
    expect(requests).toEqual([]);
  });

  it('refuses a redirect to loopback on the hop that would reach it', async () => {
    // 127.0.0.1 stands in for a CDN on the internet; [::1] is judged by the default rules.
    const cdnOnly: AddressPolicy = (address) => (address === '127.0.0.1' ? 'public' : classifyAddress(address));
    const { temp, keys } = storeWith(`${base}/to-v6`);
    expect(await service(temp, { addressPolicy: cdnOnly }).picture(keys[0]!)).toEqual({ dataUrl: null, reason: THIS_COMPUTER, refusedAddress: 'loopback' });
    expect(requests).toEqual(['/to-v6']);
    expect(requestsV6).toEqual([]);
  });

  it('with a policy that lets loopback stand in for the internet, the same addresses are fetched as before', async () => {
    const spellings = [
      `${baseV6}/picture.png`,
      `http://localhost:${port}/picture.png`,
      `http://0x7f000001:${port}/picture.png`,
      `http://[::ffff:127.0.0.1]:${port}/picture.png`,
    ];
    const { temp, keys } = storeWith(`${base}/to-v6`, ...spellings);
    const pictures = service(temp);
    for (const key of keys) expect((await pictures.picture(key)).dataUrl).toBe(PNG_URL);
    expect(requests).toEqual(['/to-v6', '/picture.png', '/picture.png', '/picture.png']);
    expect(requestsV6).toEqual(['/picture.png', '/picture.png']);
  });
});
