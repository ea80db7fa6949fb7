// What the seeding steps share: the generator and the lists being built, the units of time, and
// small helpers for dates and order. Split from seed.ts by concern; the draws are in the same order.
import type { Network } from '../../shared/networks.ts';
import type { Random } from '../random.ts';
import { isoSeconds } from '../time.ts';
import type { CommentState, NetworkPostState, ServiceCommentState, ServicePostState } from './types.ts';
import type { Author } from './vocabulary.ts';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface Seeding {
  rng: Random;
  nowMs: number;
  servicePosts: ServicePostState[];
  networkPosts: NetworkPostState[];
  comments: CommentState[];
  serviceComments: ServiceCommentState[];
  takenPostKeys: Set<string>;
  takenCommentKeys: Set<string>;
  authors: Map<Network, Author[]>;
  /** Posts whose comments were switched off at publication: none at all. */
  disabledAtPublish: Set<NetworkPostState>;
  /** Posts whose comments were switched off later: comments only until then. */
  disabledLater: Map<NetworkPostState, number>;
  viral: NetworkPostState | null;
}

/** The service's timestamp format, to the second (YYYY-MM-DDThh:mm:ssZ). */
export function iso(ms: number): string {
  return isoSeconds(new Date(ms));
}

export function shuffled<T>(rng: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * A time after `startMs` and no later than `endMs`, in whole seconds: mostly soon after (exponential
 * with the given mean), a `tail` share anywhere in the span. null when the span is too short.
 */
export function laterTime(rng: Random, startMs: number, endMs: number, meanMs: number, tail: number): number | null {
  const span = endMs - startMs;
  if (span < 2 * SECOND) return null;
  let delay = rng.chance(tail) ? rng.next() * span : -Math.log(1 - rng.next()) * meanMs;
  if (delay >= span) delay = rng.next() * span;
  return startMs + Math.max(1, Math.floor(delay / SECOND)) * SECOND;
}
