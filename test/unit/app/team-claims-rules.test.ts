// The rules of decision 0067 as pure functions: a direct message claims the turn by the message that
// opened it (so two devices that know different amounts of the turn claim the same one), and a
// claim passes on only when its winner's answer failed for good or was discarded.
import { describe, expect, it } from 'vitest';
import type { OutboxStatusDoc } from '../../../src/shared/domain/teamDocuments.ts';
import { gaveUp, turnOf, winnerAnswer } from '../../../src/main/core/app/teamClaims.ts';

const got = (id: string) => ({ messageId: id, action: 'received' as const });
const said = (id: string) => ({ messageId: id, action: 'sent' as const });

describe('turnOf', () => {
  it('is the first of the person’s messages since the account last wrote, however many of them a device knows', () => {
    const behind = [got('p0'), said('a1'), got('p1')];
    const ahead = [...behind, got('p2'), got('p3')];
    expect(turnOf(behind)).toBe('p1');
    expect(turnOf(ahead)).toBe('p1');
  });

  it('is the turn the account answered when it wrote last (a follow-up claims that turn again), and null before the person wrote', () => {
    expect(turnOf([got('p1'), got('p2'), said('a1'), said('a2')])).toBe('p1');
    expect(turnOf([said('a1')])).toBeNull();
    expect(turnOf([])).toBeNull();
  });
});

const status = (patch: Partial<OutboxStatusDoc>): OutboxStatusDoc => ({
  _id: `outbox:laptop:${patch.outboxId ?? 'o1'}`,
  kind: 'outbox',
  who: 'ann',
  device: 'laptop',
  outboxId: 'o1',
  itemKey: 'instagram:c1',
  text: 'Ann: on its way.',
  state: 'sent',
  at: 2_000,
  ...patch,
});

describe('winnerAnswer', () => {
  const by = { device: 'laptop', at: 1_000 };

  it('stands while sent or on its way, and passes on only once failed for good or discarded', () => {
    expect(winnerAnswer([status({ state: 'sent' })], 'instagram:c1', by)).toEqual({ state: 'sent', text: 'Ann: on its way.' });
    expect(winnerAnswer([status({ state: 'sending' })], 'instagram:c1', by)?.state).toBe('pending');
    // Held (behind another device) or waiting for the team server is not given up: it may still go.
    expect(gaveUp(winnerAnswer([status({ state: 'held' })], 'instagram:c1', by))).toBe(false);
    expect(gaveUp(winnerAnswer([status({ state: 'failed' })], 'instagram:c1', by))).toBe(true);
    expect(gaveUp(winnerAnswer([status({ state: 'discarded' })], 'instagram:c1', by))).toBe(true);
  });

  it('reads only the claiming device’s statuses of the item since it claimed; any of them sent stands', () => {
    expect(winnerAnswer([status({ state: 'failed', at: 999 })], 'instagram:c1', by)).toBeNull();
    expect(winnerAnswer([status({ state: 'failed', device: 'phone' })], 'instagram:c1', by)).toBeNull();
    expect(winnerAnswer([status({ state: 'failed', itemKey: 'instagram:c2' })], 'instagram:c1', by)).toBeNull();
    const both = [status({ outboxId: 'o1', state: 'sent', at: 1_500 }), status({ outboxId: 'o2', state: 'failed', at: 3_000 })];
    expect(winnerAnswer(both, 'instagram:c1', by)?.state).toBe('sent');
    expect(winnerAnswer([status({ state: 'failed' })], 'instagram:c1', { ...by, unreadable: true })).toBeNull();
  });
});
