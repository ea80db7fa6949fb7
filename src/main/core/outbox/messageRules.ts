// Whether a direct message could ever be sent, and whether it may be sent now: the service client's
// own pre-flight rules (the wire schema of POST /messages), plus what the outbox needs to check an
// unknown outcome later (the conversation to read back). Used when a message is queued and again
// when a row is loaded, like replyRules.ts for replies.
import { replyWindowState } from '../../../shared/domain/replyWindow.ts';
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
 * sent into a refusal. The verdict is the one rule of shared/domain/replyWindow.ts: on those two
 * networks a conversation with no close time is one the person never wrote in, so the window never
 * opened and the service refuses the message (decision 0046).
 */
export function replyWindowClosed(request: DirectMessageRequest, now: number): OutboxErrorInfo | null {
  const window = replyWindowState(request.platform, request.replyWindowClosesAt, now);
  if (window.kind === 'none' || window.kind === 'open') return null;
  const days = Math.round(MESSAGE_REPLY_WINDOW_MS / 86_400_000);
  const rule = `${NETWORK_NAMES[request.platform]} lets an account answer only within ${days} days of the person's last message`;
  if (window.kind === 'neverOpened') {
    return { code: 'reply-window-closed', message: `${rule}; the person has not written in this conversation, so its window never opened. It was not sent.` };
  }
  return { code: 'reply-window-closed', message: `${rule}; this conversation's window closed at ${new Date(window.closedAt).toISOString()}. It was not sent.` };
}
