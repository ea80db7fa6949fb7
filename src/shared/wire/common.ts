// Building blocks every wire schema uses. Response schemas are loose (unknown fields are kept, so a
// field the service adds tomorrow is stored, not lost) and strict only about the fields the client
// relies on. Request schemas carry the spec's rules with messages a person can act on.
import { z } from 'zod';
import { COMMENT_NETWORKS, NETWORKS } from '../networks.ts';

/**
 * A value as a message may quote it. Never String() on unknown input: an object without a
 * prototype (or with a throwing toString) would make the error message itself throw.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 60)}…` : value}"`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${value}`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

export const NetworkSchema = z.enum(NETWORKS, {
  error: (issue) => `${describeValue(issue.input)} is not a network of the service; it knows ${NETWORKS.join(', ')}`,
});

export const CommentNetworkSchema = z.enum(COMMENT_NETWORKS, {
  error: (issue) => `${describeValue(issue.input)} is not a network comments can go to; they go to ${COMMENT_NETWORKS.join(', ')}`,
});

/** An id the service or a network gave: any non-empty string (formats differ by network). */
export const IdSchema = z.string().min(1, 'An id must not be empty');

/** Text a person writes (a post, a comment, a reply) must hold something besides white space. */
export function isBlank(text: string | undefined): boolean {
  return text === undefined || text.trim() === '';
}

/** Timestamps of the service: ISO 8601 strings; kept as text, the app parses them where it needs to. */
export const TimestampSchema = z.string();

/** The per-network error object of the reply, comment, delete and post operations. */
export const PlatformErrorSchema = z.looseObject({
  action: z.string().optional(),
  status: z.literal('error').optional(),
  code: z.number().int(),
  message: z.string(),
  platform: z.string().optional(),
});
export type PlatformError = z.infer<typeof PlatformErrorSchema>;

/** An absolute http(s) URL (image URLs of comments and replies). */
export const HttpUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'This is not a web address (it must start with https:// or http://)');
