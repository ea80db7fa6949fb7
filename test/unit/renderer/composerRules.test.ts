import { describe, expect, it } from 'vitest';
import { commentsToggleSupported, composerRules, draftProblems, fillTemplate, greetingName, messageRules } from '../../../src/renderer/logic/composerRules.ts';
import type { ConversationInfo } from '../../../src/shared/domain/inbox.ts';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const HOUR = 3_600_000;

function conversation(replyWindowClosesAt: number | null): ConversationInfo {
  return {
    conversationId: 'c1',
    recipientId: 'person-1',
    name: 'Ana López',
    username: 'ana.lopez',
    pictureUrl: null,
    lastMessageAt: '2026-03-09T12:00:00Z',
    lastReceivedAt: '2026-03-09T12:00:00Z',
    lastSentAt: null,
    replyWindowClosesAt,
    status: 'active',
    messageCount: 3,
  };
}

describe('the composer rules', () => {
  // Issue 19 changed this: the network's ids are never shown to the user.
  it('takes the LinkedIn comment URN from the store without showing it, and explains @[Full Name]', () => {
    const rules = composerRules({ platform: 'linkedin', commentUrn: 'urn:li:comment:(urn:li:activity:1,2)', videoId: null });
    expect(rules.canReply).toBe(true);
    expect(rules.filledIn.join()).not.toContain('urn:');
    expect(rules.mentionHelp).toContain('@[Full Name]');
  });

  it('refuses a LinkedIn reply without a URN, and a TikTok reply without a video id, before sending', () => {
    expect(composerRules({ platform: 'linkedin', commentUrn: null, videoId: null }).blockedReason).toMatch(/LinkedIn comment cannot be answered from here yet/);
    expect(composerRules({ platform: 'tiktok', commentUrn: null, videoId: null }).blockedReason).toMatch(/TikTok comment cannot be answered from here yet/);
    expect(composerRules({ platform: 'tiktok', commentUrn: null, videoId: '3130779558455504604' }).filledIn.join()).not.toContain('3130779558455504604');
  });

  it('says where replies to outside comments are not possible', () => {
    for (const platform of ['bluesky', 'youtube', 'threads'] as const)
      expect(composerRules({ platform, commentUrn: null, videoId: null }).canReply).toBe(false);
    expect(composerRules({ platform: 'instagram', commentUrn: null, videoId: null }).canReply).toBe(true);
  });

  it('allows one image on facebook and linkedin only', () => {
    const facebook = composerRules({ platform: 'facebook', commentUrn: null, videoId: null });
    const instagram = composerRules({ platform: 'instagram', commentUrn: null, videoId: null });
    expect(draftProblems(facebook, 'Hi', 'https://example.com/a.png')).toEqual([]);
    expect(draftProblems(facebook, 'Hi', 'https://example.com/a.png https://example.com/b.png')[0]?.message).toMatch(/One image/);
    expect(draftProblems(facebook, 'Hi', 'ftp://x')[0]?.field).toBe('image');
    expect(draftProblems(instagram, 'Hi', 'https://example.com/a.png')[0]?.message).toMatch(/Facebook and LinkedIn/);
  });

  it('needs some text', () => {
    const rules = composerRules({ platform: 'instagram', commentUrn: null, videoId: null });
    expect(draftProblems(rules, '   ', '')[0]?.field).toBe('text');
  });

  it('says before Send that a broken character or only invisible characters cannot go out (the bridge refuses them too)', () => {
    const reply = composerRules({ platform: 'instagram', commentUrn: null, videoId: null });
    const message = messageRules({ platform: 'twitter', authorName: 'Sam', conversation: conversation(null) }, NOW);
    expect(draftProblems(reply, 'Thanks \uD83D', '')).toEqual([
      {
        field: 'text',
        message: 'This reply holds a broken character (half of an emoji or a symbol, often left by a cut-off paste): delete it and type it again.',
      },
    ]);
    expect(draftProblems(message, '\u200B\u200D', '')).toEqual([
      { field: 'text', message: 'This message holds only invisible characters: write something the person can read.' },
    ]);
    expect(draftProblems(reply, 'Thanks 😀 👩‍💻', '')).toEqual([]);
  });

  it('fills {name} in saved replies from the author', () => {
    expect(fillTemplate('Thanks, {name}!', '@the_real_zoe')).toBe('Thanks, the_real_zoe!');
    expect(fillTemplate('Hi {name} and {name}', 'Ada Lovelace')).toBe('Hi Ada and Ada');
    expect(greetingName('  ')).toBe('there');
  });

  it('lets a direct message go while its reply window is open, and stops it with the reason once closed', () => {
    const open = messageRules({ platform: 'facebook', authorName: 'Ana López', conversation: conversation(NOW + HOUR) }, NOW);
    expect(open).toMatchObject({ canReply: true, blockedReason: null, noun: 'message', imageAllowed: false, maxLength: 2000 });
    const closed = messageRules({ platform: 'facebook', authorName: 'Ana López', conversation: conversation(NOW - HOUR) }, NOW);
    expect(closed.canReply).toBe(false);
    expect(closed.blockedReason).toMatch(/^The reply window closed 1 h ago .*Facebook takes an answer only within 7 days/);
    // The same conversation, an hour earlier: still open.
    expect(messageRules({ platform: 'facebook', authorName: 'Ana López', conversation: conversation(NOW - HOUR) }, NOW - 2 * HOUR).canReply).toBe(true);
  });

  it('has no window on X and takes each network’s longest message', () => {
    const x = messageRules({ platform: 'twitter', authorName: 'Sam', conversation: conversation(null) }, NOW);
    expect(x).toMatchObject({ canReply: true, maxLength: 10_000 });
    const instagram = messageRules({ platform: 'instagram', authorName: 'Sam', conversation: conversation(NOW + HOUR) }, NOW);
    expect(draftProblems(instagram, 'x'.repeat(999), '')).toEqual([]);
    expect(draftProblems(instagram, 'x'.repeat(1000), '')[0]?.message).toBe('A message is at most 999 characters.');
    expect(draftProblems(instagram, ' ', '')[0]?.message).toBe('Write a message first.');
    expect(messageRules({ platform: 'linkedin', authorName: 'Sam', conversation: conversation(null) }, NOW).canReply).toBe(false);
  });

  it('offers the comments switch on instagram, linkedin and tiktok only', () => {
    expect(commentsToggleSupported('instagram')).toBe(true);
    expect(commentsToggleSupported('facebook')).toBe(false);
  });
});
