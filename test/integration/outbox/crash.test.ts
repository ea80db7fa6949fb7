// The crash test's short version, inside `npm test`: a child process draining replies and direct
// messages is killed with SIGKILL at random moments (12 kills), restarted each time; at the end
// every write is in the sandbox's ledger exactly once and `sent` in the outbox. The full run (100+
// kills, 50 writes) is `npm run test:crash`.
import { describe, expect, it } from 'vitest';
import { runCrashTest } from '../../crash/crashDriver.ts';

describe('crash', () => {
  it('delivers every reply and direct message exactly once although the process draining them is killed 12 times', async () => {
    const report = await runCrashTest({ kills: 12, replies: 12, messageEvery: 2, timeLimitMs: 60_000, finalDrainMs: 30_000 });
    expect(report.problems, `seed ${report.seed}`).toEqual([]);
    expect(report.killsWhileDraining).toBeGreaterThanOrEqual(12);
    expect(report.sent).toBe(report.replies);
    expect(report.ledgerReplies).toBe(report.replies);
    expect(report.messages).toBeGreaterThanOrEqual(6);
    expect(report.ok).toBe(true);
  }, 90_000);
});
