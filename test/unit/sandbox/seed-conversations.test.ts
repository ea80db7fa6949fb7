// The seeded direct messages (src/sandbox/world/seedConversations.ts): deterministic for a seed,
// on the messaging networks each profile links, heavy-tailed counts, people write first, ids in the
// networks' formats, one client profile with messaging off; and the rest of the world as before.
import { describe, expect, it } from 'vitest';
import { seedConversations } from '../../../src/sandbox/world/seedConversations.ts';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import type { WorldState } from '../../../src/sandbox/world/types.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const worlds = new Map<number, WorldState>();
/** One world per seed for the whole file (seeding takes a while); fresh ones where a test needs two. */
const seeded = (seed: number): WorldState => {
  let world = worlds.get(seed);
  if (!world) worlds.set(seed, (world = seedWorld({ seed, now: NOW, apiKey: 'k', plan: 'business' })));
  return world;
};
const fresh = (seed: number): WorldState => seedWorld({ seed, now: NOW, apiKey: 'k', plan: 'business' });
const MESSAGING = ['facebook', 'instagram', 'twitter'] as const;

describe('seeded conversations', () => {
  it('the same seed gives the same conversations and messages; another seed other ones', () => {
    const again = fresh(3);
    expect(again.conversations).toEqual(seeded(3).conversations);
    expect(again.messages).toEqual(seeded(3).messages);
    expect(seeded(4).messages.map((m) => m.id)).not.toEqual(seeded(3).messages.map((m) => m.id));
  });

  it("depend only on the seed, the clock and the profiles (a generator of their own, not the world's)", () => {
    const world = seeded(5);
    const again = seedConversations(5, NOW.getTime(), structuredClone(world.profiles));
    expect(again.messages).toEqual(world.messages);
  });

  it('every profile that links a messaging network has conversations there, and only there', () => {
    const world = seeded(1);
    for (const profile of world.profiles) {
      const networks = new Set(world.conversations.filter((c) => c.profileRefId === profile.refId).map((c) => c.platform));
      expect(networks).toEqual(new Set(MESSAGING.filter((n) => profile.accounts[n])));
    }
  });

  it('exactly one client profile, never the primary, has messaging off', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const off = seeded(seed).profiles.filter((p) => p.messaging?.enabled === false);
      expect(off).toHaveLength(1);
      expect(off[0]!.profileKey).not.toBeNull();
    }
  });

  it('people write first; messages are in order of arrival and never in the future', () => {
    const world = seeded(2);
    const seqs = world.messages.map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    for (const c of world.conversations) {
      const mine = world.messages.filter((m) => m.platform === c.platform && m.conversationId === c.conversationId);
      expect(mine[0]?.action).toBe('received');
      for (const m of mine) expect(Date.parse(m.created)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('message counts are heavy-tailed: most conversations are short, a few run long', () => {
    const counts = new Map<string, number>();
    for (const seed of [1, 2, 3]) {
      for (const m of seeded(seed).messages) counts.set(`${seed}:${m.conversationId}`, (counts.get(`${seed}:${m.conversationId}`) ?? 0) + 1);
    }
    const sorted = [...counts.values()].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeLessThanOrEqual(6);
    expect(sorted.at(-1)!).toBeGreaterThanOrEqual(10 * median);
  });

  it("ids have the networks' formats and are unique", () => {
    const world = seeded(1);
    const formats = {
      facebook: { conversation: /^t_\d{17}$/, message: /^m_[\w-]{30}$/ },
      instagram: { conversation: /^aWdf[\w-]+$/, message: /^aWdfZAG1faXRlbToxOk[\w-]+$/ },
      twitter: { conversation: /^\d+-\d+$/, message: /^\d{19}$/ },
    };
    for (const c of world.conversations) expect(c.conversationId).toMatch(formats[c.platform].conversation);
    for (const m of world.messages) expect(m.id).toMatch(formats[m.platform].message);
    expect(new Set(world.messages.map((m) => `${m.platform}:${m.id}`)).size).toBe(world.messages.length);
    for (const c of world.conversations.filter((x) => x.platform === 'twitter')) {
      const account = world.profiles.find((p) => p.refId === c.profileRefId)!.accounts.twitter!.id;
      expect(c.conversationId.split('-').sort()).toEqual([account, c.person.id].sort());
    }
  });
});
