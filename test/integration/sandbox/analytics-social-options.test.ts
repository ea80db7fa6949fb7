// POST /analytics/social (docs/service-account-analytics.md): youtube and tiktok report through the
// day before yesterday; quarters, daily and period60Days; the refusals (codes 104, 105, 106, 109,
// 419); the rate limit and the injected faults, which apply as to every request.
import { afterAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient, type World } from './harness.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-06-10T05:00:00.000Z');

const opened: SandboxClient[] = [];
afterAll(async () => {
  await Promise.all(opened.map((c) => c.sandbox.close()));
});

interface Clocked {
  client: SandboxClient;
  world: World;
  set(ms: number): void;
}

async function fresh(rateLimit = 1_000_000): Promise<Clocked> {
  let now = T0;
  const client = await openSandbox({ rateLimit, now: () => new Date(now) });
  opened.push(client);
  return { client, world: await client.snapshot(), set: (ms) => void (now = ms) };
}

function profileLinking(w: World, ...platforms: string[]) {
  const profile = w.profiles.find((p) => platforms.every((n) => p.platforms.includes(n)));
  if (!profile) throw new Error(`no profile links ${platforms.join(', ')}`);
  return profile;
}

function social(c: SandboxClient, body: unknown, profileKey: string | null = null, x = true): Promise<Reply> {
  return c.api('POST', '/analytics/social', { body, profileKey, x });
}

describe('youtube and tiktok lag: their figures are those of the day before yesterday', () => {
  it('a new video counts on instagram at the next refresh, on youtube and tiktok only two days later', async () => {
    const s = await fresh();
    const profile = profileLinking(s.world, 'instagram', 'tiktok', 'youtube');
    const platforms = ['instagram', 'tiktok', 'youtube'];
    const counts = async () => {
      const reply = await social(s.client, { platforms }, profile.profileKey);
      expect(reply.status).toBe(200);
      return {
        instagram: reply.json.instagram.analytics.mediaCount as number,
        tiktok: reply.json.tiktok.analytics.videoCountTotal as number,
        youtube: reply.json.youtube.analytics.videoCount as number,
      };
    };
    s.set(T0 + 60_000);
    const before = await counts();
    const posted = await s.client.api('POST', '/post', { body: { post: 'New class schedule is up!', platforms }, profileKey: profile.profileKey });
    expect(posted.status).toBe(200);

    s.set(T0 + 3 * 3_600_000);
    expect(await counts()).toEqual({ ...before, instagram: before.instagram + 1 });
    // The next UTC day: the video's day is yesterday, still being processed.
    s.set(T0 + DAY);
    expect(await counts()).toEqual({ ...before, instagram: before.instagram + 1 });
    s.set(T0 + 2 * DAY);
    expect(await counts()).toEqual({ instagram: before.instagram + 1, tiktok: before.tiktok + 1, youtube: before.youtube + 1 });
  });

  it('within a UTC day the youtube and tiktok numbers stay the same across refreshes; the next day they grow', async () => {
    const s = await fresh();
    const profile = profileLinking(s.world, 'tiktok', 'youtube');
    const read = async () => (await social(s.client, { platforms: ['tiktok', 'youtube'] }, profile.profileKey)).json;
    s.set(Date.parse('2026-06-12T01:00:00.000Z'));
    const morning = await read();
    s.set(Date.parse('2026-06-12T22:00:00.000Z'));
    const evening = await read();
    expect(evening.youtube.lastUpdated).not.toBe(morning.youtube.lastUpdated);
    expect(evening.youtube.analytics).toEqual(morning.youtube.analytics);
    expect(evening.tiktok.analytics).toEqual(morning.tiktok.analytics);
    s.set(Date.parse('2026-06-13T01:00:00.000Z'));
    const nextDay = await read();
    expect(nextDay.youtube.analytics.subscriberCount).toBeGreaterThan(morning.youtube.analytics.subscriberCount);
    expect(nextDay.tiktok.analytics.followerCount).toBeGreaterThan(morning.tiktok.analytics.followerCount);
  });
});

