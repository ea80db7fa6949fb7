// The `_bulk_get` reader (issue 28, item 8): a result over the per-document limit is left out as it
// streams past (its id reported, an empty result in its place), the others come through exactly,
// wherever the chunks split the text (inside a string, an escape, a multi-byte character), and a
// brace or quote inside a string never confuses it. Beyond the answer's limits it stops reading.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBulkGetAnswer, requestedIds } from '../../../src/main/core/team/bulkGetAnswer.ts';
import type { BodyStream } from '../../../src/main/core/service/limitedBody.ts';

function body(text: string, splitEvery: number): BodyStream {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += splitEvery) chunks.push(bytes.subarray(at, at + splitEvery));
  return Readable.from(chunks);
}

const small = { id: 'a', docs: [{ ok: { _id: 'a', _rev: '1-x', note: 'he said "}{][" \\ ok é ✓' } }] };
const large = { id: 'b', docs: [{ ok: { _id: 'b', _rev: '1-y', note: 'z'.repeat(5000) } }] };
const last = { id: 'c', docs: [{ ok: { _id: 'c', _rev: '1-z', list: [[{}], []] } }] };
const answer = JSON.stringify({ results: [small, large, last] });
const limits = { resultCharacters: 1000, keptCharacters: 100_000, readBytes: 1_000_000 };

describe('readBulkGetAnswer', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('leaves out the result over the limit and keeps the others exactly (chunks of %i bytes)', async (size) => {
    const read = await readBulkGetAnswer(body(answer, size), ['a', 'b', 'c'], limits);
    expect(read).toEqual({ ok: true, dropped: ['b'], text: JSON.stringify({ results: [small, { id: 'b', docs: [] }, last] }) });
  });

  it('keeps everything when nothing is over the limit', async () => {
    const read = await readBulkGetAnswer(body(answer, 5), ['a', 'b', 'c'], { ...limits, resultCharacters: 10_000 });
    expect(read).toEqual({ ok: true, dropped: [], text: answer });
  });

  it('stops when what it keeps passes the answer’s limit, or what it reads does', async () => {
    expect((await readBulkGetAnswer(body(answer, 50), ['a', 'b', 'c'], { ...limits, resultCharacters: 10_000, keptCharacters: 2000 })).ok).toBe(false);
    expect((await readBulkGetAnswer(body(answer, 50), ['a', 'b', 'c'], { ...limits, readBytes: 3000 })).ok).toBe(false);
  });

  it('reads the asked ids from the request, in order, and nothing from a request it cannot read', () => {
    expect(requestedIds(JSON.stringify({ docs: [{ id: 'a', rev: '1-x' }, { id: 'b' }, {}] }))).toEqual(['a', 'b', '']);
    expect(requestedIds('not json')).toEqual([]);
    expect(requestedIds(undefined)).toEqual([]);
  });
});
