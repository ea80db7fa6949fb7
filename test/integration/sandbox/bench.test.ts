// The short version of `npm run bench:sandbox` (test/bench/sandbox-bench.ts): the same request,
// GET /comments/:id of a 200-comment post over keep-alive connections with autocannon, for about a
// second with few connections. It checks the answers only (every one 200 with the 200 comments);
// the speed is measured by the benchmark itself, never asserted here.
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareBenchTarget, type BenchTarget } from '../../bench/bench-target.ts';
import { openSandbox, type SandboxClient } from './harness.ts';

const COMMENTS = 200;
let client: SandboxClient;
let bench: BenchTarget;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000_000 });
  bench = await prepareBenchTarget(client.sandbox.url, client.sandbox.apiKey, COMMENTS);
});
afterAll(() => client.sandbox.close());

describe('GET /comments/:id under load (the benchmark, briefly): every answer is 200 with the 200 comments', () => {
  it('4 keep-alive connections for 1 s', async () => {
    let verified = 0;
    const result = await autocannon({
      url: bench.target,
      connections: 4,
      duration: 1,
      headers: bench.headers,
      verifyBody: (body) => {
        const json = JSON.parse(body) as Record<string, unknown>;
        const list = json[bench.platform];
        const ok = json.status === 'success' && Array.isArray(list) && list.length === COMMENTS;
        if (ok) verified++;
        return ok;
      },
    });
    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.mismatches).toBe(0);
    expect(verified).toBeGreaterThanOrEqual(result.requests.total);
  });
});
