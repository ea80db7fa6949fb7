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

export function isOpenableExternally(url: string): boolean {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  // `https://facebook.com@evil.example/` shows a trusted name to the user but goes elsewhere.
  if (parsed.username !== '' || parsed.password !== '') return false;
  // Only the default port: the networks never link to another one.
  if (parsed.port !== '') return false;
  // The parser lower-cases and punycodes the host; a trailing dot is the same host to DNS.
  const host = parsed.hostname.endsWith('.') ? parsed.hostname.slice(0, -1) : parsed.hostname;
  return KNOWN_NETWORK_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}