describe('quarters, daily and period60Days', () => {
  it('quarters narrows period figures (never above all time); levels such as followers stay', async () => {
    const s = await fresh();
    s.set(T0 + 2 * DAY);
    const profile = profileLinking(s.world, 'facebook', 'youtube');
    const all = (await social(s.client, { platforms: ['facebook', 'youtube'] }, profile.profileKey)).json;
    const one = (await social(s.client, { platforms: ['facebook', 'youtube'], quarters: 1 }, profile.profileKey)).json;
    const four = (await social(s.client, { platforms: ['facebook', 'youtube'], quarters: 4 }, profile.profileKey)).json;
    expect(one.facebook.analytics.followersCount).toBe(all.facebook.analytics.followersCount);
    expect(one.youtube.analytics.subscriberCount).toBe(all.youtube.analytics.subscriberCount);
    for (const field of ['pageImpressions', 'pagePostEngagements', 'pageVideoViews']) {
      expect(one.facebook.analytics[field]).toBeGreaterThan(0);
      expect(one.facebook.analytics[field]).toBeLessThanOrEqual(four.facebook.analytics[field]);
      expect(four.facebook.analytics[field]).toBeLessThanOrEqual(all.facebook.analytics[field]);
    }
    expect(one.youtube.analytics.views).toBeLessThanOrEqual(all.youtube.analytics.views);
    expect(one.youtube.analytics.viewCount).toBe(all.youtube.analytics.viewCount);
    const zero = (await social(s.client, { platforms: ['facebook'], quarters: 0 }, profile.profileKey)).json;
    expect(zero.facebook).toEqual(all.facebook);
  });

  it('daily adds one entry per complete UTC day on facebook, instagram, tiktok and youtube; others ignore it', async () => {
    const s = await fresh();
    s.set(T0 + 40 * DAY);
    const profile = profileLinking(s.world, 'instagram', 'tiktok', 'youtube');
    const reply = await social(s.client, { platforms: ['instagram', 'tiktok', 'youtube', 'bluesky'], daily: true }, profile.profileKey);
    expect(reply.status).toBe(200);
    for (const platform of ['instagram', 'tiktok', 'youtube']) {
      const daily = reply.json[platform].analytics.daily as Record<string, unknown>[];
      expect(daily.length, platform).toBe(30);
      daily.forEach((day, i) => {
        expect(day.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (i > 0) expect(Date.parse(`${day.date as string}T00:00:00Z`) - Date.parse(`${daily[i - 1]!.date as string}T00:00:00Z`)).toBe(DAY);
        for (const [k, v] of Object.entries(day)) if (k !== 'date') expect(Number.isInteger(v) && (v as number) >= 0, `${platform}.${k}`).toBe(true);
      });
    }
    // The last complete day: yesterday for instagram, the day before for the lagging two.
    const today = new Date(T0 + 40 * DAY).toISOString().slice(0, 10);
    const dayBefore = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * DAY).toISOString().slice(0, 10);
    expect(reply.json.instagram.analytics.daily.at(-1).date).toBe(dayBefore(1));
    expect(reply.json.youtube.analytics.daily.at(-1).date).toBe(dayBefore(2));
    expect(reply.json.bluesky.analytics.daily).toBeUndefined();
    const page = profileLinking(s.world, 'facebook');
    const facebook = await social(s.client, { platforms: ['facebook'], daily: true }, page.profileKey);
    expect(facebook.json.facebook.analytics.daily).toHaveLength(30);
    expect(Object.keys(facebook.json.facebook.analytics.daily[0])).toEqual(expect.arrayContaining(['date', 'pageImpressions', 'like']));
    const plain = await social(s.client, { platforms: ['instagram'] }, profile.profileKey);
    expect(plain.json.instagram.analytics.daily).toBeUndefined();
    // With quarters the days cover the quarter, and add up to no more than its total.
    const quarter = await social(s.client, { platforms: ['instagram'], daily: true, quarters: 1 }, profile.profileKey);
    const days = quarter.json.instagram.analytics.daily as { reachCount: number }[];
    expect(days.length).toBeGreaterThan(30);
    expect(days.reduce((sum, d) => sum + d.reachCount, 0)).toBeLessThanOrEqual(quarter.json.instagram.analytics.reachCount);
  });

  it('period60Days: tiktok comments, shares and views of 60 days, below all time; likes and followers unchanged', async () => {
    const s = await fresh();
    s.set(T0 + DAY * 3);
    const profile = profileLinking(s.world, 'tiktok');
    const all = (await social(s.client, { platforms: ['tiktok'] }, profile.profileKey)).json.tiktok.analytics;
    const sixty = (await social(s.client, { platforms: ['tiktok'], period60Days: true }, profile.profileKey)).json.tiktok.analytics;
    for (const field of ['commentCountTotal', 'shareCountTotal', 'viewCountTotal']) {
      expect(sixty[field], field).toBeLessThan(all[field]);
      expect(sixty[field], field).toBeGreaterThan(0);
    }
    expect(sixty.likeCountTotal).toBe(all.likeCountTotal);
    expect(sixty.followerCount).toBe(all.followerCount);
  });
});

