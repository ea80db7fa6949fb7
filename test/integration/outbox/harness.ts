// An outbox on a temp file, driving a real ServiceClient against a real sandbox (the service
// client's fixture), plus what the tests need to arrange replies: fresh outside comments to answer,
// the replies ready to queue, waits on the outbox's own events, and the sandbox's ledger.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { UndiciTransportOptions } from '../../../src/main/core/service/undiciTransport.ts';
import { identitiesFromUser } from '../../../src/main/core/outbox/userIdentities.ts';
import { ReplyOutbox } from '../../../src/main/core/outbox/replyOutbox.ts';
import type { NewReply, OutboxEvent, OutboxItem, OutboxServiceClient, ReplyOutboxOptions } from '../../../src/main/core/outbox/types.ts';
import type { Network } from '../../../src/shared/networks.ts';
import type { SandboxFixture, WorldPost } from '../service/harness.ts';

export { openFixture } from '../service/harness.ts';

/** A comment record as the control surface answers it. */
export interface OutsideComment {
  commentId: string;
  platform: Network;
  created: string;
  commentUrn?: string;
  videoId?: string;
}

export interface HarnessOptions {
  /** Outbox settings over the harness's defaults (no undo window, short backoff, no settle window). */
  outbox?: Partial<ReplyOutboxOptions>;
  transport?: UndiciTransportOptions;
  /** Puts a fault between the outbox and the client (a stale comment cache, say). */
  wrapClient?: (client: ServiceClient) => OutboxServiceClient;
}

export class OutboxHarness {
  readonly fixture: SandboxFixture;
  readonly dir: string;
  readonly path: string;
  readonly events: OutboxEvent[] = [];
  client: ServiceClient;
  outbox: ReplyOutbox;
  private readonly options: HarnessOptions;
  private listeners: (() => void)[] = [];

  constructor(fixture: SandboxFixture, options: HarnessOptions = {}) {
    this.fixture = fixture;
    this.options = options;
    this.dir = mkdtempSync(join(tmpdir(), 'outbox-'));
    this.path = join(this.dir, 'outbox.sqlite');
    const built = this.build();
    this.client = built.client;
    this.outbox = built.outbox;
  }

  /** Opens the outbox on the same file (a restart): a new client, a new outbox, not started. */
  open(): ReplyOutbox {
    const built = this.build();
    this.client = built.client;
    this.outbox = built.outbox;
    return this.outbox;
  }

  private build(): { client: ServiceClient; outbox: ReplyOutbox } {
    const client = this.fixture.client({ transportOptions: this.options.transport ?? {} });
    const outbox = ReplyOutbox.open({
      path: this.path,
      client: this.options.wrapClient ? this.options.wrapClient(client) : client,
      accountIdentity: identitiesFromUser(client),
      undoMs: 0,
      backoff: { baseMs: 20, maxMs: 200 },
      reconcileSettleMs: 0,
      onEvent: (event) => {
        this.events.push(event);
        for (const listener of this.listeners) listener();
      },
      ...this.options.outbox,
    });
    return { client, outbox };
  }

  /** Closes the outbox and opens it again on the same file, as a restart of the app would. */
  async restart(): Promise<ReplyOutbox> {
    await this.outbox.close();
    await this.client.close();
    return this.open();
  }

  /** Resolves when `test` holds for the outbox's items; checked on every outbox event. */
  until(test: (items: OutboxItem[]) => boolean, what: string, timeoutMs = 20_000): Promise<OutboxItem[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const items = this.outbox.list();
        if (!test(items)) return false;
        done();
        resolve(items);
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(this.outbox.list().map((i) => [i.state, i.lastError?.code]))}`));
      }, timeoutMs);
      const listener = () => void check();
      const done = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
      };
      this.listeners.push(listener);
      check();
    });
  }

  untilItem(id: string, test: (item: OutboxItem) => boolean, what: string, timeoutMs?: number): Promise<OutboxItem> {
    return this.until((items) => items.some((i) => i.id === id && test(i)), what, timeoutMs).then((items) => items.find((i) => i.id === id)!);
  }

  /** A post of a profile on a network that takes replies by social comment id. */
  postOf(refId: string, platform: Network): WorldPost {
    return this.fixture.post(
      (p) => p.profileRefId === refId && p.platform === platform && p.owned && !p.flags.includes('commentsDisabled') && p.serviceId !== null,
    );
  }

  /** A new outside comment on the post, to be answered. */
  async outsideComment(post: WorldPost, text = `question ${Math.random().toString(36).slice(2)}`): Promise<OutsideComment> {
    return (await this.fixture.control('POST', '/comments', { platform: post.platform, socialPostId: post.socialId, comment: text })) as OutsideComment;
  }

  target(refId: string): CallTarget {
    return this.fixture.target(refId);
  }

  /** A reply by social comment id to an outside comment. */
  replyTo(refId: string, comment: OutsideComment, text: string): NewReply {
    return {
      target: this.target(refId),
      answers: `${comment.platform}:${comment.commentId}`,
      request: {
        to: 'socialComment',
        commentId: comment.commentId,
        platform: comment.platform,
        comment: text,
        ...(comment.commentUrn ? { commentUrn: comment.commentUrn } : {}),
        ...(comment.videoId ? { videoId: comment.videoId } : {}),
      },
    };
  }

  /** The texts of every comment.reply the service applied, in order. */
  async replyTexts(): Promise<string[]> {
    return (await this.fixture.ledger()).filter((e) => e.kind === 'comment.reply').map((e) => e.text ?? '');
  }

  async close(): Promise<void> {
    await this.outbox.close();
    await this.client.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A unique reply text, so the ledger can be counted by text. */
export function uniqueText(label: string): string {
  return `${label} ${Math.random().toString(36).slice(2, 10)}`;
}

export function countOf(texts: readonly string[], text: string): number {
  return texts.filter((t) => t === text).length;
}
