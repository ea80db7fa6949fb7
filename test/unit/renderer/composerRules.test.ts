import { describe, expect, it } from 'vitest';
import { commentsToggleSupported, composerRules, draftProblems, fillTemplate, greetingName } from '../../../src/renderer/logic/composerRules.ts';

describe('the composer rules', () => {
  it('shows the LinkedIn comment URN filled in from the store and explains @[Full Name]', () => {
    const rules = composerRules({ platform: 'linkedin', commentUrn: 'urn:li:comment:(urn:li:activity:1,2)', videoId: null });
    expect(rules.canReply).toBe(true);
    expect(rules.filledIn.join()).toContain('urn:li:comment:(urn:li:activity:1,2)');
    expect(rules.mentionHelp).toContain('@[Full Name]');
  });

  it('refuses a LinkedIn reply without a URN, and a TikTok reply without a video id, before sending', () => {
    expect(composerRules({ platform: 'linkedin', commentUrn: null, videoId: null }).blockedReason).toMatch(/URN/);
    expect(composerRules({ platform: 'tiktok', commentUrn: null, videoId: null }).blockedReason).toMatch(/video id/);
    expect(composerRules({ platform: 'tiktok', commentUrn: null, videoId: '123' }).filledIn.join()).toContain('123');
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

  it('fills {name} in saved replies from the author', () => {
    expect(fillTemplate('Thanks, {name}!', '@the_real_zoe')).toBe('Thanks, the_real_zoe!');
    expect(fillTemplate('Hi {name} and {name}', 'Ada Lovelace')).toBe('Hi Ada and Ada');
    expect(greetingName('  ')).toBe('there');
  });

  it('offers the comments switch on instagram, linkedin and tiktok only', () => {
    expect(commentsToggleSupported('instagram')).toBe(true);
    expect(commentsToggleSupported('facebook')).toBe(false);
  });
});
