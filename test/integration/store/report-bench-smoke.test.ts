// The short version of `npm run bench:report` in `npm test`: the same steps on 2,000 comments, so
// the benchmark keeps working; it asserts what was measured, never how fast.
import { describe, expect, it } from 'vitest';
import { runReportBench } from '../../bench/report/runReportBench.ts';
import { reportSection } from '../../bench/report/section.ts';

describe('the client report benchmark, small', () => {
  it('times the report of one client and month on both shapes and renders its section', () => {
    const oneMonth = runReportBench({ comments: 2000, shape: 'one-month', runs: 2 });
    // Every comment by others was moved into the month: the report counts each once.
    expect(oneMonth.worker.received).toBe(oneMonth.othersComments);
    expect(oneMonth.worker.previousReceived).toBe(0);
    expect(oneMonth.addedReplies).toBeGreaterThan(0);
    expect(oneMonth.worker.outboxConfirmed).toBeGreaterThan(0);
    expect(oneMonth.worker.answered).toBeGreaterThan(oneMonth.worker.outboxConfirmed);
    expect(oneMonth.worker.report.runs).toBe(2);
    expect(oneMonth.request).toEqual({ profileId: 'profile-1', from: '2026-10-01', to: '2026-10-31' });

    const store = runReportBench({ comments: 2000, shape: 'store', runs: 2 });
    expect(store.worker.received).toBeGreaterThan(0);
    expect(store.worker.received).toBeLessThan(store.othersComments);
    expect(store.worker.answered).toBeGreaterThan(0);

    const section = reportSection(store, oneMonth, 'test machine', '2026-01-01', 'Before: none.');
    expect(section).toMatch(/^## Client report \(npm run bench:report\)/);
    expect(section).not.toMatch(/NaN|undefined/);
  }, 60_000);
});
