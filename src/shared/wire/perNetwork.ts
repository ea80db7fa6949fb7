// Many answers of the service are objects keyed by network ("instagram": […]). This builds the
// shape of such an object: one optional key per network, each holding `value`.
import type { z } from 'zod';
import { COMMENT_NETWORKS, type CommentNetwork, NETWORKS, type Network } from '../networks.ts';

export function perNetwork<T extends z.ZodType>(value: T): Record<Network, z.ZodOptional<T>> {
  return Object.fromEntries(NETWORKS.map((network) => [network, value.optional()])) as Record<Network, z.ZodOptional<T>>;
}

/** The same for the comment operations, which also name reddit. */
export function perCommentNetwork<T extends z.ZodType>(value: T): Record<CommentNetwork, z.ZodOptional<T>> {
  return Object.fromEntries(COMMENT_NETWORKS.map((network) => [network, value.optional()])) as Record<CommentNetwork, z.ZodOptional<T>>;
}
