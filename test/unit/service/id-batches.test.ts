// Splitting analytics ids into requests: at most 100 per request, every distinct id exactly once,
// in the caller's order, and no more requests than needed (1,000 ids: 10 requests).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idBatches } from '../../../src/main/core/service/idBatches.ts';

describe('idBatches', () => {
  it('1,000 distinct ids make 10 requests of 100', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `id${i}`);
    const batches = idBatches(ids);
    expect(batches).toHaveLength(10);
    expect(batches.every((b) => b.length === 100)).toBe(true);
  });

  it('no ids make no requests', () => {
    expect(idBatches([])).toEqual([]);
  });

  it('holds every distinct id once, in order, in batches of at most 100, the fewest possible', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 450 }), (ids) => {
        const batches = idBatches(ids);
        const distinct = [...new Set(ids)];
        expect(batches.flat()).toEqual(distinct);
        expect(batches.every((b) => b.length >= 1 && b.length <= 100)).toBe(true);
        expect(batches.length).toBe(Math.ceil(distinct.length / 100));
      }),
    );
  });

  it('any batch size splits the same way', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(50).map(String), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (ids, size) => {
        const batches = idBatches(ids, size);
        expect(batches.flat()).toEqual([...new Set(ids)]);
        expect(batches.slice(0, -1).every((b) => b.length === size)).toBe(true);
      }),
    );
  });
});
