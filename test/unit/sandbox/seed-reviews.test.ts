// The seeded reviews (src/sandbox/world/seedReviews.ts): deterministic for a seed and on a generator
// of their own (the rest of the world is what it was), the first cases on each network, and a state
// saved before reviews existed loading with none while a damaged one is refused by name.
import { describe, expect, it } from 'vitest';
import { seedReviews } from '../../../src/sandbox/world/seedReviews.ts';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import type { WorldState } from '../../../src/sandbox/world/types.ts';
import { World } from '../../../src/sandbox/world/world.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const seeded = (seed: number): WorldState => seedWorld({ seed, now: NOW, apiKey: 'k', plan: 'business' });
const world3 = seeded(3);

describe('seeded reviews', () => {
  it('the same seed gives the same reviews, another seed other ones; they depend only on the seed, the clock and the profiles', () => {
    expect(seeded(3).reviews).toEqual(world3.reviews);
    expect(seeded(4).reviews!.reviews.map((r) => r.id)).not.toEqual(world3.reviews!.reviews.map((r) => r.id));
    expect(seedReviews(3, Date.parse(world3.createdAt), structuredClone(world3.profiles))).toEqual(world3.reviews);
  });

  it('each client profile starts with a fresh unanswered one-star review with words, an answered five-star one, a rating without words', () => {
    const { reviews } = world3.reviews!;
    for (const profile of world3.profiles.filter((p) => p.profileKey !== null)) {
      const gmb = reviews.filter((r) => r.profileRefId === profile.refId && r.platform === 'gmb');
      const newest = gmb.at(-1)!;
      expect(newest.rating).toBe('ONE');
      expect(newest.text).not.toBeNull();
      expect(newest.replies).toEqual([]);
      expect(Date.parse(newest.created)).toBeLessThanOrEqual(NOW.getTime());
      expect(gmb.some((r) => r.rating === 'FIVE' && r.replies.length === 1)).toBe(true);
      expect(gmb.some((r) => r.text === null)).toBe(true);
      // Google keeps one answer; the seed never answers before the review or after now.
      for (const r of gmb) {
        expect(r.replies.length).toBeLessThanOrEqual(1);
        for (const answer of r.replies) {
          expect(Date.parse(answer.updated)).toBeGreaterThan(Date.parse(r.created));
          expect(Date.parse(answer.updated)).toBeLessThanOrEqual(NOW.getTime());
        }
      }
    }
  });

  it('review ids are unique per network', () => {
    const keys = world3.reviews!.reviews.map((r) => `${r.platform}:${r.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('reviews in a saved state', () => {
  it('a state saved before reviews existed loads with none, and the rest of it as it was', () => {
    const old = structuredClone(world3) as Partial<WorldState>;
    delete old.reviews;
    const loaded = new World(old as WorldState);
    expect(loaded.state.reviews).toEqual({ places: [], reviews: [] });
    expect(loaded.reviews.reviewsOf(world3.profiles[1]!.refId, 'gmb')).toEqual([]);
    expect(loaded.state.comments).toEqual(world3.comments);
  });

  it('a damaged reviews part is refused by name, not half-read', () => {
    const damaged = structuredClone(world3) as unknown as Record<string, unknown>;
    damaged.reviews = { places: 'nope' };
    expect(() => new World(damaged as unknown as WorldState)).toThrow(/"reviews"/);
  });
});
