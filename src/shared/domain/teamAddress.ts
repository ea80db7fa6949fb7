// The one rule the Settings → Team form tells before anything is sent: a team server on another
// computer must be reached over https (main checks it again, with core/team/serverAddress.ts).
// Without zod, so that the page can bundle it.

const THIS_COMPUTER = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);

/**
 * Whether the form should say "this address must start with https://": a plain http address of
 * another computer. Anything else (not an address yet, https, this computer) is left to main's own
 * check, which says what is wrong in its words.
 */
export function needsEncryption(serverUrl: string): boolean {
  try {
    const url = new URL(serverUrl.trim());
    return url.protocol === 'http:' && !THIS_COMPUTER.has(url.hostname);
  } catch {
    return false;
  }
}
