// Rules of analytics by social post id (spec, POST /analytics/post): exactly one network among
// seven (bluesky only by service post id), `id` or `postIds` but not both, at most 100 ids,
// searchPlatformId true.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SOCIAL_ID_NETWORKS } from '../../../src/shared/networks.ts';
import { AnalyticsByServiceIdBodySchema, AnalyticsBySocialIdsBodySchema } from '../../../src/shared/wire/analytics.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';

function issues(value: unknown, schema: Parameters<typeof checkShape>[0] = AnalyticsBySocialIdsBodySchema): string[] {
  const checked = checkShape(schema, value);
  return checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`);
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => String(1000 + i));

describe('analytics by social post id', () => {
  it.each(ANALYTICS_SOCIAL_ID_NETWORKS)('accepts %s', (network) => {
    expect(issues({ postIds: ['1'], platforms: [network], searchPlatformId: true })).toEqual([]);
  });

  it('refuses bluesky, saying it works by service post id only', () => {
    expect(issues({ postIds: ['1'], platforms: ['bluesky'], searchPlatformId: true })).toEqual([
      'platforms: Bluesky analytics are available only for posts made through the service (by service post id)',
    ]);
  });

  it('refuses two networks in one request', () => {
    expect(issues({ postIds: ['1'], platforms: ['twitter', 'facebook'], searchPlatformId: true })).toEqual([
      'platforms: Analytics by social post id are for exactly one network at a time; got 2',
    ]);
  });

  it('accepts a single id', () => {
    expect(issues({ id: '1', platforms: ['twitter'], searchPlatformId: true })).toEqual([]);
  });

  it('refuses both id and postIds, and neither', () => {
    expect(issues({ id: '1', postIds: ['2'], platforms: ['twitter'], searchPlatformId: true })[0]).toMatch(/either one "id" or a list/);
    expect(issues({ platforms: ['twitter'], searchPlatformId: true })[0]).toMatch(/either one "id" or a list/);
  });

  it('accepts 100 ids and refuses 101', () => {
    expect(issues({ postIds: ids(100), platforms: ['twitter'], searchPlatformId: true })).toEqual([]);
    expect(issues({ postIds: ids(101), platforms: ['twitter'], searchPlatformId: true })).toEqual([
      'postIds: At most 100 post ids go in one analytics request',
    ]);
  });

  it('refuses searchPlatformId other than true', () => {
    expect(issues({ postIds: ['1'], platforms: ['twitter'], searchPlatformId: false })).toEqual([
      'searchPlatformId: Analytics by social post id must send searchPlatformId: true',
    ]);
  });

  it('refuses an empty id', () => {
    expect(issues({ postIds: ['1', ''], platforms: ['twitter'], searchPlatformId: true })).toEqual(['postIds[1]: An id must not be empty']);
  });
});

describe('analytics by service post id', () => {
  it('accepts an id, optionally narrowed to networks', () => {
    expect(issues({ id: 'abc' }, AnalyticsByServiceIdBodySchema)).toEqual([]);
    expect(issues({ id: 'abc', platforms: ['bluesky'] }, AnalyticsByServiceIdBodySchema)).toEqual([]);
  });

  it('refuses an unknown network', () => {
    expect(issues({ id: 'abc', platforms: ['myspace'] }, AnalyticsByServiceIdBodySchema)[0]).toMatch(/"myspace" is not a network/);
  });
});
