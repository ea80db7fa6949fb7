// Account growth of the client report from daily account snapshots, computed by hand.
import { describe, expect, it } from 'vitest';
import { accountGrowth } from '../../../src/main/core/report/accountGrowth.ts';
import type { AccountSnapshot } from '../../../src/main/core/store/types.ts';
import type { Network } from '../../../src/shared/networks.ts';

function snapshot(network: Network, day: string, figures: Record<string, number>): AccountSnapshot {
  return {
    profileId: 'p-1',
    network,
    day,
    figures: { network, raw: { anything: 'kept aside' }, ...figures },
    entry: { analytics: {} },
    fetchedAt: Date.parse(`${day}T10:00:00Z`),
  };
}

describe('account growth', () => {
  it('says nothing was collected when the period has no snapshot', () => {
    expect(accountGrowth([])).toEqual({ collected: false });
  });

  it('per network: first and last day, last minus first for figures on both days, every day in order', () => {
    const growth = accountGrowth([
      snapshot('instagram', '2026-11-01', { followers: 1000, reach: 50 }),
      snapshot('bluesky', '2026-11-01', { followers: 10 }),
      snapshot('instagram', '2026-11-02', { followers: 1040, reach: 80, posts: 3 }),
      snapshot('instagram', '2026-11-30', { followers: 1200, reach: 90, posts: 7 }),
    ]);
    expect(growth).toEqual({
      collected: true,
      networks: [
        {
          network: 'bluesky',
          first: { day: '2026-11-01', figures: { followers: 10 } },
          last: { day: '2026-11-01', figures: { followers: 10 } },
          change: { followers: 0 },
          series: [{ day: '2026-11-01', figures: { followers: 10 } }],
        },
        {
          network: 'instagram',
          first: { day: '2026-11-01', figures: { followers: 1000, reach: 50 } },
          last: { day: '2026-11-30', figures: { followers: 1200, reach: 90, posts: 7 } },
          // posts was not reported on the first day: no change can be told.
          change: { followers: 200, reach: 40 },
          series: [
            { day: '2026-11-01', figures: { followers: 1000, reach: 50 } },
            { day: '2026-11-02', figures: { followers: 1040, reach: 80, posts: 3 } },
            { day: '2026-11-30', figures: { followers: 1200, reach: 90, posts: 7 } },
          ],
        },
      ],
    });
  });

  it('a follower count that fell is a negative change', () => {
    const growth = accountGrowth([snapshot('youtube', '2026-11-01', { followers: 500 }), snapshot('youtube', '2026-11-02', { followers: 480 })]);
    expect(growth.collected && growth.networks[0]?.change).toEqual({ followers: -20 });
  });
});
