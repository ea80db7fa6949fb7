// Checks every record the store keeps must pass, whatever its kind (a comment, a direct message):
// a time the store can order by, and a raw record it can keep as JSON. Each answers a reason in
// words instead of throwing, so one bad record is refused alone and the batch goes on.
import { isStorableSecond, secondOf } from './commentIds.ts';

/** The epoch ms of an ISO `created`, or the reason the store cannot order by it. */
export function orderableTime(created: unknown): { ok: true; ms: number } | { ok: false; reason: string } {
  const ms = typeof created === 'string' ? Date.parse(created) : Number.NaN;
  if (!Number.isFinite(ms) || !isStorableSecond(secondOf(ms))) return { ok: false, reason: `created is not a time the store can order: ${String(created)}` };
  return { ok: true, ms };
}

/** The raw record as JSON text (null when absent), or the reason it cannot be kept. */
export function rawJsonOf(raw: unknown): { ok: true; json: string } | { ok: false; reason: string } {
  let json: string | undefined;
  try {
    json = JSON.stringify(raw ?? null);
  } catch (error) {
    return { ok: false, reason: `the raw record cannot be kept as JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  // JSON.stringify answers undefined for a function or a symbol.
  if (json === undefined) return { ok: false, reason: 'the raw record cannot be kept as JSON' };
  return { ok: true, json };
}
