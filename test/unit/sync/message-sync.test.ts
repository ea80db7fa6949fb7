// The direct-messages job of a profile's sync against an in-memory service and store on a stepping
// clock: which networks it asks, how often it reads busy and quiet conversations, never before the
// service's nextUpdate, what it stores and tells, how it takes a refusal, and what it leaves of the
// budget to comments.
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { conversationInterval, DEFAULT_MESSAGE_POLICY, nextReadAt } from '../../../src/main/core/sync/messagePolicy.ts';
import { ProfileSync, type ProfileSyncOptions } from '../../../src/main/core/sync/profileSync.ts';
import type { MessageNetwork, Network } from '../../../src/shared/networks.ts';
import { SteppingClock } from '../../support/steppingClock.ts';
import { commentRecord, FakeServiceClient, type FakeConversation, messageRecord } from './fakeServiceClient.ts';
import { MemoryStore } from './memoryStore.ts';
import { FakeConnectivity } from './fakeConnectivity.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const running: ProfileSync[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

interface Setup {
  linked?: Network[];
  sync?: ProfileSyncOptions;
  store?: MemoryStore;
  clock?: SteppingClock;
  client?: FakeServiceClient;
  /** false: the host gives no store of direct messages (the sync as before). */
  messages?: boolean;
}

function setup(options: Setup = {}) {
  const clock = options.clock ?? new SteppingClock();
  const client = options.client ?? new FakeServiceClient(clock, { linked: options.linked ?? ['facebook', 'instagram'] });
  const store = options.store ?? new MemoryStore();
  const events: SyncEvent[] = [];
  const sync = new ProfileSync(
    { accountId: 'acc', profileId: 'profile-1', isPrimary: false },
    { client, store, clock, connectivity: new FakeConnectivity(), listener: (e) => events.push(e), ...(options.messages === false ? {} : { messages: store }) },
    options.sync,
  );
  running.push(sync);
  return { clock, client, store, events, sync };
}

/** A conversation whose person wrote `count` messages, the last `ageMs` ago. */
function conversation(clock: SteppingClock, platform: MessageNetwork, id: string, ageMs: number, count = 2): FakeConversation {
  const last = clock.now() - ageMs;
  return { platform, conversationId: id, messages: Array.from({ length: count }, (_, i) => messageRecord(platform, id, last - (count - 1 - i) * 1000)) };
}

const reads = (client: FakeServiceClient, detail: string) => client.callsOf('getConversation').filter((c) => c.detail === detail).length;
const messageCalls = (client: FakeServiceClient) => client.calls.filter((c) => c.operation === 'listConversations' || c.operation === 'getConversation');
const newMessages = (events: SyncEvent[]) => events.flatMap((e) => (e.type === 'new-messages' ? [e] : []));
const problems = (events: SyncEvent[]) => events.flatMap((e) => (e.type === 'sync-error' ? [e.error] : []));

describe('message policy', () => {
  it('reads a conversation every minute in its first hour, every 5 minutes in its first day, hourly after', () => {
    const now = 100 * DAY;
    expect(conversationInterval(now - 10 * MINUTE, now)).toBe(MINUTE);
    expect(conversationInterval(now - 3 * HOUR, now)).toBe(5 * MINUTE);
    expect(conversationInterval(now - 3 * DAY, now)).toBe(HOUR);
    expect(conversationInterval(null, now)).toBe(DEFAULT_MESSAGE_POLICY.recentMs);
  });

  it('never plans a read before the nextUpdate the service gave', () => {
    const now = 100 * DAY;
    expect(nextReadAt(now, 10_000, new Date(now + 60_000).toISOString())).toBe(now + 61_000);
    expect(nextReadAt(now, 5 * MINUTE, new Date(now + 60_000).toISOString())).toBe(now + 5 * MINUTE);
    expect(nextReadAt(now, MINUTE, undefined)).toBe(now + MINUTE);
  });
});

