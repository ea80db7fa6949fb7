// Direct messages synced from a real sandbox into a real store, on a fake clock shared by both: the
// first sync brings every active conversation of a profile with all its messages; a person writing
// (POST /__sandbox/messages) reaches the store by the sync; a profile with messaging off, or turned
// off (PUT /__sandbox/messaging), is told once in words and not asked again in a loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewMessagesEvent, SyncErrorEvent } from '../../../src/main/core/sync/events.ts';
import type { MessageRecord } from '../../../src/shared/wire/messages.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let rig: SyncRig;
/** The client profile with messaging on and the most active conversations. */
let profileId: string;
/** The seeded profile with messaging off. */
let offProfileId: string;

const conversationsOf = (refId: string) => rig.fixture.world.conversations.filter((c) => c.profileRefId === refId && c.status === 'active');
const messageEvents = (from = 0) => rig.events.slice(from).filter((e): e is NewMessagesEvent => e.type === 'new-messages');
const messagingProblems = (refId: string, from = 0) =>
  rig.events.slice(from).filter((e): e is SyncErrorEvent => e.type === 'sync-error' && e.profileId === refId && e.error.kind === 'messaging');
const messageRequests = (refId: string, from = 0) => rig.wire.records.slice(from).filter((r) => r.profileId === refId && r.path.startsWith('/messages/'));

beforeAll(async () => {
  rig = await openSyncRig();
  const clients = rig.clientProfiles;
  offProfileId = clients.find((p) => !p.messagingEnabled)!.refId;
  profileId = clients.filter((p) => p.messagingEnabled).sort((a, b) => conversationsOf(b.refId).length - conversationsOf(a.refId).length)[0]!.refId;
  rig.addProfile(profileId);
  rig.addProfile(offProfileId);
  rig.sync.start();
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

describe('direct messages synced from the sandbox', () => {
  it('a first sync stores every active conversation of the profile with all its messages', async () => {
    await rig.runFor(15 * MINUTE);
    await rig.fixture.refresh();
    const expected = conversationsOf(profileId);
    expect(new Set(expected.map((c) => c.platform)).size).toBeGreaterThanOrEqual(2);
    for (const conversation of expected) {
      const key = `dm:${conversation.platform}:${conversation.conversationId}`;
      const thread = rig.store.conversation(key, profileId);
      expect(thread, key).not.toBeNull();
      expect(thread!.messages, key).toHaveLength(conversation.messageCount);
      expect(thread!.row.conversation?.recipientId).toBe(conversation.recipientId);
      expect(Date.parse(thread!.row.conversation!.lastMessageAt)).toBe(Date.parse(conversation.lastMessageAt));
    }
    const told = messageEvents().filter((e) => e.profileId === profileId);
    expect(new Set(told.flatMap((e) => e.keys)).size).toBe(expected.length);
    // The comments of the profile were synced beside them.
    expect(rig.firstSyncDone(profileId)).toBe(true);
  });

  it('a person writing, in a new conversation or an old quiet one, reaches the store by the sync as news', async () => {
    const from = rig.events.length;
    const quiet = conversationsOf(profileId)
      .filter((c) => c.platform !== 'twitter')
      .sort((a, b) => Date.parse(a.lastMessageAt) - Date.parse(b.lastMessageAt))[0]!;
    const inQuiet = (await rig.fixture.control('POST', '/messages', {
      profileRefId: profileId,
      platform: quiet.platform,
      conversationId: quiet.conversationId,
      message: 'Are you still taking orders?',
    })) as { conversationId: string; message: MessageRecord };
    const newcomer = (await rig.fixture.control('POST', '/messages', {
      profileRefId: profileId,
      platform: 'facebook',
      message: 'Hello, I saw your page',
      from: { name: 'New Person' },
    })) as { conversationId: string; message: MessageRecord };
    await rig.runFor(3 * MINUTE);
    for (const written of [inQuiet, newcomer]) {
      const key = `dm:${written.message.platform ?? 'facebook'}:${written.conversationId}`;
      const thread = rig.store.conversation(key, profileId);
      expect(
        thread?.messages.map((m) => m.messageId),
        key,
      ).toContain(written.message.id);
      expect(thread?.row.unread).toBe(true);
    }
    const told = messageEvents(from).filter((e) => e.profileId === profileId);
    expect(told.every((e) => !e.firstFetch)).toBe(true);
    expect(told.flatMap((e) => e.keys)).toEqual(
      expect.arrayContaining([`dm:${quiet.platform}:${quiet.conversationId}`, `dm:facebook:${newcomer.conversationId}`]),
    );
  });

  it('the profile with messaging off is told once in words and asked once, its comments synced all the same', async () => {
    const told = messagingProblems(offProfileId);
    expect(told).toHaveLength(1);
    expect(told[0]!.error.message).toMatch(/^Direct messages of this profile are not synced: messaging is not enabled/);
    expect(messageRequests(offProfileId)).toHaveLength(1);
    expect(rig.firstSyncDone(offProfileId)).toBe(true);
  });

  it('messaging turned off for a profile: told once in words, not asked again in a loop, the comments go on', async () => {
    await rig.fixture.control('PUT', '/messaging', { profileRefId: profileId, enabled: false });
    const from = rig.events.length;
    const wireFrom = rig.wire.records.length;
    await rig.runFor(HOUR);
    const told = messagingProblems(profileId, from);
    expect(told).toHaveLength(1);
    expect(told[0]!.error.message).toContain('Messaging Active');
    expect(told[0]!.error.message).toContain('Refresh now');
    const refused = messageRequests(profileId, wireFrom);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.status).toBe(403);
    // The rest of the profile's sync did not stop.
    expect(rig.wire.records.slice(wireFrom).filter((r) => r.profileId === profileId && r.path.startsWith('/comments/')).length).toBeGreaterThan(50);
    expect(rig.sync.profile(profileId)?.status().state).not.toBe('held');
  });
});
