// The sandbox's control surface under /__sandbox (not part of the service): the world as tests need
// to see it, outside comments on demand, faults, the ledger of applied writes, webhook deliveries.
// Direct messages' control calls are in controlMessages.ts, reviews' in controlReviews.ts.
import { DISABLE_COMMENTS_NETWORKS, isNetwork, type Network, type Plan } from '../../shared/networks.ts';
import { NO_FAULTS, type FaultSettings } from '../http/faults.ts';
import { badRequest, ErrorCode, notFound } from '../http/errors.ts';
import type { ControlRoute } from '../http/server.ts';
import { nonEmptyText, optionalString, requireString } from '../http/validate.ts';
import type { SandboxRuntime } from '../runtime.ts';
import { addOutsideComment } from '../world/outsideComments.ts';
import { conversationsView, messageControlRoutes, type WorldViewConversation } from './controlMessages.ts';
import { reviewControlRoutes } from './controlReviews.ts';
import { outsideAuthor } from '../world/vocabulary.ts';
import { commentRecord, flagsOf } from '../world/views.ts';

/** A post of the world as `GET /__sandbox/world` shows it. */
export interface WorldViewPost {
  profileRefId: string;
  serviceId: string | null;
  platform: Network;
  socialId: string;
  owned: boolean;
  commentCount: number;
  flags: string[];
  /** A tweet of a thread: the first tweet's social id. */
  threadOf?: string;
}

/** What `GET /__sandbox/world` answers: declared once here, read by every test harness. */
export interface WorldView {
  apiKey: string;
  plan: Plan;
  xCredentials: { key: string; secret: string };
  profiles: { title: string; refId: string; profileKey: string | null; platforms: Network[]; messagingEnabled: boolean }[];
  posts: WorldViewPost[];
  /** Direct messages: every conversation of every profile, archived ones included. */
  conversations: WorldViewConversation[];
}

export type { WorldViewConversation };

function world(runtime: SandboxRuntime): WorldView {
  const { state } = runtime.world;
  return {
    apiKey: state.account.apiKey,
    plan: runtime.plan,
    xCredentials: { key: state.account.xCredentials.key, secret: state.account.xCredentials.secret },
    profiles: state.profiles.map((p) => ({
      title: p.title,
      refId: p.refId,
      profileKey: p.profileKey,
      platforms: Object.keys(p.accounts) as Network[],
      messagingEnabled: p.messaging?.enabled ?? true,
    })),
    posts: state.networkPosts
      .filter((p) => !p.deleted)
      .map((p) => ({
        profileRefId: p.profileRefId,
        serviceId: p.serviceId,
        platform: p.platform,
        socialId: p.socialId,
        owned: p.owned,
        commentCount: runtime.world.commentsOfPost(`${p.platform}:${p.socialId}`).length,
        flags: flagsOf(p),
        ...(p.threadOf ? { threadOf: p.threadOf } : {}),
      })),
    conversations: conversationsView(runtime),
  };
}

function injectComment(runtime: SandboxRuntime, body: Record<string, unknown>): unknown {
  const platform = requireString(body, 'platform');
  if (!isNetwork(platform)) throw badRequest(ErrorCode.unsupportedNetwork, `Unknown network "${platform}"`);
  const socialPostId = requireString(body, 'socialPostId');
  const text = nonEmptyText(requireString(body, 'comment'), 'comment');
  const profileRefId = optionalString(body, 'profileRefId');
  const candidates = runtime.world
    .networkPostsBySocial(socialPostId)
    .filter((p) => p.platform === platform && !p.deleted && (!profileRefId || p.profileRefId === profileRefId));
  const [post, another] = candidates;
  if (!post) throw notFound(`No ${platform} post with social id ${socialPostId}`);
  if (another) throw badRequest(ErrorCode.invalidField, 'Several posts have that social id: add "profileRefId"');
  // Nobody outside can comment where the network has comments turned off.
  if (post.disableComments && DISABLE_COMMENTS_NETWORKS.includes(post.platform)) {
    throw badRequest(ErrorCode.commentsDisabled, `Comments are disabled on this ${platform} post`);
  }
  const parentId = optionalString(body, 'parentCommentId');
  const parent = parentId ? runtime.world.comment(platform, parentId) : undefined;
  if (parentId && (!parent || parent.deleted || parent.postKey !== `${platform}:${post.socialId}`)) {
    throw notFound(`No comment ${parentId} on that post`);
  }
  const from = parseFrom(body.from) ?? outsideAuthor(runtime.world.draw(), platform);
  const comment = addOutsideComment(runtime, { post, text, from, ...(parent ? { parent } : {}) });
  return commentRecord(runtime.world, comment);
}

function parseFrom(value: unknown): { id: string; username: string } | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(ErrorCode.invalidField, '"from" must be {id, username}');
  const record = value as Record<string, unknown>;
  return { id: requireString(record, 'id'), username: requireString(record, 'username') };
}

function parseFaults(body: Record<string, unknown>): FaultSettings {
  const known = new Set(Object.keys(NO_FAULTS));
  for (const key of Object.keys(body)) {
    if (!known.has(key)) throw badRequest(ErrorCode.invalidField, `Unknown fault "${key}"; known: ${[...known].join(', ')}`);
  }
  const number = (key: string, min: number, max: number, fallback: number): number => {
    const value = body[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
      throw badRequest(ErrorCode.invalidField, `"${key}" must be a number from ${min} to ${max}`);
    }
    return value;
  };
  const down = body.down;
  if (down !== undefined && typeof down !== 'boolean') throw badRequest(ErrorCode.invalidField, '"down" must be true or false');
  const status = number('status', 400, 599, NO_FAULTS.status);
  if (!Number.isInteger(status)) throw badRequest(ErrorCode.invalidField, '"status" must be a whole number');
  return {
    latencyMs: number('latencyMs', 0, 120_000, 0),
    errorRate: number('errorRate', 0, 1, 0),
    status,
    down: down ?? false,
    dropAfterCommitRate: number('dropAfterCommitRate', 0, 1, 0),
  };
}

function since(query: URLSearchParams): number {
  const raw = query.get('since');
  if (raw === null) return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw badRequest(ErrorCode.invalidField, '"since" must be a whole number');
  return value;
}

export const controlRoutes: ControlRoute[] = [
  { method: 'GET', pattern: '/world', handle: ({ runtime }) => ({ body: world(runtime) }) },
  { method: 'POST', pattern: '/comments', handle: ({ runtime, body }) => ({ body: injectComment(runtime, body) }) },
  ...messageControlRoutes,
  ...reviewControlRoutes,
  {
    method: 'PUT',
    pattern: '/faults',
    handle: ({ runtime, body }) => {
      runtime.faults.settings = parseFaults(body);
      return { body: runtime.faults.settings };
    },
  },
  {
    method: 'DELETE',
    pattern: '/faults',
    handle: ({ runtime }) => {
      runtime.faults.settings = { ...NO_FAULTS };
      return { body: runtime.faults.settings };
    },
  },
  {
    method: 'GET',
    pattern: '/ledger',
    handle: ({ runtime, query }) => ({ body: runtime.world.state.ledger.filter((e) => e.seq > since(query)) }),
  },
  {
    method: 'GET',
    pattern: '/deliveries',
    handle: ({ runtime, query }) => ({ body: runtime.world.state.deliveries.filter((d) => d.id > since(query)) }),
  },
];
