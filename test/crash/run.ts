// npm run test:crash: the full crash test (at least 100 kills while 50 writes drain: replies, and
// every third a direct message). Prints the report; exits 1 when a write was lost, made twice, or
// not recorded as sent.
//   CRASH_KILLS, CRASH_REPLIES, CRASH_SEED override the defaults (e.g. to repeat a failed run).
import { runCrashTest } from './crashDriver.ts';

const kills = Number(process.env.CRASH_KILLS ?? 100);
const replies = Number(process.env.CRASH_REPLIES ?? 50);
const seed = process.env.CRASH_SEED === undefined ? undefined : Number(process.env.CRASH_SEED);

const report = await runCrashTest({
  kills,
  replies,
  ...(seed === undefined ? {} : { seed }),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(report, null, 2));
console.log(
  report.ok
    ? `PASS: ${report.replies} writes (${report.messages} direct messages), each in the ledger exactly once and sent in the outbox, after ${report.kills} kills (${report.killsWhileDraining} while draining, ${report.killsBeforeReady} during start-up; ${report.killsMidSend} left a write in flight on disk) in ${(report.durationMs / 1000).toFixed(1)} s`
    : `FAIL (seed ${report.seed}): ${report.problems.join('; ')}`,
);
process.exit(report.ok ? 0 : 1);
