// A live event as the app reads it from the workspace's events database (decision 0072): only the
// fields that name what to read, each checked; everything else the service (or a forger) put in
// the document is ignored, never shown and never stored. The server's validation function checks
// the same fields, but a document arriving here is untrusted input all the same (decision 0064).
import { NETWORKS, type Network } from '../../../shared/networks.ts';

export interface LiveEvent {
  action: 'comments' | 'messages';
  /** The profile's refId (the store's profileId). */
  refId: string;
  platform: Network;
  /** comments: the network's id of the post, and/or the service's. */
  socialPostId?: string;
  postId?: string;
  /** messages: the conversation. */
  conversationId?: string;
}

function idOf(value: unknown, most: number): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= most ? value : undefined;
}

/** The event a document names, or null when it names none the app can use. */
export function liveEventOf(doc: unknown): LiveEvent | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return null;
  const fields = doc as Record<string, unknown>;
  const refId = idOf(fields.refId, 100);
  const platform = NETWORKS.find((network) => network === fields.platform);
  if (refId === undefined || platform === undefined) return null;
  if (fields.action === 'comments') {
    const socialPostId = idOf(fields.socialPostId, 200);
    const postId = idOf(fields.postId, 200);
    if (socialPostId === undefined && postId === undefined) return null;
    return { action: 'comments', refId, platform, ...(socialPostId === undefined ? {} : { socialPostId }), ...(postId === undefined ? {} : { postId }) };
  }
  if (fields.action === 'messages') {
    const conversationId = idOf(fields.conversationId, 200);
    return conversationId === undefined ? null : { action: 'messages', refId, platform, conversationId };
  }
  return null;
}
