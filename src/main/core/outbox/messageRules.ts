// Whether a direct message could ever be sent, and whether it may be sent now: the service client's
// own pre-flight rules (the wire schema of POST /messages), plus what the outbox needs to check an
// unknown outcome later (the conversation to read back). Used when a message is queued and again
// when a row is loaded, like replyRules.ts for replies.
import { isMessageNetwork, MESSAGE_REPLY_WINDOW_MS, NETWORK_NAMES } from '../../../shared/networks.ts';
import { checkShape } from '../../../shared/wire/check.ts';
import { SendMessageRequestSchema } from '../../../shared/wire/messages.ts';
import type { InputIssue } from './errors.ts';
import type { DirectMessageRequest, OutboxErrorInfo } from './types.ts';

export function messageIssues(request: DirectMessageRequest): InputIssue[] {
  if (!isMessageNetwork(request.platform)) return [{ path: 'platform', message: 'Direct messages go out on facebook, instagram or twitter only' }];
  if (typeof request.conversationId !== 'string' || request.conversationId.trim() === '') {
    return [{ path: 'conversationId', message: 'Name the conversation: its messages are read back if the outcome of a send is ever unknown' }];
  }
  const checked = checkShape(SendMessageRequestSchema, { platform: request.platform, recipientId: request.recipientId, message: request.message });
  return checked.ok ? [] : checked.issues;
}

/**
 * The reply window's verdict at `now`: null while the message may go out, else why not. facebook and
 * instagram let an account answer within 7 days of the person's last message; a message still in the
 * queue when that passes (offline for a week, a long wait) fails with the reason instead of being
 * sent into a refusal.
 */
export function replyWindowClosed(request: DirectMessageRequest, now: number): OutboxErrorInfo | null {
  const closesAt = request.replyWindowClosesAt;
  if (closesAt === null || now < closesAt) return null;
  const days = Math.round(MESSAGE_REPLY_WINDOW_MS / 86_400_000);
  return {
    code: 'reply-window-closed',
    message: `${NETWORK_NAMES[request.platform]} lets an account answer only within ${days} days of the person's last message; this conversation's window closed at ${new Date(closesAt).toISOString()}. It was not sent.`,
  };
}
