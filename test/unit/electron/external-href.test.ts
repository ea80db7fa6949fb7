// What reaches shell.openExternal: only the normalized href of the URL that was parsed and checked,
// never the string a page handed over. Parsers disagree about backslashes, control characters and
// credentials (`https://facebook.com\@evil.example` is facebook.com to the WHATWG parser and
// evil.example to others), so the OS must get the one form the check looked at.
import { describe, expect, it } from 'vitest';
import { externalHref } from '../../../src/main/electron/externalLinks.ts';
import { guardNavigation, type GuardedContents } from '../../../src/main/electron/navigationGuard.ts';
import { PRODUCTION_ORIGIN } from '../../../src/main/electron/appOrigin.ts';

describe('externalHref', () => {
  it('answers the parsed, normalized href of an allowed link', () => {
    expect(externalHref('https://X.COM/studio')).toBe('https://x.com/studio');
    expect(externalHref('https://www.youtube.com/watch?v=1#t=2')).toBe('https://www.youtube.com/watch?v=1#t=2');
    expect(externalHref('https://x.com./studio')).toBe('https://x.com./studio');
  });

  it.each([
    ['https://facebook.com\\@evil.example', 'a backslash before credentials'],
    ['https://facebook.com\\\\evil.example/', 'backslashes read as slashes by one parser only'],
    ['https://x.com/\nhttps://evil.example', 'a line break, which the parser drops silently'],
    ['https://x.com/\tpath', 'a tab'],
    [' https://x.com/', 'leading white space'],
    ['https://x.com/ path', 'a space'],
    ['https://facebook.com%40evil.example/', 'an encoded @ in the host'],
    ['https://user@x.com/', 'credentials'],
    ['https://evil.example/x.com', 'a host not on the list'],
  ])('refuses %s (%s)', (url) => {
    expect(externalHref(url)).toBeNull();
  });
});

describe('the navigation guard hands openExternal', () => {
  function guard() {
    const opened: string[] = [];
    let onNavigate: ((event: { preventDefault(): void }, url: string) => void) | undefined;
    let openHandler: ((details: { url: string }) => unknown) | undefined;
    const contents = {
      on(event: string, listener: (event: { preventDefault(): void }, url: string) => void) {
        if (event === 'will-navigate') onNavigate = listener;
        return contents;
      },
      setWindowOpenHandler(handler: (details: { url: string }) => unknown) {
        openHandler = handler;
      },
    };
    guardNavigation(contents as unknown as GuardedContents, { origin: PRODUCTION_ORIGIN, openExternal: async (url) => void opened.push(url) });
    return {
      opened,
      navigate: (url: string) => onNavigate?.({ preventDefault() {} }, url),
      openWindow: (url: string) => openHandler?.({ url }),
    };
  }

  it('the checked href, not the original string, from a navigation and from window.open', () => {
    const g = guard();
    g.navigate('https://X.COM/studio');
    g.openWindow('https://WWW.YouTube.com/watch?v=1');
    expect(g.opened).toEqual(['https://x.com/studio', 'https://www.youtube.com/watch?v=1']);
  });

  it('nothing for a link another parser would read as another host', () => {
    const g = guard();
    g.navigate('https://facebook.com\\@evil.example');
    g.openWindow('https://facebook.com\\@evil.example');
    expect(g.opened).toEqual([]);
  });
});
