// Merging analytics batches: one result per id in the order asked; code 186 is "not found for
// this account" for that id alone; a failed batch fails only its own ids.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeBatches, outcomesOf } from '../../../src/main/core/service/analyticsResults.ts';
import { NetworkError } from '../../../src/main/core/service/errors.ts';
import { AnalyticsBySocialIdsResponseSchema, type AnalyticsBySocialIdsResponse } from '../../../src/shared/wire/analytics.ts';

const entry = (id: string) => ({
  id,
  postUrl: `https://x.com/a/status/${id}`,
  analytics: { publicMetrics: { likeCount: 1 } },
  lastUpdated: '2026-05-01T12:00:00.000Z',
  nextUpdate: '2026-05-01T12:10:00.000Z',
});
const notFound = (id: string) => ({ action: 'post', status: 'error', code: 186, message: `Post id ${id} not found`, id, platform: 'twitter' });
const answer = (body: unknown): AnalyticsBySocialIdsResponse => AnalyticsBySocialIdsResponseSchema.parse(body);

describe('outcomesOf', () => {
  it('a partial answer: found ids and 186 errors', () => {
    const outcomes = outcomesOf('twitter', answer({ status: 'partial', code: 200, twitter: [entry('1')], errors: [notFound('2')] }));
    expect(outcomes.get('1')?.status).toBe('found');
    expect(outcomes.get('2')).toEqual({ id: '2', status: 'not-found', message: 'Post id 2 not found' });
  });

  it('every id unknown (the 400 body): not-found entries under the platform key', () => {
    const single = outcomesOf('twitter', answer({ status: 'error', code: 186, message: 'm', twitter: notFound('9') }));
    expect(single.get('9')?.status).toBe('not-found');
    const many = outcomesOf('twitter', answer({ status: 'error', code: 186, twitter: [notFound('8'), notFound('9')], errors: [notFound('8'), notFound('9')] }));
    expect([...many.values()].map((o) => o.status)).toEqual(['not-found', 'not-found']);
  });

  it('another per-id code is a refusal with that code', () => {
    const outcomes = outcomesOf('twitter', answer({ status: 'partial', twitter: [], errors: [{ ...notFound('3'), code: 999, message: 'other' }] }));
    expect(outcomes.get('3')).toEqual({ id: '3', status: 'refused', code: 999, message: 'other' });
  });
});

describe('mergeBatches', () => {
  it('a failed batch fails its ids only; the others keep their results', () => {
    const error = new NetworkError('analyticsBySocialIds', 'lost', 'UND_ERR_SOCKET');
    const merged = mergeBatches('twitter', [
      { ids: ['1', '2'], outcome: { answer: answer({ status: 'partial', twitter: [entry('1')], errors: [notFound('2')] }) } },
      { ids: ['3'], outcome: { error } },
    ]);
    expect(merged.results.map((r) => [r.id, r.status])).toEqual([
      ['1', 'found'],
      ['2', 'not-found'],
      ['3', 'failed'],
    ]);
    expect(merged.requests).toBe(2);
  });

  it('an id the answer does not mention is reported, not dropped', () => {
    const merged = mergeBatches('twitter', [{ ids: ['1', '2'], outcome: { answer: answer({ status: 'success', twitter: [entry('1')] }) } }]);
    expect(merged.results[1]).toMatchObject({ id: '2', status: 'failed', message: "The service's answer did not mention post 2" });
  });

  it('for any split of ids into found and unknown, every id has exactly one result, in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(10_000).map(String), { minLength: 1, maxLength: 300 }), fc.func(fc.boolean()), (ids, known) => {
        const batches = [];
        for (let i = 0; i < ids.length; i += 100) {
          const chunk = ids.slice(i, i + 100);
          const found = chunk.filter((id) => known(id));
          const missing = chunk.filter((id) => !known(id));
          const body =
            found.length > 0
              ? { status: missing.length ? 'partial' : 'success', twitter: found.map(entry), errors: missing.map(notFound) }
              : { status: 'error', code: 186, twitter: missing.map(notFound) };
          batches.push({ ids: chunk, outcome: { answer: answer(body) } });
        }
        const merged = mergeBatches('twitter', batches);
        expect(merged.results.map((r) => r.id)).toEqual(ids);
        expect(merged.results.map((r) => r.status)).toEqual(ids.map((id) => (known(id) ? 'found' : 'not-found')));
      }),
    );
  });
});
