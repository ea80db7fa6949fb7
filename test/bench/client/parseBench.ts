// Parse and validate a 2 MB comments answer: JSON.parse plus the client's zod schema, as the client
// does for every comments answer. The body is a real answer of the sandbox, its records repeated
// (with fresh ids) until it is 2 MB.
import { performance } from 'node:perf_hooks';
import { parseAnswer } from '../../../src/main/core/service/schemaMismatch.ts';
import { CommentsResponseSchema } from '../../../src/shared/wire/comments.ts';
import { median } from './counters.ts';

export const TWO_MB = 2 * 1024 * 1024;

export function twoMegabyteBody(sample: { platform: string; records: Record<string, unknown>[] }): string {
  const records: Record<string, unknown>[] = [];
  let size = 0;
  for (let i = 0; size < TWO_MB; i++) {
    const record = { ...sample.records[i % sample.records.length]!, commentId: `bench_${i}` };
    records.push(record);
    size += JSON.stringify(record).length + 1;
  }
  return JSON.stringify({ status: 'success', id: 'bench', [sample.platform]: records });
}

export function timeParse(body: string, runs = 31, warmup = 5): { medianMs: number; bytes: number; records: number } {
  let records = 0;
  const times: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    const value = parseAnswer(CommentsResponseSchema, JSON.parse(body), { operation: 'getComments', status: 200, writeOutcome: 'not-applied' });
    const elapsed = performance.now() - start;
    if (i >= warmup) times.push(elapsed);
    records = Object.values(value).find(Array.isArray)?.length ?? 0;
  }
  return { medianMs: median(times), bytes: Buffer.byteLength(body), records };
}
