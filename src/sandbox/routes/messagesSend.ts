// POST /messages/:platform {recipientId, message, mediaUrls?}: a direct message by the profile's
// account to a person who wrote to it first. Refused, each with its own code, past the network's
// reply window, over the plan's active conversations a month, and for empty or over-long text.
import { MESSAGE_REPLY_WINDOW_NETWORKS, MESSAGE_TEXT_LIMITS, type MessageNetwork } from '../../shared/networks.ts';
import type { ApiCall, ApiResult, Route } from '../http/api.ts';
import { badRequest, ErrorCode, ServiceError } from '../http/errors.ts';
import { nonEmptyText, optionalString, optionalStringArray, requireString } from '../http/validate.ts';
import { messageIdFor } from '../ids.ts';
import type { AttachmentState, ConversationState } from '../world/messageTypes.ts';
import { billingMonth, lastReceived } from '../world/messageViews.ts';
import type { World } from '../world/world.ts';
import { messagingTarget } from './messagesRead.ts';
import { recordWrite } from './shared.ts';

/** Public: facebook and instagram media URLs must end in a known file extension, without a query. */
const MEDIA_EXTENSIONS: Record<string, AttachmentState['type']> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  avi: 'video',
  ogg: 'video',
  aac: 'audio',
  wav: 'audio',
  m4a: 'audio',
};

function sendMessage(call: ApiCall): ApiResult {
  const { platform } = messagingTarget(call);
  const { runtime, profile } = call;
  const { world } = runtime;
  const recipientId = nonEmptyText(requireString(call.body, 'recipientId'), 'recipientId').trim();
  const attachments = mediaOf(call, platform);
  const text = messageText(call, platform, attachments.length > 0);

  const conversation = world.messages.conversationWith(profile.refId, platform, recipientId);
  if (!conversation) {
    throw badRequest(
      ErrorCode.noConversation,
      `No ${platform} conversation with ${recipientId}: a person must write to the account first; use the senderId of a received message as recipientId`,
    );
  }
  const now = runtime.now();
  const messages = world.messages.messagesOf(conversation);
  if (MESSAGE_REPLY_WINDOW_NETWORKS.includes(platform)) {
    const last = lastReceived(messages);
    const closesAt = last ? Date.parse(last.created) + runtime.messaging.replyWindowMs : 0;
    if (now.getTime() > closesAt) {
      const days = runtime.messaging.replyWindowMs / 86_400_000;
      throw badRequest(
        ErrorCode.replyWindowClosed,
        `The ${platform} reply window of this conversation closed at ${new Date(closesAt).toISOString()} (${days} days after the person's last message); it opens again when they write`,
      );
    }
  }
  requireConversationAllowance(world, profile.refId, conversation, now, runtime.messaging.activeConversationLimit);

  const id = world.unique(
    () => messageIdFor(world.draw(), platform),
    (candidate) => world.messages.message(platform, candidate) !== undefined,
  );
  // A message is never older than the one before it, even if the clock was set back.
  const previous = messages.at(-1)?.created;
  const created = previous && Date.parse(previous) > now.getTime() ? previous : now.toISOString();
  const message = world.messages.addMessage({
    id,
    platform,
    profileRefId: profile.refId,
    conversationId: conversation.conversationId,
    action: 'sent',
    text,
    created,
    ...(attachments.length > 0 ? { attachments } : {}),
  });
  recordWrite(call, 'message.send', [message.id, conversation.conversationId, recipientId], text);
  return { applied: true, body: { status: 'success', recipientId, messageId: message.id, message: text } };
}

/**
 * Public: facebook and instagram may leave the text out when media is sent; X needs at least one
 * character. Longest texts: MESSAGE_TEXT_LIMITS (the networks' own, see docs/service-messages.md).
 */
function messageText(call: ApiCall, platform: MessageNetwork, hasMedia: boolean): string {
  const text = optionalString(call.body, 'message') ?? '';
  if (text.trim() === '') {
    if (platform === 'twitter') {
      throw badRequest(ErrorCode.emptyText, 'Field "message" must not be empty: X needs at least one character, even with mediaUrls');
    }
    if (!hasMedia) {
      throw badRequest(ErrorCode.emptyText, 'Field "message" must not be empty (it may be left out only when mediaUrls carries media)');
    }
  }
  const length = codePoints(text);
  const limit = MESSAGE_TEXT_LIMITS[platform];
  if (length > limit) {
    throw badRequest(
      ErrorCode.textTooLong,
      `Field "message" has ${length} characters; ${platform} takes at most ${limit}: shorten it or send it as several messages`,
    );
  }
  return text;
}

/** Characters as people count them on these networks: an emoji is one, not two UTF-16 units. */
function codePoints(text: string): number {
  return Array.from(text).length;
}

function mediaOf(call: ApiCall, platform: MessageNetwork): AttachmentState[] {
  const urls = optionalStringArray(call.body, 'mediaUrls');
  if (urls === undefined || urls.length === 0) return [];
  if (platform === 'twitter' && urls.length > 1) {
    throw badRequest(ErrorCode.invalidField, `X takes one media URL in "mediaUrls"; got ${urls.length}`);
  }
  return urls.map((url) => {
    if (!/^https?:\/\/[^\s/]+\/\S*$/.test(url)) throw badRequest(ErrorCode.invalidField, `"mediaUrls" must hold http(s) URLs; got "${url}"`);
    const extension = /\.([A-Za-z0-9]+)$/.exec(url)?.[1]?.toLowerCase();
    const type = extension ? MEDIA_EXTENSIONS[extension] : undefined;
    if (platform !== 'twitter' && (!type || url.includes('?'))) {
      throw badRequest(
        ErrorCode.invalidField,
        `${platform} media URLs must end in a file extension (${Object.keys(MEDIA_EXTENSIONS).join(', ')}) with no query parameters; got "${url}"`,
      );
    }
    return { type: type ?? 'image', url };
  });
}

/** Public: a conversation counts once the account sends in it in the cycle; at most the limit of them. */
function requireConversationAllowance(world: World, profileRefId: string, target: ConversationState, now: Date, limit: number): void {
  const month = billingMonth(now);
  const active = new Set<string>();
  for (const message of world.state.messages) {
    if (message.profileRefId === profileRefId && message.action === 'sent' && message.created.startsWith(month)) {
      active.add(`${message.platform}:${message.conversationId}`);
    }
  }
  if (active.has(`${target.platform}:${target.conversationId}`) || active.size < limit) return;
  throw new ServiceError(403, {
    code: ErrorCode.conversationLimit,
    message: `This profile has sent in ${active.size} conversations this month, the plan's limit of ${limit}: answer in those conversations, or wait for the next billing cycle (this one is the calendar month ${month}, UTC)`,
  });
}

export const messagesSendRoutes: Route[] = [{ method: 'POST', pattern: '/messages/:platform', feature: 'messages', handle: sendMessage }];
