// A live `messages` event on the real sync (decision 0083): the event names its conversation, so a
// conversation the plan knows is read by itself (one GET …?conversationId=), not by reading the
// network's whole conversation list first; a conversation it does not know (new) is looked for in
// the list. And live updates leave the direct-message polling alone: while comment events slow the
// comment polls, the conversation lists are read as often as without them. The sandbox, a real
// store, the profile's real ProfileSync on the fake clock, LiveNudges fed the events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveNudges } from '../../../src/main/core/team/liveNudges.ts';
import type { MessageRecord } from '../../../src/shared/wire/messages.ts';
import { startNudgedSync } from './liveNudgesRig.ts';
import { openSyncRig, type SyncRig } from './syncHarness.ts';

const MINUTE = 60_000;
let rig: SyncRig;
let nudges: LiveNudges;
let profileId: string;

const conversationsOf = (refId: string) =>
  rig.fixture.world.conversations.filter((c) => c.profileRefId === refId && c.status === 'active' && c.platform !== 'twitter');
const listReads = (from: number, to = Number.POSITIVE_INFINITY) =>
  rig.wire.records.filter((r) => r.at >= from && r.at <= to && r.profileId === profileId && r.path.includes('conversationsOnly=true')).length;
const conversationReads = (from: number, conversationId: string) =>
  rig.wire.records.filter((r) => r.at >= from && r.profileId === profileId && r.path.includes(`conversationId=${encodeURIComponent(conversationId)}`)).length;

beforeAll(async () => {
  rig = await openSyncRig({ sandbox: { rateLimit: 300 } });
  profileId = rig.clientProfiles.filter((p) => p.messagingEnabled).sort((a, b) => conversationsOf(b.refId).length - conversationsOf(a.refId).length)[0]!.refId;
  nudges = await startNudgedSync(rig, profileId);
}, 120_000);

afterAll(async () => {
  await nudges?.stop();
  await rig?.close();
});

describe('a live messages event', () => {
  it('reads the conversation it names, at once and by itself, not the whole list', async () => {
    await rig.runFor(10 * MINUTE);
    // The quietest conversation: read only every hour at today's pace.
    const quiet = conversationsOf(profileId).sort((a, b) => Date.parse(a.lastMessageAt) - Date.parse(b.lastMessageAt))[0]!;
    const written = (await rig.fixture.control('POST', '/messages', {
      profileRefId: profileId,
      platform: quiet.platform,
      conversationId: quiet.conversationId,
      message: 'Is the workshop on Saturday still on?',
    })) as { conversationId: string; message: MessageRecord };
    const before = rig.clock.now();
    expect(nudges.take({ action: 'messages', refId: profileId, platform: quiet.platform, conversationId: quiet.conversationId })).toBe('read');
    await rig.quiescent();
    // Without the clock moving: one read of that conversation, no list.
    expect(rig.clock.now()).toBe(before);
    expect(conversationReads(before, quiet.conversationId)).toBe(1);
    expect(listReads(before)).toBe(0);
    const thread = rig.store.conversation(`dm:${quiet.platform}:${quiet.conversationId}`, profileId);
    expect(thread?.messages.map((m) => m.messageId)).toContain(written.message.id);
  });

  it('looks for a conversation it does not know (a new one) in the network’s list, at once', async () => {
    await rig.runFor(MINUTE);
    const newcomer = (await rig.fixture.control('POST', '/messages', {
      profileRefId: profileId,
      platform: 'facebook',
      message: 'Hello, do you take bookings?',
      from: { name: 'New Person' },
    })) as { conversationId: string; message: MessageRecord };
    const before = rig.clock.now();
    expect(nudges.take({ action: 'messages', refId: profileId, platform: 'facebook', conversationId: newcomer.conversationId })).toBe('read');
    await rig.quiescent();
    expect(rig.clock.now()).toBe(before);
    expect(listReads(before)).toBe(1);
    expect(conversationReads(before, newcomer.conversationId)).toBe(1);
    expect(rig.store.conversation(`dm:facebook:${newcomer.conversationId}`, profileId)?.messages.map((m) => m.messageId)).toContain(newcomer.message.id);
  });

  it('leaves the direct-message lists’ pace alone while comment events slow the comment polls', async () => {
    await rig.runFor(11 * MINUTE); // no event for 10 minutes: today's pace
    const todayFrom = rig.clock.now();
    await rig.runFor(10 * MINUTE);
    const today = listReads(todayFrom, rig.clock.now() - 1);
    // Comment events every minute for 10 minutes: the profile is live (its comment polls slower).
    const liveFrom = rig.clock.now();
    for (let minute = 0; minute < 10; minute++) {
      nudges.take({ action: 'comments', refId: profileId, platform: 'facebook', socialPostId: `not-a-post-${minute}` });
      await rig.runFor(MINUTE);
    }
    const live = listReads(liveFrom, rig.clock.now() - 1);
    expect(today).toBeGreaterThanOrEqual(5);
    expect(live).toBe(today);
  });
});
