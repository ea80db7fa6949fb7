// The reply operation's rules (spec, POST /comments/reply/:commentId), checked before sending:
// each rule with a request it accepts and one it refuses, and the message a person reads.
import { describe, expect, it } from 'vitest';
import { REPLY_BY_SERVICE_ID_NETWORKS, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../src/shared/networks.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { ReplyBodySchema } from '../../../src/shared/wire/replies.ts';

const URN = 'urn:li:comment:(urn:li:activity:7123456789012345678,7234567890123456789)';

function issues(body: unknown): string[] {
  const checked = checkShape(ReplyBodySchema, body);
  return checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`);
}

describe('reply by service comment id', () => {
  it.each(REPLY_BY_SERVICE_ID_NETWORKS)('accepts %s', (network) => {
    expect(issues({ platforms: [network], comment: 'Thanks!' })).toEqual([]);
  });

  it('accepts several networks at once', () => {
    expect(issues({ platforms: ['facebook', 'instagram', 'bluesky'], comment: 'Thanks!' })).toEqual([]);
  });

  it('refuses a network the service cannot reply on', () => {
    expect(issues({ platforms: ['reddit'], comment: 'x' })[0]).toMatch(/^platforms\[0\]: "reddit" is not a network/);
  });

  it('refuses an empty platforms list', () => {
    expect(issues({ platforms: [], comment: 'x' })).toEqual(['platforms: Name the network(s) to reply on']);
  });

  it('refuses a comment URN or a video id, which belong to replies by social id', () => {
    expect(issues({ platforms: ['linkedin'], comment: 'x', commentUrn: URN })[0]).toMatch(/^commentUrn: /);
    expect(issues({ platforms: ['tiktok'], comment: 'x', videoId: '123' })[0]).toMatch(/^videoId: /);
  });
});

describe('reply by social comment id (searchPlatformId)', () => {
  const social = (platform: string, extra: Record<string, unknown> = {}) => ({ platforms: [platform], comment: 'Thanks!', searchPlatformId: true, ...extra });

  it.each(REPLY_BY_SOCIAL_ID_NETWORKS.filter((n) => n !== 'linkedin' && n !== 'tiktok'))('accepts %s without extra parameters', (network) => {
    expect(issues(social(network))).toEqual([]);
  });

  it.each(['bluesky', 'youtube', 'threads'])('refuses %s, where only service comment ids can be replied to', (network) => {
    expect(issues(social(network)).join()).toMatch(/possible on facebook, instagram, linkedin, tiktok, twitter only; not on/);
  });

  it('refuses more than one network', () => {
    expect(issues({ ...social('facebook'), platforms: ['facebook', 'instagram'] })).toContain(
      'platforms: A reply to a comment made outside the service goes to exactly one network; got 2',
    );
  });

  it('accepts the same network named twice as one', () => {
    expect(issues({ ...social('facebook'), platforms: ['facebook', 'facebook'] })).toEqual([]);
  });

  it('linkedin: accepts the full comment URN', () => {
    expect(issues(social('linkedin', { commentUrn: URN }))).toEqual([]);
  });

  it('linkedin: refuses a missing URN', () => {
    expect(issues(social('linkedin'))[0]).toMatch(/^commentUrn: A LinkedIn reply .* needs the full comment URN/);
  });

  it('linkedin: refuses a bare id, saying it looks like one', () => {
    expect(issues(social('linkedin', { commentUrn: '7234567890123456789' }))[0]).toMatch(
      /^commentUrn: LinkedIn needs the full comment URN; this looks like a bare id/,
    );
  });

  it('linkedin: refuses a URN without the activity part', () => {
    expect(issues(social('linkedin', { commentUrn: 'urn:li:comment:7234567890123456789' }))[0]).toMatch(/incomplete/);
  });

  it('tiktok: accepts the video id', () => {
    expect(issues(social('tiktok', { videoId: '7301234567890123456' }))).toEqual([]);
  });

  it('tiktok: refuses a missing video id', () => {
    expect(issues(social('tiktok'))[0]).toMatch(/^videoId: A TikTok reply .* needs the id of the video/);
  });

  it('tiktok: refuses a video id that is not a number', () => {
    expect(issues(social('tiktok', { videoId: 'https://www.tiktok.com/@a/video/1' }))[0]).toMatch(/^videoId: A TikTok video id is a number/);
  });

  it('refuses a URN on a network other than linkedin and a video id on one other than tiktok', () => {
    expect(issues(social('facebook', { commentUrn: URN }))[0]).toMatch(/^commentUrn: A comment URN belongs only to a LinkedIn reply/);
    expect(issues(social('facebook', { videoId: '1' }))[0]).toMatch(/^videoId: A video id belongs only to a TikTok reply/);
  });
});

describe('reply text', () => {
  it('accepts text with @mentions', () => {
    expect(issues({ platforms: ['linkedin'], comment: 'Thanks @[Jane Doe] and @acme!' })).toEqual([]);
  });

  it.each(['', '   \n'])('refuses an empty reply (%j)', (text) => {
    expect(issues({ platforms: ['facebook'], comment: text })).toEqual(['comment: The reply is empty; write something first']);
  });

  it('accepts no text when the service is asked for a random one (test helper)', () => {
    expect(issues({ platforms: ['facebook'], randomComment: true })).toEqual([]);
  });
});

describe('reply image', () => {
  it.each(['facebook', 'linkedin'])('accepts one image URL on %s', (network) => {
    expect(issues({ platforms: [network], comment: 'x', mediaUrls: ['https://img.example/a.png'] })).toEqual([]);
  });

  it('refuses an image on other networks', () => {
    expect(issues({ platforms: ['facebook', 'instagram'], comment: 'x', mediaUrls: ['https://img.example/a.png'] })).toEqual([
      'mediaUrls: A reply can carry an image only on facebook, linkedin; not on instagram',
    ]);
  });

  it('refuses two images', () => {
    expect(issues({ platforms: ['facebook'], comment: 'x', mediaUrls: ['https://a.example/1.png', 'https://a.example/2.png'] })).toEqual([
      'mediaUrls: A reply takes exactly one image; got 2',
    ]);
  });

  it('refuses something that is not a web address', () => {
    expect(issues({ platforms: ['facebook'], comment: 'x', mediaUrls: ['file:///etc/passwd'] })[0]).toMatch(/^mediaUrls\[0\]: This is not a web address/);
  });
});
