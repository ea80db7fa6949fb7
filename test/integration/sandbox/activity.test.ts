// Live activity (README, --activity N): N new outside comments a minute across the world, on the
// profiles' posts of the last 7 days; 0 (the default) means none. Checked by polling the world in a
// bounded loop, never by asserting on a fixed sleep.
import { afterEach, describe, expect, it } from 'vitest';
import { openSandbox, profileOf, type SandboxClient, type World } from './harness.ts';

const DAY = 86_400_000;
const opened: SandboxClient[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.sandbox.close()));
});

async function open(activity?: number): Promise<SandboxClient> {
  const client = await openSandbox({ rateLimit: 1_000_000, ...(activity === undefined ? {} : { activity }) });
  opened.push(client);
  return client;
}

function total(world: World): number {
  return world.posts.reduce((n, p) => n + p.commentCount, 0);
}

const key = (p: World['posts'][number]) => `${p.platform}:${p.socialId}`;

/** Polls the world every 100 ms (at most `ms`) until `done` holds; returns the last world seen. */
async function pollWorld(client: SandboxClient, ms: number, done: (world: World) => boolean): Promise<World> {
  const deadline = Date.now() + ms;
  let world = await client.snapshot();
  while (!done(world) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    world = await client.snapshot();
  }
  return world;
}

describe('activity N: N new outside comments a minute on posts of the last 7 days', () => {
  it('activity 600 (10 a second): within a couple of seconds new comments appear, on owned recent posts that take comments, and they are not service writes', async () => {
    const client = await open(600);
    const before = await client.snapshot();
    const ledgerBefore = (await client.control('GET', '/ledger')).json as unknown[];
    const after = await pollWorld(client, 3_000, (w) => total(w) >= total(before) + 5);
    expect(total(after)).toBeGreaterThanOrEqual(total(before) + 5);

    const counts = new Map(before.posts.map((p) => [key(p), p.commentCount]));
    const grown = after.posts.filter((p) => p.commentCount > (counts.get(key(p)) ?? 0));
    expect(grown.length).toBeGreaterThan(0);
    for (const post of grown) {
      expect(post.owned).toBe(true);
      expect(post.flags).not.toContain('commentsDisabled');
    }
    // Recent: each grown post was made within the last 7 days (its date from the network's history).
    for (const post of grown) {
      const profile = profileOf(after, post.profileRefId);
      const history = await client.api('GET', `/history/${post.platform}?limit=1000`, { profileKey: profile.profileKey, x: true });
      expect(history.status).toBe(200);
      const created = (history.json.posts as { id: string; created: string }[]).find((p) => p.id === post.socialId)?.created;
      expect(created).toBeDefined();
      expect(Date.now() - Date.parse(created as string)).toBeLessThanOrEqual(7 * DAY);
    }
    // Outside people's comments: nothing was written through the service.
    expect((await client.control('GET', '/ledger')).json).toEqual(ledgerBefore);
  });

  it('the new comments are outside comments: they raise the comments webhook event', async () => {
    const client = await open(600);
    // Registered on the primary profile, it gets the events of every profile that has none (routing).
    // The URL is off this machine, so deliveries are recorded as not sent and nothing is sent.
    const registered = await client.api('POST', '/hook/webhook', { body: { action: 'comments', url: 'https://hooks.example.invalid/in' } });
    expect(registered.status).toBe(200);
    let events: { action: string; outcome: string }[] = [];
    const deadline = Date.now() + 3_000;
    while (events.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      events = (await client.control('GET', '/deliveries')).json;
    }
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event).toMatchObject({ action: 'comments', outcome: 'not-sent' });
  });

  it('activity 0: no comments appear', async () => {
    const client = await open(0);
    const before = await client.snapshot();
    // The same window in which activity 600 brings several comments.
    const after = await pollWorld(client, 800, (w) => total(w) !== total(before));
    expect(total(after)).toBe(total(before));
    expect(after.posts.map((p) => p.commentCount)).toEqual(before.posts.map((p) => p.commentCount));
  });

  it('no activity option: the default is 0, no comments appear', async () => {
    const client = await open();
    const before = await client.snapshot();
    const after = await pollWorld(client, 800, (w) => total(w) !== total(before));
    expect(total(after)).toBe(total(before));
  });
});