describe('direct messages of a profile', () => {
  it('lists the conversations of each linked network with messages, reads each once into the store, told as a backlog', async () => {
    const { clock, client, store, sync, events } = setup({ linked: ['facebook', 'instagram', 'linkedin'] });
    client.conversations = [
      conversation(clock, 'facebook', 'fb-1', 10 * MINUTE, 3),
      conversation(clock, 'facebook', 'fb-2', 2 * DAY, 1),
      conversation(clock, 'instagram', 'ig-1', HOUR, 2),
      // twitter is not linked: never asked.
      conversation(clock, 'twitter', 'tw-1', MINUTE, 2),
    ];
    sync.start();
    await clock.runFor(MINUTE);
    expect(
      client
        .callsOf('listConversations')
        .map((c) => c.detail)
        .sort(),
    ).toEqual(['facebook', 'instagram']);
    expect(
      client
        .callsOf('getConversation')
        .map((c) => c.detail)
        .sort(),
    ).toEqual(['facebook:fb-1', 'facebook:fb-2', 'instagram:ig-1']);
    expect(store.messages.size).toBe(6);
    expect(store.conversation('dm:facebook:fb-1')?.messages).toHaveLength(3);
    const told = newMessages(events);
    expect(told.flatMap((e) => e.keys).sort()).toEqual(['dm:facebook:fb-1', 'dm:facebook:fb-2', 'dm:instagram:ig-1']);
    expect(told.every((e) => e.firstFetch && e.profileId === 'profile-1')).toBe(true);
  });

  it('without a store of direct messages the sync asks for none (the sync as before)', async () => {
    const { clock, client, sync } = setup({ messages: false });
    client.conversations = [conversation(clock, 'facebook', 'fb-1', MINUTE)];
    sync.start();
    await clock.runFor(10 * MINUTE);
    expect(messageCalls(client)).toHaveLength(0);
    expect(client.callsOf('user').length).toBeGreaterThan(0);
  });

  it('reads an active conversation every minute, one of the day every 5 minutes, a quiet one about hourly', async () => {
    const { clock, client, sync } = setup({ linked: ['facebook'] });
    client.conversations = [
      conversation(clock, 'facebook', 'hot', 2 * MINUTE),
      conversation(clock, 'facebook', 'day', 3 * HOUR),
      conversation(clock, 'facebook', 'old', 10 * DAY),
    ];
    sync.start();
    await clock.runFor(HOUR);
    // hot: a minute apart while its last message is under an hour old (58 minutes of the hour).
    expect(reads(client, 'facebook:hot')).toBeGreaterThanOrEqual(45);
    expect(reads(client, 'facebook:day')).toBeGreaterThanOrEqual(10);
    expect(reads(client, 'facebook:day')).toBeLessThanOrEqual(13);
    expect(reads(client, 'facebook:old')).toBeLessThanOrEqual(2);
    // The lists: every 2 minutes.
    expect(client.callsOf('listConversations').length).toBeGreaterThanOrEqual(28);
    expect(client.callsOf('listConversations').length).toBeLessThanOrEqual(31);
  });

  it('never asks before the nextUpdate the service gave, even with a policy that would', async () => {
    const { clock, client, sync } = setup({ linked: ['facebook', 'twitter'], sync: { messagePolicy: { activeMs: 5_000, listMs: 5_000 } } });
    client.conversations = [conversation(clock, 'facebook', 'fb-hot', MINUTE), conversation(clock, 'twitter', 'tw-hot', MINUTE)];
    sync.start();
    await clock.runFor(30 * MINUTE);
    expect(client.earlyMessages).toBe(0);
    // The service's cache bounds it: facebook every 61 s, twitter every 16 s.
    expect(reads(client, 'facebook:fb-hot')).toBeGreaterThanOrEqual(25);
    expect(reads(client, 'facebook:fb-hot')).toBeLessThanOrEqual(30);
    expect(reads(client, 'twitter:tw-hot')).toBeGreaterThan(80);
  });

  it('a quiet conversation that wakes up is read at the next list, not an hour later, and told as news', async () => {
    const { clock, client, store, sync, events } = setup({ linked: ['instagram'] });
    client.conversations = [conversation(clock, 'instagram', 'busy', 5 * MINUTE), conversation(clock, 'instagram', 'quiet', 20 * DAY)];
    sync.start();
    await clock.runFor(5 * MINUTE);
    const wokeAt = clock.now();
    const fresh = messageRecord('instagram', 'quiet', wokeAt);
    client.conversations[1]!.messages.push(fresh);
    await clock.runFor(3 * MINUTE);
    const firstRead = client.callsOf('getConversation').find((c) => c.detail === 'instagram:quiet' && c.at >= wokeAt);
    // The next list (every 2 minutes, after the service's 60 s) shows it above the busy one.
    expect(firstRead!.at - wokeAt).toBeLessThanOrEqual(DEFAULT_MESSAGE_POLICY.listMs + 2_000);
    expect(store.messages.has(`instagram:${fresh.id}`)).toBe(true);
    expect(newMessages(events).at(-1)).toMatchObject({ keys: ['dm:instagram:quiet'], firstFetch: false, platform: 'instagram' });
  });

  it('a conversation a new person starts is found by the list and told as news', async () => {
    const { clock, client, store, sync, events } = setup({ linked: ['facebook'] });
    client.conversations = [conversation(clock, 'facebook', 'known', 3 * DAY)];
    sync.start();
    await clock.runFor(5 * MINUTE);
    client.conversations.push(conversation(clock, 'facebook', 'newcomer', 0, 1));
    await clock.runFor(3 * MINUTE);
    expect(store.conversation('dm:facebook:newcomer')).not.toBeNull();
    expect(newMessages(events).at(-1)).toMatchObject({ keys: ['dm:facebook:newcomer'], firstFetch: false });
  });

  it('twitter: a long conversation is read page by page, each page its own request; later only the newest page', async () => {
    const { clock, client, store, sync } = setup({ linked: ['twitter'] });
    client.conversations = [conversation(clock, 'twitter', 'long', 10 * MINUTE, 250)];
    sync.start();
    await clock.runFor(10_000);
    expect(reads(client, 'twitter:long')).toBe(3);
    expect(store.messages.size).toBe(250);
    client.conversations[0]!.messages.push(messageRecord('twitter', 'long', clock.now()));
    await clock.runFor(2 * MINUTE);
    expect(store.messages.size).toBe(251);
    // One request per later read: the newest page reaches what was read before.
    const laterReads = reads(client, 'twitter:long') - 3;
    expect(client.callsOf('getConversation').length - 3).toBe(laterReads);
    expect(laterReads).toBeGreaterThanOrEqual(1);
    expect(laterReads).toBeLessThanOrEqual(2);
  });

  it('after a restart, conversations the store knows are not all read again at once', async () => {
    const clock = new SteppingClock();
    const store = new MemoryStore();
    const client = new FakeServiceClient(clock, { linked: ['facebook'] });
    client.conversations = Array.from({ length: 20 }, (_, i) => conversation(clock, 'facebook', `c${i}`, (i + 2) * DAY));
    const first = setup({ clock, store, client });
    first.sync.start();
    await clock.runFor(MINUTE);
    expect(client.callsOf('getConversation')).toHaveLength(20);
    await first.sync.stop();

    const from = client.calls.length;
    const second = setup({ clock, store, client });
    second.sync.start();
    await clock.runFor(5 * MINUTE);
    // The list, and only the top conversation (its news cannot show in the order).
    expect(
      client.calls
        .slice(from)
        .filter((c) => c.operation === 'getConversation')
        .map((c) => c.detail),
    ).toEqual(['facebook:c0']);
  });
});

