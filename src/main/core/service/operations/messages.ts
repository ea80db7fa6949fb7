// GET /messages/:platform (the conversation ids, the messages, one conversation) and POST
// /messages/:platform (a direct message by the account), on facebook, instagram and twitter.
// docs/service-messages.md says what the service does; this is the client's side of it.
import type { MessageNetwork } from '../../../../shared/networks.ts';
import { describeValue } from '../../../../shared/wire/common.ts';
import {
  type ConversationIdsResponse,
  ConversationIdsResponseSchema,
  type ConversationStatus,
  type MessageRecord,
  MessageSentSchema,
  type MessageSent,
  MessagesQuerySchema,
  type MessagesResponse,
  MessagesResponseSchema,
  SendMessageRequestSchema,
} from '../../../../shared/wire/messages.ts';
import type { CallTarget } from '../credentials.ts';
import { HttpError, refinedHttpError, RequestInvalidError } from '../errors.ts';
import { checkRequest } from '../preflight.ts';
import type { CallOptions, RequestRunner, RequestSpec } from '../requestRunner.ts';
import { segment } from '../pathSegment.ts';
import { targetsTwitter } from '../twitterTargeting.ts';

/** Why the service refused a Messages request, by its code (361 and 362 are public; the rest the sandbox's). */
export type MessageRefusal =
  | 'messaging-off'
  | 'relink-required'
  | 'reply-window-closed'
  | 'conversation-limit'
  | 'text-too-long'
  | 'empty-text'
  | 'no-conversation'
  | 'network-not-linked';

const REFUSALS: ReadonlyMap<number, MessageRefusal> = new Map([
  [361, 'messaging-off'],
  [362, 'relink-required'],
  [111, 'reply-window-closed'],
  [112, 'conversation-limit'],
  [113, 'text-too-long'],
  [108, 'empty-text'],
  [116, 'no-conversation'],
  [109, 'network-not-linked'],
]);

/**
 * A refusal of the Messages API: the service decided, nothing was applied, and the same request gets
 * the same answer, whatever the status. An HttpError still (kind 'http'), so everything that handles
 * those handles this; `refusal` says which rule, the message is the service's own.
 */
export class MessageRefusedError extends HttpError {
  readonly refusal: MessageRefusal;
  readonly platform: MessageNetwork;

  constructor(refusal: MessageRefusal, platform: MessageNetwork, from: HttpError) {
    super(refinedHttpError(from, { hint: refusalHint(refusal, platform), retryable: false, writeOutcome: 'not-applied' }));
    this.refusal = refusal;
    this.platform = platform;
  }
}

/**
 * Only the public codes get words of the client's own (the service's message may be terse); the
 * others are told by the service's message alone. It replaces the generic 403 hint ("a higher plan
 * is needed"), which would be wrong for both 361 and the conversation limit.
 */
function refusalHint(refusal: MessageRefusal, platform: MessageNetwork): string | undefined {
  if (refusal === 'messaging-off') return 'Turn on messaging ("Messaging Active") for this profile in the service\'s dashboard';
  if (refusal === 'relink-required') return `Link ${platform} to this profile again in the service's dashboard, granting the messaging permission`;
  return undefined;
}

async function runMessages<T>(runner: RequestRunner, target: CallTarget, platform: MessageNetwork, spec: RequestSpec<T>, options?: CallOptions): Promise<T> {
  try {
    return (await runner.run(target, spec, options)).value;
  } catch (error) {
    const refusal = error instanceof HttpError && error.code !== undefined ? REFUSALS.get(error.code) : undefined;
    if (refusal && error instanceof HttpError && error.status >= 400 && error.status < 500) throw new MessageRefusedError(refusal, platform, error);
    throw error;
  }
}

function readSpec<T>(
  operation: string,
  platform: MessageNetwork,
  query: Record<string, string | number | boolean | undefined>,
  answer: RequestSpec<T>['answer'],
): RequestSpec<T> {
  return { operation, method: 'GET', path: `/messages/${segment(platform)}`, query, write: false, targetsTwitter: targetsTwitter(platform), answer };
}

export interface ListConversationsInput {
  platform: MessageNetwork;
  /** Default (the service's): active. */
  status?: ConversationStatus;
}

/** The profile's conversation ids on a network, most recent first (`conversationsOnly=true`). */
export async function listConversations(
  runner: RequestRunner,
  target: CallTarget,
  input: ListConversationsInput,
  options?: CallOptions,
): Promise<ConversationIdsResponse> {
  const query = checkRequest('listConversations', MessagesQuerySchema, { platform: input.platform, status: input.status, conversationsOnly: true });
  return runMessages(
    runner,
    target,
    query.platform,
    readSpec('listConversations', query.platform, { conversationsOnly: true, status: query.status }, ConversationIdsResponseSchema),
    options,
  );
}

