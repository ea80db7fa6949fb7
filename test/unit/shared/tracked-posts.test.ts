import { describe, expect, it } from 'vitest';
import { parsePostReference } from '../../../src/shared/domain/trackedPosts.ts';

const id = (platform: Parameters<typeof parsePostReference>[0], text: string) => {
  const parsed = parsePostReference(platform, text);
  return parsed.ok ? parsed.socialPostId : `refused: ${parsed.reason}`;
};

describe('parsePostReference', () => {
  it('reads the video id from every form of YouTube link people copy', () => {
    for (const link of [
      'https://youtu.be/Oxzc9eRHtgz',
      'https://youtu.be/Oxzc9eRHtgz?si=abc&t=42',
      'https://www.youtube.com/watch?v=Oxzc9eRHtgz',
      'https://www.youtube.com/watch?feature=share&v=Oxzc9eRHtgz&t=10s',
      'https://m.youtube.com/watch?v=Oxzc9eRHtgz',
      'https://youtube.com/shorts/Oxzc9eRHtgz?feature=share',
      'https://www.youtube.com/live/Oxzc9eRHtgz',
      'https://www.youtube.com/embed/Oxzc9eRHtgz',
      'youtube.com/watch?v=Oxzc9eRHtgz',
      '  https://youtu.be/Oxzc9eRHtgz  ',
      'Oxzc9eRHtgz',
    ]) {
      expect(id('youtube', link), link).toBe('Oxzc9eRHtgz');
    }
  });

  it('refuses YouTube links without a video, other sites, and ids of the wrong shape', () => {
    expect(id('youtube', 'https://www.youtube.com/@StillWaterYoga')).toMatch(/^refused: That YouTube link does not name a video/);
    expect(id('youtube', 'https://www.youtube.com/watch?v=short')).toMatch(/^refused: /);
    expect(id('youtube', 'https://vimeo.com/12345')).toBe('refused: That is a link to vimeo.com, not to YouTube');
    expect(id('youtube', 'not an id')).toMatch(/^refused: Paste the video’s link/);
    expect(id('youtube', '')).toBe('refused: Paste a link or an id');
    expect(id('youtube', 'x'.repeat(3000))).toMatch(/^refused: A link or id is at most/);
  });

  it('reads the post id from an X or Twitter link, or takes the digits', () => {
    expect(id('twitter', 'https://x.com/spokeandchain/status/1665850872980556211')).toBe('1665850872980556211');
    expect(id('twitter', 'https://twitter.com/spokeandchain/status/1665850872980556211?s=20')).toBe('1665850872980556211');
    expect(id('twitter', 'https://mobile.twitter.com/i/web/status/1665850872980556211')).toBe('1665850872980556211');
    expect(id('twitter', '1665850872980556211')).toBe('1665850872980556211');
    expect(id('twitter', 'https://x.com/spokeandchain')).toMatch(/^refused: That X link does not name a post/);
    expect(id('twitter', 'https://youtu.be/Oxzc9eRHtgz')).toBe('refused: That is a link to youtu.be, not to X');
  });

  it('takes other networks’ ids as they are, but not their links', () => {
    expect(id('linkedin', 'urn:li:share:6546202247234616222')).toBe('urn:li:share:6546202247234616222');
    expect(id('facebook', '150950725885835_3790832387941246')).toBe('150950725885835_3790832387941246');
    expect(id('instagram', 'https://www.instagram.com/p/abc/')).toMatch(/^refused: Paste the instagram post’s id/);
    expect(id('instagram', 'two words')).toBe('refused: A post id has no spaces or slashes');
  });

  it('refuses bluesky, whose numbers come only by the service’s own post id', () => {
    expect(id('bluesky', 'at://did:plc:x/app.bsky.feed.post/3k')).toMatch(/^refused: Posts on bluesky have numbers only by the service’s own post id/);
  });
});
