// Fakes around the outbox for unit tests: a service client whose answers (and faults) a test
// scripts, replies and answers in the service's shapes, and an outbox on a temp SQLite file with a
// fake clock. The file is real: the unit tests check what is on disk, not a mock of SQLite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError, NetworkError, OutcomeUnknownError } from '../../../src/main/core/service/errors.ts';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import type { CommentsAddress } from '../../../src/main/core/service/operations/comments.ts';
import { type ReplyInput, type ReplyResult, replyResultOf } from '../../../src/main/core/service/operations/replies.ts';
import { ReplyOutbox } from '../../../src/main/core/outbox/replyOutbox.ts';
import type { NewMessage, NewReply, OutboxEvent, OutboxServiceClient, ReplyOutboxOptions } from '../../../src/main/core/outbox/types.ts';
import type { ConversationMessages, SendMessageInput } from '../../../src/main/core/service/operations/messages.ts';
import type { CommentsResponse } from '../../../src/shared/wire/comments.ts';
import type { MessageRecord, MessageSent } from '../../../src/shared/wire/messages.ts';
import type { ReplyResponse } from '../../../src/shared/wire/replies.ts';
import { SteppingClock, settle } from '../service/fakes.ts';

export { SteppingClock, settle };

export interface ReplyCall {
  at: number;
  target: CallTarget;
  input: ReplyInput;
}

type ReplyAnswer = ReplyResult | Error | ((input: ReplyInput) => ReplyResult | Error);
type ReadAnswer = CommentsResponse | Error;
type SendAnswer = MessageSent | Error;
type ConversationAnswer = ConversationMessages | Error;

/** Answers from a script, in order; with an empty script, replies succeed and reads find nothing. */
export class ScriptedClient implements OutboxServiceClient {
  readonly replies: ReplyCall[] = [];
  readonly reads: { at: number; address: CommentsAddress }[] = [];
  readonly replyScript: ReplyAnswer[] = [];
  readonly readScript: ReadAnswer[] = [];
  readonly sends: { at: number; target: CallTarget; input: SendMessageInput }[] = [];
  readonly sendScript: SendAnswer[] = [];
  readonly conversationScript: ConversationAnswer[] = [];
  /** Every call in order: "reply", "read", "send" (a direct message) or "conversation" (its read-back). */
  readonly calls: ('reply' | 'read' | 'send' | 'conversation')[] = [];
  /** When set, each reply waits for the test to release it. */
  hold: { release: () => void; promise: Promise<void> } | null = null;
  private readonly clock: SteppingClock;
  private counter = 0;

  constructor(clock: SteppingClock) {
    this.clock = clock;
  }

  holdReplies(): () => void {
    let release = () => {};
    const promise = new Promise<void>((resolve) => (release = resolve));
    this.hold = { release, promise };
    return () => {
      this.hold = null;
      release();
    };
  }

  async reply(target: CallTarget, input: ReplyInput): Promise<ReplyResult> {
    this.replies.push({ at: this.clock.now(), target, input });
    this.calls.push('reply');
    if (this.hold) await this.hold.promise;
    const scripted = this.replyScript.shift();
    const answer = typeof scripted === 'function' ? scripted(input) : (scripted ?? success(input, `r${++this.counter}`));
    if (answer instanceof Error) throw answer;
    return answer;
  }

  async sendMessage(target: CallTarget, input: SendMessageInput): Promise<MessageSent> {
    this.sends.push({ at: this.clock.now(), target, input });
    this.calls.push('send');
    const answer = this.sendScript.shift() ?? {
      status: 'success',
      recipientId: input.recipientId,
      messageId: `m${++this.counter}`,
      message: input.message ?? '',
    };
    if (answer instanceof Error) throw answer;
    return answer;
  }

  async getConversation(): Promise<ConversationMessages> {
    this.calls.push('conversation');
    const answer = this.conversationScript.shift() ?? { messages: [], next: undefined, lastUpdated: undefined, nextUpdate: undefined, pages: 1 };
    if (answer instanceof Error) throw answer;
    return answer;
  }

