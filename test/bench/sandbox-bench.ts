// npm run bench:sandbox: GET /comments/:id of a 200-comment post over 32 keep-alive connections.
// The sandbox runs in its own process (as `npm run sandbox` does), so the load generator does not
// share its event loop. Prints requests per second for each run and their median.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const COMMENTS = 200;

async function main(): Promise<void> {
  const child = spawn(process.execPath, ['src/sandbox/cli.ts', '--port', '0', '--rate-limit', '1000000000'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const url = /http:\/\/\S+\/api/.exec(line.toString())?.[0];
    if (!url) throw new Error(`sandbox printed no URL: ${line.toString()}`);
    const origin = url.replace(/\/api$/, '');
    const headers = { authorization: 'Bearer sandbox-key', 'content-type': 'application/json' };

    const post = await fetch(`${url}/post`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ post: 'Benchmark post', platforms: ['facebook'] }),
    }).then((r) => r.json() as Promise<{ id: string; postIds: { id: string }[] }>);
    const socialPostId = post.postIds[0]?.id;
    for (let i = 0; i < COMMENTS; i++) {
      const reply = await fetch(`${origin}/__sandbox/comments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ platform: 'facebook', socialPostId, comment: `Comment number ${i} on the benchmark post, with a few words more` }),
      });
      if (reply.status !== 200) throw new Error(`inject: HTTP ${reply.status}`);
    }
    const target = `${url}/comments/${post.id}`;
    const check = (await fetch(target, { headers }).then((r) => r.json())) as { facebook: unknown[] };
    if (check.facebook.length !== COMMENTS) throw new Error(`expected ${COMMENTS} comments, got ${check.facebook.length}`);

    // Warm-up, not counted.
    await autocannon({ url: target, connections: CONNECTIONS, duration: 2, headers });
    const rates: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await autocannon({ url: target, connections: CONNECTIONS, duration: SECONDS, headers });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`run ${run}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      rates.push(result.requests.average);
      console.log(
        `run ${run}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
      );
    }
    const median = [...rates].sort((a, b) => a - b)[Math.floor(rates.length / 2)] ?? 0;
    console.log(
      `GET /comments/:id (${COMMENTS} comments, ${CONNECTIONS} keep-alive connections): median ${median.toFixed(0)} req/s over ${RUNS} runs of ${SECONDS} s`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
