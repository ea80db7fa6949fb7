// The short version of `npm run bench:store` in `npm test`: the same steps on 2,000 comments, so
// the benchmark keeps working; it asserts what was measured, never how fast.
import { describe, expect, it } from 'vitest';
import { storeSection } from '../../bench/store/report.ts';
import { runStoreBench } from '../../bench/store/runStoreBench.ts';

describe('the store benchmark, small', () => {
  it('measures every figure of the issue on a small load and renders its section', () => {
    const figures = runStoreBench({ comments: 2000, posts: 60, ingestRuns: 1, opens: 2, queryRepeat: 1, confSeconds: 0.5, messages: 1000 });
    expect(figures.comments).toBe(2000);
    expect(figures.reingestUnchanged).toBe(2000);
    expect(figures.worker.pages.runs).toBe(90);
    expect(figures.worker.averageRows).toBeGreaterThan(5);
    expect(figures.worker.searches.runs).toBe(56);
    expect(figures.worker.averageSearchRows).toBeGreaterThan(1);
    expect(figures.worker.rssBytes).toBeGreaterThan(0);
    expect(figures.messages.count).toBe(1000);
    expect(figures.messages.ingest.runs).toBe(1);
    expect(figures.messages.reingestUnchanged).toBe(1000);
    expect(figures.messages.byConversation?.batches).toBe(100);
    expect(figures.messages.listingBatches).toBeGreaterThan(0);
    expect(figures.worker.kindPages.runs).toBe(60);
    expect(figures.worker.averageKindRows).toBeGreaterThan(5);
    expect(figures.worker.messageSearches.runs).toBe(27);
    expect(figures.worker.averageMessageSearchRows).toBeGreaterThan(1);
    expect(figures.conf.batchesDone).toBeGreaterThan(0);
    expect(figures.conf.pages.runs).toBeGreaterThan(0);
    const section = storeSection(figures, 'test machine', '2026-01-01');
    expect(section).toMatch(/^## Store \(npm run bench:store\)/);
    expect(section).not.toMatch(/NaN|undefined/);
  }, 60_000);
});