describe('refusals', () => {
  it('messaging off: told once in words, not asked again for hours, and comments go on', async () => {
    const { clock, client, sync, events } = setup({ linked: ['facebook', 'instagram'] });
    client.messaging.enabled = false;
    client.posts = [
      {
        servicePostId: 'S1',
        platform: 'facebook',
        socialPostId: 'S1-fb',
        created: new Date(clock.now() - HOUR).toISOString(),
        comments: [commentRecord('facebook', clock.now() - 1000)],
      },
    ];
    sync.start();
    await clock.runFor(5 * HOUR);
    // One refused request: the whole profile's messages wait (messaging is the profile's switch).
    expect(messageCalls(client)).toHaveLength(1);
    const told = problems(events).filter((p) => p.kind === 'messaging');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^Direct messages of this profile are not synced: messaging is not enabled for this profile/);
    expect(told[0]!.message).toContain('Refresh now');
    expect(problems(events).filter((p) => p.kind !== 'messaging')).toHaveLength(0);
    expect(sync.status().state).not.toBe('held');
    expect(client.callsOf('getComments').length).toBeGreaterThan(100);

    // Hours later it is asked again; still off, it is not told again.
    await clock.runFor(2 * HOUR);
    expect(messageCalls(client).length).toBeGreaterThan(1);
    expect(messageCalls(client).length).toBeLessThanOrEqual(3);
    expect(problems(events).filter((p) => p.kind === 'messaging')).toHaveLength(1);
  });

  it('"Refresh now" asks again at once; turned on, the messages come', async () => {
    const { clock, client, store, sync, events } = setup({ linked: ['facebook'] });
    client.messaging.enabled = false;
    client.conversations = [conversation(clock, 'facebook', 'fb-1', MINUTE)];
    sync.start();
    await clock.runFor(10 * MINUTE);
    expect(store.messages.size).toBe(0);
    client.messaging.enabled = true;
    sync.refreshNow();
    await clock.runFor(10_000);
    expect(store.messages.size).toBe(2);
    expect(problems(events).filter((p) => p.kind === 'messaging')).toHaveLength(1);
  });

  it('a network whose link must be renewed waits alone and is told once; the others are read', async () => {
    const { clock, client, store, sync, events } = setup({ linked: ['facebook', 'instagram'] });
    client.messaging.relinkRequired = ['instagram'];
    client.conversations = [conversation(clock, 'facebook', 'fb-1', MINUTE), conversation(clock, 'instagram', 'ig-1', MINUTE)];
    sync.start();
    await clock.runFor(HOUR);
    expect(messageCalls(client).filter((c) => c.detail.startsWith('instagram'))).toHaveLength(1);
    expect(store.conversation('dm:facebook:fb-1')).not.toBeNull();
    expect(reads(client, 'facebook:fb-1')).toBeGreaterThan(30);
    const told = problems(events).filter((p) => p.kind === 'messaging');
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/^Direct messages on instagram are not synced: the instagram link must be renewed/);
  });
});

