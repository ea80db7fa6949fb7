import { describe, expect, it } from 'vitest';
import { isOpenableExternally, KNOWN_NETWORK_DOMAINS } from '../../../src/main/electron/externalLinks.ts';

describe('isOpenableExternally', () => {
  it.each([
    'https://bsky.app/profile/studio.bsky.social/post/3k2a',
    'https://www.facebook.com/123/posts/456',
    'https://m.facebook.com/story.php?id=1',
    'https://www.instagram.com/p/Cabc123/',
    'https://www.linkedin.com/feed/update/urn:li:share:7000/',
    'https://www.tiktok.com/@studio/video/7300000000000000000',
    'https://x.com/studio/status/1800000000000000000',
    'https://twitter.com/studio/status/1800000000000000000',
    'https://mobile.twitter.com/studio/status/1',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.threads.net/@studio/post/C1',
    'https://www.threads.com/@studio/post/C1',
    'https://X.COM/studio',
    'https://x.com./studio',
  ])('opens %s: an https link to a known network', (url) => {
    expect(isOpenableExternally(url)).toBe(true);
  });

  it.each([
    ['http://x.com/studio', 'plain http'],
    ['file:///etc/passwd', 'a local file'],
    ['smb://x.com/share', 'another scheme'],
    ['javascript:alert(1)', 'script'],
    ['https://example.com/', 'an unknown site'],
    ['https://x.com.evil.example/', 'a known name as a prefix of another domain'],
    ['https://evilx.com/', 'a known name as a suffix of another word'],
    ['https://notfacebook.com/', 'a look-alike'],
    ['https://facebook.com@evil.example/', 'credentials that hide the real host'],
    ['https://user:pw@x.com/', 'credentials on a known host'],
    ['https://x.com:8443/', 'a non-default port'],
    ['app://renderer/index.html', 'our own scheme'],
    ['not a url', 'not a URL'],
    ['', 'nothing'],
    [`https://x.com/${'a'.repeat(5000)}`, 'an absurdly long URL'],
  ])('refuses %s (%s)', (url) => {
    expect(isOpenableExternally(url)).toBe(false);
  });

  it('covers every network the service publishes to', () => {
    expect(KNOWN_NETWORK_DOMAINS).toEqual(
      expect.arrayContaining([
        'bsky.app',
        'facebook.com',
        'instagram.com',
        'linkedin.com',
        'tiktok.com',
        'x.com',
        'twitter.com',
        'youtube.com',
        'youtu.be',
        'threads.net',
        'threads.com',
      ]),
    );
  });
});
