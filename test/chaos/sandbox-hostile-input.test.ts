// Hostile input to the sandbox program, run in its own process (as `npm run sandbox` runs it), so a
// call that made it spin shows here as a request that never got its answer, not as a frozen test
// runner: X conversation ids that collide, a person whose X id is not a number, and a declared
// body over the limit written by Node's http.request (which must read the 413, not EPIPE).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SANDBOX_CLI = fileURLToPath(new URL('../../src/sandbox/cli.ts', import.meta.url));
const KEY = 'sandbox-key';
/** A guard against a hang, not a speed target: an answer that does not come is the failure. */
const ANSWER_WITHIN_MS = 15_000;
const MB = 1024 * 1024;

let child: ChildProcess;
let origin: string;

/** A sandbox program of its own for each group below: one that spins takes no other test with it. */
function sandboxProgramPerGroup(): void {
  beforeAll(async () => {
    child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', SANDBOX_CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const found = /(http:\/\/127\.0\.0\.1:\d+)\/api/.exec(String(chunk));
    if (!found?.[1]) throw new Error(`the sandbox printed no address: ${String(chunk)}`);
    origin = found[1];
  });
  afterAll(() => {
    // SIGKILL: a sandbox spinning at 100 % CPU would not act on SIGTERM.
    child.kill('SIGKILL');
  });
}

async function control(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${origin}/__sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  return { status: response.status, json: await response.json() };
}

interface ViewConversation {
  profileRefId: string;
  platform: string;
  conversationId: string;
  recipientId: string;
}

/** A profile's X user id, read off one of its seeded X conversations ("<a>-<b>", one of them the person). */
function xAccountIds(conversations: ViewConversation[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const c of conversations) {
    if (c.platform !== 'twitter') continue;
    const other = c.conversationId.split('-').find((part) => part !== c.recipientId);
    if (other) ids.set(c.profileRefId, other);
  }
  return ids;
}

describe('X conversation ids (the two user ids joined)', () => {
  sandboxProgramPerGroup();

  it('a person whose id is another profile’s X account, writing back, is refused with 409 and the sandbox keeps serving', async () => {
    const world = await control('GET', '/world');
    expect(world.status).toBe(200);
    const accounts = [...xAccountIds(world.json.conversations as ViewConversation[])];
    expect(accounts.length).toBeGreaterThanOrEqual(2);
    const [[profileA, userA], [profileB, userB]] = accounts as [[string, string], [string, string]];

    // Y (whose X id is B's account) writes to A: the conversation "A-B" (smaller first) is A's.
    const first = await control('POST', '/messages', {
      profileRefId: profileA,
      platform: 'twitter',
      from: { id: userB, name: 'Person Y' },
      message: 'Hello A',
    });
    expect(first.status).toBe(200);
    // X (whose X id is A's account) writes to B: the same two ids joined, the same conversation id.
    const second = await control('POST', '/messages', {
      profileRefId: profileB,
      platform: 'twitter',
      from: { id: userA, name: 'Person X' },
      message: 'Hello B',
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ status: 'error', code: 117 });
    expect(second.json.message).toContain(first.json.conversationId);

    // Still serving, and nothing half-made was kept.
    const after = await control('GET', '/world');
    expect(after.status).toBe(200);
    const clashing = (after.json.conversations as ViewConversation[]).filter((c) => c.conversationId === first.json.conversationId);
    expect(clashing.map((c) => c.profileRefId)).toEqual([profileA]);
  });
});

describe('a person id that is not an X user id', () => {
  sandboxProgramPerGroup();

  it.each(['not-a-number', '12ab', '', ' 123', '1e9', '-5', '0x1F', '12345678901234567890123'])(
    'from.id %j on twitter is 400 with code 105, and the sandbox keeps serving',
    async (id) => {
      const world = await control('GET', '/world');
      const [[profileRefId]] = [...xAccountIds(world.json.conversations as ViewConversation[])] as [[string, string]];
      const reply = await control('POST', '/messages', { profileRefId, platform: 'twitter', from: { id, name: 'Someone' }, message: 'Hi' });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 105 });
      expect(reply.json.message).toMatch(/from\.id/);
      expect((await control('GET', '/world')).status).toBe(200);
    },
  );
});

/**
 * Node's http.request writing the whole body (as a client does), then reading the answer, on a
 * connection of its own that the client closes after it (`Connection: close`, no agent): the case
 * where a server that answered early closed the socket under the client's writes (EPIPE).
 */
function postBody(path: string, bytes: number): Promise<{ status: number; json: any; error?: string }> {
  return new Promise((resolve) => {
    let answer: { status: number; json: any } | undefined;
    let error: string | undefined;
    const req = request(
      `${origin}${path}`,
      { method: 'POST', agent: false, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'content-length': String(bytes) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (answer = { status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.setTimeout(ANSWER_WITHIN_MS, () => req.destroy(new Error('no answer')));
    req.on('error', (caught: NodeJS.ErrnoException) => (error ??= caught.code ?? caught.message));
    // Settled once the request is over either way, so an EPIPE after the answer counts too.
    req.on('close', () => resolve({ ...(answer ?? { status: 0, json: null }), ...(error ? { error } : {}) }));
    // In pieces, as a client streaming a file does.
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let left = bytes;
    const write = () => {
      while (left > 0 && !req.destroyed) {
        const size = Math.min(piece.length, left);
        left -= size;
        if (!req.write(piece.subarray(0, size))) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('a declared body over the 1 MB limit', () => {
  sandboxProgramPerGroup();

  it.each(['/api/post', '/__sandbox/messages'])('on %s: a client writing 2, 8 or 32 MB reads the 413 (code 132), with no EPIPE', async (path) => {
    for (const size of [2 * MB, 8 * MB, 32 * MB]) {
      for (let round = 0; round < 3; round++) {
        const reply = await postBody(path, size);
        expect(reply).toMatchObject({ status: 413, json: { status: 'error', code: 132 } });
        expect(reply.error).toBeUndefined();
      }
    }
    expect((await control('GET', '/world')).status).toBe(200);
  });
});
