// The rate budget against a sandbox with a small limit (5 per 5 minutes) and the same fake clock on
// both sides: the client learns the limit from x-ratelimit-max, never sends into a 429, waits for
// the next window (or fails fast), and when a 429 happens anyway (someone else spent the budget)
// pauses that profile instead of hammering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, RateBudgetSpentError } from '../../../src/main/core/service/errors.ts';
import type { ServiceClientEvent } from '../../../src/main/core/service/events.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { SteppingClock, settle } from '../../unit/service/fakes.ts';
import { ACCOUNT, failureOf, openFixture, type SandboxFixture } from './harness.ts';

const LIMIT = 5;
const WINDOW_AND_MARGIN = 5 * 60 * 1000 + 1000;
let fixture: SandboxFixture;
let clock: SteppingClock;
let client: ServiceClient;

beforeAll(async () => {
  clock = new SteppingClock(Date.now());
  fixture = await openFixture({ rateLimit: LIMIT, now: () => new Date(clock.now()) });
  client = fixture.client({ clock });
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

const clientProfiles = () => fixture.world.profiles.filter((p) => p.profileKey !== null);
const statuses = (from: number) => fixture.events.slice(from).flatMap((e: ServiceClientEvent) => (e.type === 'request' ? [e.status] : []));

/** Lets the calls in flight run until they are done or asleep on the budget (the fake clock). */
async function untilSettled(): Promise<void> {
  for (let i = 0; i < 50; i++) await settle(5);
}

/** Polls (on real time, bounded) until `ready` holds: requests on loopback take real time. */
async function until(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !ready(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('rate budget against the service', () => {
  it('the call over the limit waits for the next window instead of meeting a 429', async () => {
    const target = fixture.target(clientProfiles()[0]!.refId);
    const from = fixture.events.length;
    for (let i = 0; i < LIMIT; i++) await client.user(target);
    let done = false;
    const sixth = client.user(target).then(() => (done = true));
    await untilSettled();
    expect(done).toBe(false);
    expect(statuses(from)).toEqual([200, 200, 200, 200, 200]);
    await clock.advance(WINDOW_AND_MARGIN);
    await sixth;
    expect(statuses(from)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(client.budgetOf(target).limit).toBe(LIMIT);
  });

  it('a burst of calls is spread over windows, none answered 429', async () => {
    const target = fixture.target(clientProfiles()[1]!.refId);
    const from = fixture.events.length;
    let finished = 0;
    const calls = Promise.all(Array.from({ length: 12 }, () => client.history(target).then(() => finished++)));
    let windows = 0;
    while (finished < 12 && windows < 10) {
      // Wait until every unfinished call is asleep on the budget, then open the next window.
      await until(() => finished + clock.sleeping === 12);
      if (finished === 12) break;
      await clock.advance(WINDOW_AND_MARGIN);
      windows++;
    }
    await calls;
    // 12 calls at 5 per window: the first window and two more.
    expect(windows).toBe(2);
    expect(statuses(from)).toHaveLength(12);
    expect(statuses(from).every((s) => s === 200)).toBe(true);
  });

  it('fails fast when asked, without sending', async () => {
    const target = fixture.target(clientProfiles()[2]!.refId);
    for (let i = 0; i < LIMIT; i++) await client.user(target);
    const from = fixture.events.length;
    const error = await failureOf(client.user(target, { whenBudgetSpent: 'fail' }));
    expect(error).toBeInstanceOf(RateBudgetSpentError);
    expect((error as RateBudgetSpentError).retryAt).toBeGreaterThan(clock.now());
    expect(statuses(from)).toEqual([]);
  });

  it('each profile has its own budget: one spent does not hold back another', async () => {
    const spent = fixture.target(clientProfiles()[2]!.refId);
    await expect(client.user(spent, { whenBudgetSpent: 'fail' })).rejects.toBeInstanceOf(RateBudgetSpentError);
    expect((await client.user({ accountId: ACCOUNT })).refId).toBe(fixture.primary.refId);
  });

  it('a 429 caused by someone else: a retryable error, the profile paused, then back after the window', async () => {
    const profile = clientProfiles()[3]!;
    const target = fixture.target(profile.refId);
    await client.user(target);
    // Another program spends the rest of this profile's window behind the client's back.
    for (let i = 1; i < LIMIT; i++) {
      await fetch(`${fixture.sandbox.url}/user`, { headers: { authorization: `Bearer ${fixture.sandbox.apiKey}`, 'profile-key': profile.profileKey! } });
    }
    const error = await failureOf(client.user(target));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 429, retryable: true });
    expect(fixture.events.at(-2)).toMatchObject({ type: 'budget-paused', profileId: profile.refId });
    await expect(client.user(target, { whenBudgetSpent: 'fail' })).rejects.toBeInstanceOf(RateBudgetSpentError);
    await clock.advance(WINDOW_AND_MARGIN);
    expect((await client.user(target)).refId).toBe(profile.refId);
  });
});
