// Where the team server is. Anything that is not this computer must be reached over TLS: the
// replication carries the team's triage, notes and replies, and the member's password rides on
// every request. Credentials come from the vault, never in the address.
import { TeamAddressError } from './teamErrors.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', '::1', 'localhost']);
/** CouchDB's rule for database names. */
const WORKSPACE_NAME = /^[a-z][a-z0-9_$()+/-]{0,127}$/;

/**
 * An address as it may be shown (an error, a log line, the screen): any member name and password in
 * it replaced by "…". Everything from `//` to the last `@` goes, so a password with a `/`, `#` or
 * `@` in it, which a URL parser would split elsewhere, is not left half-shown.
 */
export function addressWithoutCredentials(address: string): string {
  return address.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^\s]*@/i, '$1…@');
}

/** A message with the credentials of every address in it redacted (see addressWithoutCredentials). */
export function messageWithoutCredentials(message: string): string {
  return message.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s"'<>]*@/gi, '$1…@');
}

/** The workspace database's URL (no trailing slash), or a TeamAddressError saying what is wrong. */
export function workspaceUrl(serverUrl: string, workspace: string): string {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    throw new TeamAddressError('The team server address is not a web address (it starts with https://).');
  }
  if (url.username !== '' || url.password !== '')
    throw new TeamAddressError('Leave the member name and password out of the address; they are kept separately.');
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new TeamAddressError('A team server on another computer must use https://, so that the team’s work and your password travel encrypted.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TeamAddressError('The team server address starts with https://.');
  if (url.search !== '' || url.hash !== '') throw new TeamAddressError('The team server address has no ? or # part.');
  if (!WORKSPACE_NAME.test(workspace))
    throw new TeamAddressError('A workspace name starts with a lowercase letter and has lowercase letters, digits and _$()+-/ only.');
  const base = url.href.replace(/\/+$/, '');
  return `${base}/${encodeURIComponent(workspace)}`;
}