describe('refusals', () => {
  let shared: Clocked | undefined;
  it.each([
    [{}, 104],
    [{ platforms: [] }, 104],
    [{ platforms: 'instagram' }, 105],
    [{ platforms: ['myspace'] }, 106],
    [{ platforms: ['instagram'], quarters: 5 }, 105],
    [{ platforms: ['instagram'], quarters: 1.5 }, 105],
    [{ platforms: ['instagram'], quarters: '2' }, 105],
    [{ platforms: ['instagram'], daily: 'yes' }, 105],
    [{ platforms: ['tiktok'], period60Days: 1 }, 105],
    [{ platforms: ['tiktok'], daily: true, period60Days: true }, 105],
    [{ platforms: ['tiktok'], quarters: 2, period60Days: true }, 105],
  ])('%j: HTTP 400, code %i, a message', async (body, code) => {
    shared ??= await fresh();
    const reply = await social(shared.client, body);
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({ status: 'error', code, message: expect.stringMatching(/\S/) });
  });

  it('a network the profile does not link answers its own error beside the others; all unlinked: HTTP 400', async () => {
    const s = await fresh();
    const primary = s.world.profiles.find((p) => p.profileKey === null)!;
    expect(primary.platforms).not.toContain('facebook');
    const notLinked = (platform: string) => ({
      action: 'analytics',
      status: 'error',
      code: 109,
      message: expect.stringContaining(platform),
      platform,
    });
    const mixed = await social(s.client, { platforms: ['instagram', 'facebook', 'pinterest'] });
    expect(mixed.status).toBe(200);
    expect(mixed.json.status).toBe('error');
    expect(mixed.json.instagram.analytics.followersCount).toBeGreaterThan(0);
    expect(mixed.json.facebook).toEqual(notLinked('facebook'));
    expect(mixed.json.errors).toEqual([notLinked('facebook'), notLinked('pinterest')]);
    const none = await social(s.client, { platforms: ['facebook', 'tiktok'] });
    expect(none.status).toBe(400);
    expect(none.json).toMatchObject({ status: 'error', code: 109, errors: [notLinked('facebook'), notLinked('tiktok')] });
  });

  it('twitter needs the X key pair (419 without it), as every request that targets twitter', async () => {
    const s = await fresh();
    const without = await social(s.client, { platforms: ['instagram', 'twitter'] }, null, false);
    expect(without.status).toBe(419);
    expect(without.json).toMatchObject({ status: 'error', code: 419, action: 'x_credentials_required', platform: 'twitter' });
    const withIt = await social(s.client, { platforms: ['instagram', 'twitter'] });
    expect(withIt.status).toBe(200);
    expect(withIt.json.status).toBe('success');
  });

  it('GET is 405; unknown body fields (the SDK adds source) are ignored', async () => {
    const s = await fresh();
    expect((await s.client.api('GET', '/analytics/social')).status).toBe(405);
    const reply = await social(s.client, { platforms: ['instagram'], source: 'npm', whatever: { a: 1 } });
    expect(reply.status).toBe(200);
  });
});

describe('the rate limit and faults apply', () => {
  it('every answer counts against the profile (x-ratelimit-count), refusals too; over the limit: 429', async () => {
    const s = await fresh(3);
    const counts: string[] = [];
    for (const body of [{ platforms: ['instagram'] }, { platforms: ['myspace'] }, { platforms: ['instagram'], quarters: 2 }]) {
      const reply = await social(s.client, body);
      expect(reply.headers['x-ratelimit-max']).toBe('3');
      counts.push(String(reply.headers['x-ratelimit-count']));
    }
    expect(counts).toEqual(['1', '2', '3']);
    const over = await social(s.client, { platforms: ['instagram'] });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ status: 'error', code: 140, message: expect.stringMatching(/\S/) });
    // Another profile has its own budget.
    const other = s.world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('instagram'))!;
    expect((await social(s.client, { platforms: ['instagram'] }, other.profileKey)).status).toBe(200);
  });

  it('an injected fault answers the fault, not the analytics; off again, the same numbers as before', async () => {
    const s = await fresh();
    const before = await social(s.client, { platforms: ['instagram'] });
    expect((await s.client.control('PUT', '/faults', { errorRate: 1, status: 503 })).status).toBe(200);
    const failed = await social(s.client, { platforms: ['instagram'] });
    expect(failed.status).toBe(503);
    expect(failed.json).toMatchObject({ status: 'error', code: 150 });
    expect((await s.client.control('DELETE', '/faults')).status).toBe(200);
    expect((await social(s.client, { platforms: ['instagram'] })).json).toEqual(before.json);
  });
});
