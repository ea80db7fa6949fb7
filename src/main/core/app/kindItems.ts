// Each inbox kind's read of one item and its answer, as the bridge's one item read (`inbox.item`)
// and one answer command (`answer.send`) reach them: the handlers look the key's kind up and call
// its entry here instead of having a command per kind. A kind joins by registering how it reads
// and answers over the core's services (the two of today below; docs/architecture.md, "Adding an
// inbox kind").
import type { InboxItemKind, InboxRow } from '../../../shared/domain/inbox.ts';
import type { InboxItem } from '../../../shared/domain/inboxItem.ts';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import { UnknownInboxKindError } from '../kinds/inboxKind.ts';
import type { InboxService } from './inboxService.ts';
import type { MessageService } from './messageService.ts';
import type { ReplyService } from './replyService.ts';
import type { ReviewService } from './reviewService.ts';

/** An answer as `answer.send` takes it (its kind's rules were checked by the contract). */
export interface AnswerRequest {
  key: string;
  text: string;
  mediaUrls?: string[] | undefined;
}

export interface KindItemService {
  /** The item as the bridge gives it, with its inbox row; a refusal when it is not in the inbox (any more). */
  read(key: string): { item: InboxItem; row: InboxRow };
  /** Queues the account's answer to it (the kind's outbox task). */
  answer(input: AnswerRequest): Promise<OutboxItemView>;
}

/** The core's services a kind reads and answers through. */
export interface KindItemServices {
  inbox: Pick<InboxService, 'thread'>;
  replies: Pick<ReplyService, 'send'>;
  messages: Pick<MessageService, 'conversation' | 'send'>;
  /** Absent where the core was built without reviews (a test's services). */
  reviews?: Pick<ReviewService, 'read' | 'reply'> | undefined;
}

type KindItemFactory = (services: KindItemServices) => KindItemService;

const FACTORIES = new Map<string, KindItemFactory>([
  [
    'comment',
    ({ inbox, replies }) => ({
      // The outbox part is the command's own (answering), so none is read here.
      read: (key) => {
        const { thread } = inbox.thread(key, () => []);
        return { item: { kind: 'comment', data: thread }, row: thread.comment };
      },
      answer: ({ key, text, mediaUrls }) => replies.send({ commentKey: key, text, mediaUrls }),
    }),
  ],
  [
    'conversation',
    ({ messages }) => ({
      read: (key) => {
        const conversation = messages.conversation(key);
        return { item: { kind: 'conversation', data: conversation }, row: conversation.row };
      },
      answer: ({ key, text }) => messages.send({ conversationKey: key, text }),
    }),
  ],
  [
    'review',
    ({ reviews }) => ({
      read: (key) => (reviews ?? noReviews()).read(key),
      answer: ({ key, text }) => (reviews ?? noReviews()).reply({ key, text }),
    }),
  ],
] satisfies [InboxItemKind, KindItemFactory][]);

function noReviews(): never {
  throw new UnknownInboxKindError('This build of the app was started without reviews');
}

/** A kind's read and answer joins (a kind added in a test, later reviews); the returned function takes it back out. */
export function registerKindItems(kind: string, factory: KindItemFactory): () => void {
  FACTORIES.set(kind, factory);
  return () => FACTORIES.delete(kind);
}

/** Every registered kind's read and answer over these services. */
export function kindItems(services: KindItemServices): (kind: string) => KindItemService {
  const made = new Map<string, KindItemService>();
  return (kind) => {
    const existing = made.get(kind);
    if (existing !== undefined) return existing;
    const factory = FACTORIES.get(kind);
    if (factory === undefined) throw new UnknownInboxKindError(`The inbox has no kind of item called "${kind}"`);
    const service = factory(services);
    made.set(kind, service);
    return service;
  };
}