  async getComments(_target: CallTarget, address: CommentsAddress): Promise<CommentsResponse> {
    this.reads.push({ at: this.clock.now(), address });
    this.calls.push('read');
    const answer = this.readScript.shift() ?? { status: 'success' };
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

/** The reply answer of the service: posted on every network of the input. */
export function success(input: ReplyInput, socialId: string): ReplyResult {
  const platforms = input.to === 'serviceComment' ? input.platforms : [input.platform];
  const answer: Record<string, unknown> = { status: 'success', id: 'post-1', commentId: `svc-${socialId}` };
  for (const platform of platforms)
    answer[platform] = { status: 'success', commentId: `${platform}-${socialId}`, sourceCommentId: input.commentId, comment: input.comment, platform };
  return replyResultOf(answer as ReplyResponse);
}

export const networkDown = () => new NetworkError('reply', 'reply: the service cannot be reached (ECONNREFUSED)', 'ECONNREFUSED');
export const answerLost = () => new OutcomeUnknownError(new NetworkError('reply', 'reply: the connection to the service was lost', 'UND_ERR_SOCKET'));

export function refused(status: number, code: number, message: string, platform = 'facebook'): HttpError {
  return new HttpError({
    operation: 'reply',
    status,
    code,
    serviceMessage: message,
    errors: [{ action: 'reply', status: 'error', code, message, platform }],
    hint: undefined,
    body: {},
    retryable: status === 429 || status >= 500,
    writeOutcome: status >= 500 ? 'unknown' : 'not-applied',
  });
}

/** The thread of one social comment, as GET /comments?commentId=true answers it. */
export function threadWith(
  platform: string,
  parentId: string,
  replies: { commentId: string; comment: string; created: string; fromId: string }[],
): CommentsResponse {
  return {
    status: 'success',
    [platform]: [
      {
        comment: 'the question',
        commentId: parentId,
        created: '2026-04-01T00:00:00Z',
        platform,
        replies: replies.map((r) => ({
          comment: r.comment,
          commentId: r.commentId,
          created: r.created,
          platform,
          from: { id: r.fromId, username: 'someone' },
        })),
      },
    ],
  };
}

export const OWN_ID = 'own-account-id';

export function socialReply(text: string, commentId = 'c-1', profileId?: string): NewReply {
  return {
    target: { accountId: 'acct', ...(profileId ? { profileId } : {}) },
    answers: `facebook:${commentId}`,
    request: { to: 'socialComment', commentId, platform: 'facebook', comment: text },
  };
}

/**
 * Far after every test's clock: the conversation's reply window stands open. (A facebook message
 * with no close time is one the person never wrote in: refused, see decision 0046.)
 */
export const WINDOW_OPEN_UNTIL = Date.parse('2100-01-01T00:00:00Z');

/** A direct message to the person of conversation `conv-1` on facebook, its window open until `closesAt`. */
export function directMessage(text: string, closesAt: number | null = WINDOW_OPEN_UNTIL, profileId?: string): NewMessage {
  return {
    target: { accountId: 'acct', ...(profileId ? { profileId } : {}) },
    answers: 'dm:facebook:conv-1',
    request: { platform: 'facebook', conversationId: 'conv-1', recipientId: 'person-1', message: text, replyWindowClosesAt: closesAt },
  };
}

/** Conversation `conv-1` as GET /messages answers it: these messages, newest first. */
export function conversationWith(
  messages: { id: string; action: 'sent' | 'received'; message: string; created: string; recipientId?: string }[],
): ConversationMessages {
  const records: MessageRecord[] = messages.map((m) => ({
    id: m.id,
    action: m.action,
    message: m.message,
    conversationId: 'conv-1',
    created: m.created,
    senderId: m.action === 'sent' ? 'page-1' : 'person-1',
    recipientId: m.recipientId ?? (m.action === 'sent' ? 'person-1' : 'page-1'),
  }));
  return { messages: records, next: undefined, lastUpdated: undefined, nextUpdate: undefined, pages: 1 };
}

export class OutboxBench {
  readonly dir = mkdtempSync(join(tmpdir(), 'outbox-unit-'));
  readonly path = join(this.dir, 'outbox.sqlite');
  readonly clock = new SteppingClock();
  readonly client = new ScriptedClient(this.clock);
  readonly events: OutboxEvent[] = [];
  outbox: ReplyOutbox;
  private readonly options: Partial<ReplyOutboxOptions>;

  constructor(options: Partial<ReplyOutboxOptions> = {}) {
    this.options = options;
    this.outbox = this.open();
  }

  open(): ReplyOutbox {
    this.outbox = ReplyOutbox.open({
      path: this.path,
      client: this.client,
      accountIdentity: async () => ({ id: OWN_ID }),
      clock: this.clock,
      random: () => 0.5,
      backoff: { baseMs: 1_000, maxMs: 60_000 },
      reconcileSettleMs: 0,
      clockSkewMs: 0,
      onEvent: (event) => this.events.push(event),
      ...this.options,
    });
    return this.outbox;
  }

  async reopen(): Promise<ReplyOutbox> {
    await this.outbox.close();
    return this.open();
  }

  async dispose(): Promise<void> {
    await this.outbox.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Moves the fake clock forward in small steps, so each wake-up schedules the next one in time. */
export async function runFor(clock: SteppingClock, ms: number, stepMs = 50): Promise<void> {
  for (let passed = 0; passed < ms; passed += stepMs) await clock.advance(Math.min(stepMs, ms - passed));
}
