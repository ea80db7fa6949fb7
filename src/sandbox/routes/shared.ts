// Small pieces the operations share: the profile's linked networks, a post's public URL for a
// reply, and the text of a request (with the `randomComment` / `randomPost` test helpers).
import { isNetwork, type Network } from '../../shared/networks.ts';
import type { ApiCall } from '../http/api.ts';
import { badRequest, ErrorCode } from '../http/errors.ts';
import { optionalBoolean, optionalStringArray, requireString } from '../http/validate.ts';
import type { ProfileState } from '../world/types.ts';
import { outsideCommentText } from '../world/vocabulary.ts';

export function linkedNetworks(profile: ProfileState): Network[] {
  return Object.keys(profile.accounts).filter(isNetwork);
}

/** The comment text of a request, or a random one when the request sets `randomComment: true`. */
export function commentText(call: ApiCall, platform: Network): string {
  if (optionalBoolean(call.body, 'randomComment') === true) {
    return outsideCommentText(call.runtime.world.draw(), platform);
  }
  return requireString(call.body, 'comment');
}

/** The public URL of a comment or reply on the networks whose reply result carries one. */
export function replyUrl(profile: ProfileState, platform: Network, socialId: string): string | undefined {
  const account = profile.accounts[platform];
  if (platform === 'twitter') return `https://x.com/${account?.username ?? 'i'}/status/${socialId}`;
  if (platform === 'bluesky') {
    const recordKey = socialId.split('/').pop() ?? socialId;
    return `https://bsky.app/profile/${account?.username ?? 'unknown'}/post/${recordKey}`;
  }
  return undefined;
}

/**
 * `mediaUrls`: one image URL, and only on the networks that take one. `what` names the operation.
 */
export function mediaUrlsFor(call: ApiCall, targets: readonly string[], allowed: readonly Network[], what: string): string[] | undefined {
  const urls = optionalStringArray(call.body, 'mediaUrls');
  if (urls === undefined) return undefined;
  if (urls.length !== 1) throw badRequest(ErrorCode.invalidField, `${what} takes one image URL in "mediaUrls"; got ${urls.length}`);
  const [url] = urls as [string];
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw badRequest(ErrorCode.invalidField, `"mediaUrls" must hold an http(s) URL; got "${url}"`);
  const refused = targets.filter((t) => !(allowed as readonly string[]).includes(t));
  if (refused.length > 0) {
    throw badRequest(ErrorCode.invalidField, `${what} takes an image only on ${allowed.join(', ')}; not on ${refused.join(', ')}`);
  }
  return urls;
}

/** Writes an applied write of this call into the ledger (the control surface's GET /ledger). */
export function recordWrite(call: ApiCall, kind: string, ids: string[], text: string | null, profileRefId = call.profile.refId): void {
  call.runtime.world.record({
    at: call.runtime.now().toISOString(),
    method: call.method,
    path: call.path,
    profileRefId,
    kind,
    ids,
    text,
  });
}