describe('the budget, shared with comments', () => {
  /** 20 posts of today (a comments poll each every 30 s: 200 of the 270 requests per 5 minutes). */
  function busyProfile(clock: SteppingClock, client: FakeServiceClient): void {
    client.posts = Array.from({ length: 20 }, (_, i) => ({
      servicePostId: `S${i}`,
      platform: 'facebook' as const,
      socialPostId: `S${i}-fb`,
      created: new Date(clock.now() - (i + 1) * 30 * MINUTE).toISOString(),
      comments: [commentRecord('facebook', clock.now() - 1000)],
    }));
  }

  it('comments keep their pace beside direct messages; never over 90% of a window', async () => {
    const withoutClock = new SteppingClock();
    const without = setup({ clock: withoutClock, messages: false });
    busyProfile(withoutClock, without.client);
    without.sync.start();
    await withoutClock.runFor(30 * MINUTE);

    const withClock = new SteppingClock();
    const withDms = setup({ clock: withClock, linked: ['facebook', 'instagram'] });
    busyProfile(withClock, withDms.client);
    withDms.client.conversations = [
      ...Array.from({ length: 5 }, (_, i) => conversation(withClock, 'facebook', `hot${i}`, 5 * MINUTE)),
      ...Array.from({ length: 30 }, (_, i) => conversation(withClock, 'instagram', `quiet${i}`, (i + 2) * DAY)),
    ];
    withDms.sync.start();
    await withClock.runFor(30 * MINUTE);

    const commentsWithout = without.client.callsOf('getComments').length;
    const commentsWith = withDms.client.callsOf('getComments').length;
    expect(messageCalls(withDms.client).length).toBeGreaterThan(100);
    expect(withDms.client.refusedByBudget).toBe(0);
    expect(withDms.client.maxWindowCount).toBeLessThanOrEqual(270);
    // Within 5% of the comments polls made without direct messages.
    expect(commentsWith).toBeGreaterThanOrEqual(0.95 * commentsWithout);
  });
});
