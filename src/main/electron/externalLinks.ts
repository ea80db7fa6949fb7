// Which links may leave the app for the system browser: posts and profiles on the networks the
// service publishes to, over https, and nothing else. A compromised or buggy renderer must not be
// able to make the OS open `file:`, `smb:`, custom app schemes or arbitrary sites.

/** Registrable domains of the known networks; their subdomains (www., m., …) are accepted too. */
export const KNOWN_NETWORK_DOMAINS: readonly string[] = [
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
];

/** The longest URL handed to the OS: nothing legitimate is longer, and some handlers choke on more. */
const MAX_URL_LENGTH = 4096;

/**
 * Characters parsers disagree about: the WHATWG parser reads `\` as `/` and drops tabs and line
 * breaks, other URL handlers of the OS do not, so `https://facebook.com\@evil.example` is
 * facebook.com to the check and evil.example to them. No link of a network has them unencoded.
 */
// eslint-disable-next-line no-control-regex
const AMBIGUOUS = /[\\\u0000-\u0020\u007f]/;

/**
 * The normalized href of `url` when it may be opened in the system browser, else null. Only this
 * href ever reaches shell.openExternal: the very string the check looked at, not the one a page
 * handed over.
 */
export function externalHref(url: string): string | null {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH || AMBIGUOUS.test(url)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  // `https://facebook.com@evil.example/` shows a trusted name to the user but goes elsewhere.
  if (parsed.username !== '' || parsed.password !== '') return null;
  // Only the default port: the networks never link to another one.
  if (parsed.port !== '') return null;
  // The parser lower-cases and punycodes the host; a trailing dot is the same host to DNS.
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  const known = KNOWN_NETWORK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
  return known ? parsed.href : null;
}

export function isOpenableExternally(url: string): boolean {
  return externalHref(url) !== null;
}