export interface ListMessagesInput {
  platform: MessageNetwork;
  status?: ConversationStatus;
  /** twitter only: a page of 1 to 100 messages; without it every message comes at once. */
  limit?: number;
  /** twitter only: `meta.pagination.next` of the previous page, with the same `limit`. */
  next?: string;
}

/** The messages of the profile's active (or archived) conversations on a network, newest first. */
export async function listMessages(runner: RequestRunner, target: CallTarget, input: ListMessagesInput, options?: CallOptions): Promise<MessagesResponse> {
  const query = checkRequest('listMessages', MessagesQuerySchema, input);
  return runMessages(
    runner,
    target,
    query.platform,
    readSpec('listMessages', query.platform, { status: query.status, limit: query.limit, next: query.next }, MessagesResponseSchema),
    options,
  );
}

/** twitter: messages a page; and pages one call reads before it hands back the cursor. */
export const CONVERSATION_PAGE_SIZE = 100;
export const CONVERSATION_MAX_PAGES = 10;

export interface GetConversationInput {
  platform: MessageNetwork;
  conversationId: string;
  /** twitter only: messages a page (1 to 100); default 100. */
  limit?: number;
  /** twitter only: go on from this cursor (the `next` of an earlier call). */
  next?: string;
  /** twitter only: at most this many pages in this call; default 10. */
  maxPages?: number;
}

export interface ConversationMessages {
  /** Newest first, each id once. */
  messages: MessageRecord[];
  /** twitter: set when the bound of pages was reached before the oldest message; pass it back as `next`. */
  next: string | undefined;
  /** Of the last page read: when the service fetched the data, and when it has fresher. */
  lastUpdated: string | undefined;
  nextUpdate: string | undefined;
  /** Requests this call made. */
  pages: number;
}

/**
 * One conversation's messages. facebook and instagram answer them in one request; on twitter the
 * client pages through the cursor, at most `maxPages` requests (each draws from the rate budget),
 * and stops early on a page that brings nothing new (a cursor that does not advance).
 */
export async function getConversation(
  runner: RequestRunner,
  target: CallTarget,
  input: GetConversationInput,
  options?: CallOptions,
): Promise<ConversationMessages> {
  const paged = input.platform === 'twitter';
  // facebook and instagram get the caller's limit as given, so the preflight tells them it is X's alone.
  const limit = paged ? (input.limit ?? CONVERSATION_PAGE_SIZE) : input.limit;
  const maxPages = input.maxPages ?? CONVERSATION_MAX_PAGES;
  if (!Number.isInteger(maxPages) || maxPages < 1) {
    throw new RequestInvalidError('getConversation', [
      { path: 'maxPages', message: `Read at least one page: maxPages is a whole number from 1; got ${describeValue(maxPages)}` },
    ]);
  }
  const seen = new Set<string>();
  const messages: MessageRecord[] = [];
  let cursor = input.next;
  let answer: MessagesResponse | undefined;
  let pages = 0;
  while (pages < maxPages) {
    const query = checkRequest('getConversation', MessagesQuerySchema, { platform: input.platform, conversationId: input.conversationId, limit, next: cursor });
    answer = await runMessages(
      runner,
      target,
      query.platform,
      readSpec('getConversation', query.platform, { conversationId: query.conversationId, limit: query.limit, next: query.next }, MessagesResponseSchema),
      options,
    );
    pages++;
    const before = messages.length;
    for (const message of answer.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
    cursor = paged ? answer.meta?.pagination?.next : undefined;
    if (cursor === undefined || messages.length === before) {
      cursor = undefined;
      break;
    }
  }
  return { messages, next: cursor, lastUpdated: answer?.lastUpdated, nextUpdate: answer?.nextUpdate, pages };
}

export interface SendMessageInput {
  platform: MessageNetwork;
  /** The person's id: the `senderId` of their messages. They must have written first. */
  recipientId: string;
  /** facebook and instagram may leave it out when `mediaUrls` carries media; X needs text. */
  message?: string;
  /** facebook and instagram: several; X: one. */
  mediaUrls?: string[];
}

/**
 * A direct message by the account. A write: a lost answer leaves its outcome unknown (read the
 * conversation back before sending again; the service has no idempotency key), and a refusal is a
 * MessageRefusedError, not applied.
 */
export async function sendMessage(runner: RequestRunner, target: CallTarget, input: SendMessageInput, options?: CallOptions): Promise<MessageSent> {
  const checked = checkRequest('sendMessage', SendMessageRequestSchema, input);
  const body = {
    recipientId: checked.recipientId,
    ...(checked.message === undefined ? {} : { message: checked.message }),
    ...(checked.mediaUrls ? { mediaUrls: checked.mediaUrls } : {}),
  };
  return runMessages(
    runner,
    target,
    checked.platform,
    {
      operation: 'sendMessage',
      method: 'POST',
      path: `/messages/${segment(checked.platform)}`,
      body,
      write: true,
      targetsTwitter: targetsTwitter(checked.platform),
      answer: MessageSentSchema,
    },
    options,
  );
}
