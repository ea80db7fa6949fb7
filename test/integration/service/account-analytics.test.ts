// Account analytics (POST /analytics/social) through the client against a started sandbox: every
// network's real answer normalized into the common figures, an unlinked network's own error beside
// the others' figures, every network unlinked as a typed error, the X pair exactly when twitter is
// asked, and youtube's and tiktok's lag: their figures stand still through a UTC day while
// `lastUpdated` moves on, and belong to the day before yesterday.
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, MissingCredentialsError } from '../../../src/main/core/service/errors.ts';
import { AccountAnalyticsRefusedError, type AccountAnalyticsResult } from '../../../src/main/core/service/operations/accountAnalytics.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { HttpRequest } from '../../../src/main/core/service/transport.ts';
import { type Network, NETWORKS, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import type { AccountFigures } from '../../../src/shared/wire/accountAnalytics.ts';
import { failureOf, openFixture, recordingTransport, type SandboxFixture } from './harness.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-06-10T05:00:00.000Z');
let now = T0;
let fixture: SandboxFixture;
let client: ServiceClient;
/** Every request the client made, as it went over the wire. */
const sent: HttpRequest[] = [];

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, now: () => new Date(now) });
  client = fixture.client({ transport: recordingTransport(sent) });
});
afterEach(() => {
  fixture.xCredentials = fixture.world.xCredentials;
  now = T0;
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

/** A client profile (or the primary) that links every one of `networks`. */
function linking(...networks: Network[]) {
  const profile = fixture.world.profiles.find((p) => networks.every((n) => p.platforms.includes(n)));
  if (!profile) throw new Error(`no profile of the seeded world links ${networks.join(', ')}`);
  return profile;
}

/** A profile that links `linked` and not `unlinked`. */
function linkingButNot(linked: Network, unlinked: Network) {
  const profile = fixture.world.profiles.find((p) => p.platforms.includes(linked) && !p.platforms.includes(unlinked));
  if (!profile) throw new Error(`no profile links ${linked} without ${unlinked}`);
  return profile;
}

function found(result: AccountAnalyticsResult | undefined) {
  if (result?.status !== 'found') throw new Error(`expected figures, got ${JSON.stringify(result)}`);
  return result;
}

/** The figures each network's answer yields in full (the mapping of src/shared/wire/accountAnalytics.ts). */
const CHARTED: Record<Network, (keyof AccountFigures)[]> = {
  twitter: ['followers', 'following', 'posts'],
  bluesky: ['followers', 'following', 'posts'],
  threads: ['followers', 'views', 'likes', 'comments', 'shares', 'engagement'],
  facebook: ['followers', 'impressions', 'reach', 'views', 'likes', 'engagement', 'watchMinutes'],
  instagram: ['followers', 'following', 'posts', 'impressions', 'reach', 'views', 'likes', 'comments', 'clicks', 'profileViews', 'engagement'],
  linkedin: ['followers', 'impressions', 'clicks', 'likes', 'comments', 'shares', 'engagement', 'engagementRate', 'pageViews'],
  tiktok: ['followers', 'following', 'posts', 'views', 'likes', 'comments', 'shares', 'engagement'],
  youtube: ['followers', 'posts', 'views', 'likes', 'comments', 'shares', 'engagement', 'watchMinutes', 'subscribersGained', 'subscribersLost'],
};

describe('figures of every network', () => {
  it.each(NETWORKS)('%s: the sandbox answer yields every charted figure, as a number, with the source fields in raw', async (network) => {
    now = T0 + 3 * DAY;
    const profile = linking(network);
    const answer = await client.accountAnalytics(fixture.target(profile.refId), { platforms: [network] });
    expect(answer.status).toBe('success');
    const result = found(answer.networks[network]);
    const { figures } = result;
    const charted = Object.keys(figures).filter((k) => k !== 'network' && k !== 'raw');
    expect(charted.sort()).toEqual([...CHARTED[network]].sort());
    for (const key of charted) expect(Number.isFinite(figures[key as keyof AccountFigures]), key).toBe(true);
    expect(figures.followers).toBeGreaterThan(0);
    expect(figures.raw).toEqual(result.entry.analytics);
    expect(Date.parse(result.lastUpdated!)).toBeLessThanOrEqual(now);
    expect(Date.parse(result.nextUpdate!)).toBeGreaterThan(now);
  });

  it('one request for several networks gives each its own figures, the same as asked alone', async () => {
    now = T0 + 3 * DAY;
    const profile = linking('instagram', 'tiktok', 'youtube');
    const together = await client.accountAnalytics(fixture.target(profile.refId), { platforms: ['instagram', 'tiktok', 'youtube'] });
    for (const network of ['instagram', 'tiktok', 'youtube'] as const) {
      const alone = await client.accountAnalytics(fixture.target(profile.refId), { platforms: [network] });
      expect(found(together.networks[network]).figures).toEqual(found(alone.networks[network]).figures);
    }
  });

  it('quarters narrows period figures, not followers', async () => {
    now = T0 + 3 * DAY;
    const profile = linking('facebook');
    const target = fixture.target(profile.refId);
    const all = found((await client.accountAnalytics(target, { platforms: ['facebook'] })).networks.facebook).figures;
    const quarter = found((await client.accountAnalytics(target, { platforms: ['facebook'], quarters: 1 })).networks.facebook).figures;
    expect(quarter.followers).toBe(all.followers);
    expect(quarter.impressions).toBeLessThanOrEqual(all.impressions!);
  });
});

describe('networks the profile does not link', () => {
  it("an unlinked network's error (109) stands beside the others' figures", async () => {
    const profile = linkingButNot('instagram', 'linkedin');
    const answer = await client.accountAnalytics(fixture.target(profile.refId), { platforms: ['instagram', 'linkedin'] });
    expect(answer.status).toBe('error');
    expect(found(answer.networks.instagram).figures.followers).toBeGreaterThan(0);
    expect(answer.networks.linkedin).toEqual({ network: 'linkedin', status: 'not-linked', code: 109, message: expect.stringContaining('linkedin') });
  });

  it('every network unlinked: an AccountAnalyticsRefusedError naming each', async () => {
    const profile = fixture.world.profiles.find((p) => !p.platforms.includes('linkedin') && !p.platforms.includes('twitter'))!;
    const error = await failureOf(client.accountAnalytics(fixture.target(profile.refId), { platforms: ['linkedin', 'twitter'] }));
    expect(error).toBeInstanceOf(AccountAnalyticsRefusedError);
    expect(error).toBeInstanceOf(HttpError);
    const refused = error as AccountAnalyticsRefusedError;
    expect(refused).toMatchObject({ status: 400, code: 109, retryable: false });
    expect(refused.failures).toEqual([
      { network: 'linkedin', status: 'not-linked', code: 109, message: expect.any(String) },
      { network: 'twitter', status: 'not-linked', code: 109, message: expect.any(String) },
    ]);
    expect(refused.message).toMatch(/Link linkedin, twitter to this profile/);
  });
});

describe('the X key pair', () => {
  it('goes exactly with requests that ask for twitter', async () => {
    const profile = linking('twitter', 'instagram');
    const target = fixture.target(profile.refId);
    const from = sent.length;
    await client.accountAnalytics(target, { platforms: ['instagram'] });
    await client.accountAnalytics(target, { platforms: ['instagram', 'twitter'] });
    const [without, withTwitter] = sent.slice(from);
    expect(without?.headers[X_KEY_HEADER]).toBeUndefined();
    expect(without?.headers[X_SECRET_HEADER]).toBeUndefined();
    expect(withTwitter?.headers[X_KEY_HEADER]).toBe(fixture.world.xCredentials?.key);
    expect(withTwitter?.headers[X_SECRET_HEADER]).toBe(fixture.world.xCredentials?.secret);
  });

  it('twitter without the pair is told before sending; the other networks still answer without it', async () => {
    fixture.xCredentials = undefined;
    const profile = linking('twitter', 'instagram');
    const target = fixture.target(profile.refId);
    const from = sent.length;
    expect(await failureOf(client.accountAnalytics(target, { platforms: ['instagram', 'twitter'] }))).toBeInstanceOf(MissingCredentialsError);
    expect(sent.length).toBe(from);
    const answer = await client.accountAnalytics(target, { platforms: ['instagram'] });
    expect(found(answer.networks.instagram).figures.followers).toBeGreaterThan(0);
  });
});

describe('secrets', () => {
  it('no key appears in the errors of refusals, a missing pair or a wrong pair, in any printed form', async () => {
    const profile = fixture.world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('twitter') && !p.platforms.includes('linkedin'))!;
    const target = fixture.target(profile.refId);
    const errors = [await failureOf(client.accountAnalytics(target, { platforms: ['linkedin'] }))];
    fixture.xCredentials = { key: `${fixture.world.xCredentials.key}-wrong`, secret: `${fixture.world.xCredentials.secret}-wrong` };
    errors.push(await failureOf(client.accountAnalytics(target, { platforms: ['twitter', 'instagram'] })));
    fixture.xCredentials = undefined;
    errors.push(await failureOf(client.accountAnalytics(target, { platforms: ['twitter'] })));
    expect(errors.map((e) => (e as Error).name)).toEqual(['AccountAnalyticsRefusedError', expect.any(String), 'MissingCredentialsError']);
    expect(errors[1]).toBeInstanceOf(HttpError);
    const printed = errors.flatMap((e) => [String(e), (e as Error).stack ?? '', inspect(e, { depth: 20, showHidden: true }), JSON.stringify(e)]).join('\n');
    const secrets = [fixture.sandbox.apiKey, profile.profileKey!, fixture.world.xCredentials.key, fixture.world.xCredentials.secret];
    for (const secret of secrets) expect(printed.includes(secret), `a secret leaked: ${secret.slice(0, 4)}…`).toBe(false);
  });
});

describe('youtube and tiktok lag', () => {
  it('through a UTC day their figures stand still while lastUpdated moves on; they belong to the day before yesterday', async () => {
    const profile = linking('instagram', 'tiktok', 'youtube');
    const target = fixture.target(profile.refId);
    const read = async () => (await client.accountAnalytics(target, { platforms: ['instagram', 'tiktok', 'youtube'] })).networks;
    now = Date.parse('2026-06-12T01:00:00.000Z');
    const morning = await read();
    now = Date.parse('2026-06-12T22:00:00.000Z');
    const evening = await read();
    for (const network of ['tiktok', 'youtube'] as const) {
      const [a, b] = [found(morning[network]), found(evening[network])];
      expect(Date.parse(b.lastUpdated!)).toBeGreaterThan(Date.parse(a.lastUpdated!));
      expect(b.figures).toEqual(a.figures);
      expect(b.lastUpdated!.slice(0, 10)).toBe('2026-06-12');
      expect(b.asOf).toBe('2026-06-11T00:00:00.000Z');
      expect(b.day).toBe('2026-06-10');
    }
    // instagram's figures are of the refresh itself: they moved on with it.
    const [a, b] = [found(morning.instagram), found(evening.instagram)];
    expect(b.figures.reach).toBeGreaterThan(a.figures.reach!);
    expect(b.asOf).toBe(b.lastUpdated);
    expect(b.day).toBe('2026-06-12');
    // The next UTC day the lagging two move on by a day.
    now = Date.parse('2026-06-13T01:00:00.000Z');
    const next = await read();
    for (const network of ['tiktok', 'youtube'] as const) {
      const c = found(next[network]);
      expect(c.day).toBe('2026-06-11');
      expect(c.figures.followers).toBeGreaterThan(found(evening[network]).figures.followers!);
    }
  });
});
