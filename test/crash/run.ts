// npm run test:crash: the full crash test (at least 100 kills while 50 writes drain: replies, and
// every third a direct message), once in each settle mode: the built-in sandbox account's rules
// (an unknown outcome settled at once) and a real service account's (the 11-minute window, on a
// simulated clock). Prints each report; exits 1 when a write was lost, made twice, or not recorded
// as sent in either.
//   CRASH_KILLS, CRASH_REPLIES, CRASH_SEED override the defaults (e.g. to repeat a failed run);
//   CRASH_SETTLE=sandbox or service runs one mode only.
import type { SettleMode } from './drainChild.ts';
import { runCrashTest } from './crashDriver.ts';

const kills = Number(process.env.CRASH_KILLS ?? 100);
const replies = Number(process.env.CRASH_REPLIES ?? 50);
const seed = process.env.CRASH_SEED === undefined ? undefined : Number(process.env.CRASH_SEED);
const only = process.env.CRASH_SETTLE;
const modes: SettleMode[] = only === 'sandbox' || only === 'service' ? [only] : ['sandbox', 'service'];

let allOk = true;
for (const settle of modes) {
  const report = await runCrashTest({
    kills,
    replies,
    settle,
    ...(seed === undefined ? {} : { seed }),
    log: (line) => console.log(`[${settle}] ${line}`),
  });
  console.log(JSON.stringify(report, null, 2));
  console.log(
    report.ok
      ? `PASS (${settle} settle rules): ${report.replies} writes (${report.messages} direct messages, ${report.reviews} replies to reviews), each in the ledger exactly once and sent in the outbox, after ${report.kills} kills (${report.killsWhileDraining} while draining, ${report.killsBeforeReady} during start-up; ${report.killsMidSend} left a write in flight on disk; ${report.settleWaits} writes waited out the settle window; ${report.simulatedMinutes} simulated minutes) in ${(report.durationMs / 1000).toFixed(1)} s`
      : `FAIL (${settle} settle rules, seed ${report.seed}): ${report.problems.join('; ')}`,
  );
  allOk &&= report.ok;
}
process.exit(allOk ? 0 : 1);
