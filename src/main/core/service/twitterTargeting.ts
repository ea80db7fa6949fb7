// Which requests target twitter, as public-facts.md defines it: a request whose `platforms` or
// `platform` includes twitter, one addressed by an id that lives on twitter, and GET
// /history/twitter. Those, and no others, carry the account's X key pair.
import type { Network } from '../../../shared/networks.ts';

/**
 * True when any of the networks the request names or addresses is twitter. Each argument is one
 * source: a `platforms` list, a `platform`, or the networks an addressed post or comment lives on.
 */
export function targetsTwitter(...sources: (readonly string[] | string | undefined)[]): boolean {
  return sources.some((source) => (typeof source === 'string' ? source === 'twitter' : (source ?? []).includes('twitter' satisfies Network)));
}
