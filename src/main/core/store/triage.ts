// Local triage of comments and conversations: read, done, snoozed, labels. Written only here, all
// keys of one call in one transaction, and never by the sync (ingest inserts the row once and leaves
// it; the one exception: a new message by the person makes a conversation unread and open again).
import { StoreInputError } from './errors.ts';
import { type ConversationRef, isConversationKey, parseConversationKey, parseKey, type SocialRef } from './keys.ts';
import type { Statements } from './statements.ts';
import type { CommentKey, TriagePatch } from './types.ts';

export class TriageTable {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /** Call inside a transaction. Keys the store does not know are skipped; malformed ones refused first. */
  set(keys: readonly CommentKey[], patch: TriagePatch): void {
    const comments: SocialRef[] = [];
    const conversations: ConversationRef[] = [];
    for (const key of keys) {
      if (isConversationKey(key)) {
        const ref = parseConversationKey(key);
        if (ref === null) throw new StoreInputError(`Not a conversation key: ${String(key)}`);
        conversations.push(ref);
      } else {
        const ref = parseKey(key);
        if (ref === null) throw new StoreInputError(`Not a comment key: ${String(key)}`);
        comments.push(ref);
      }
    }
    const { assignments, values } = assignmentsOf(patch);
    if (assignments.length === 0) return;
    if (comments.length > 0) {
      const update = this.#statements.get(
        `UPDATE triage SET ${assignments.join(', ')}
         WHERE comment_id = (SELECT id FROM comments WHERE platform = ? AND social_comment_id = ?)`,
      );
      for (const ref of comments) update.run(...values, ref.platform, ref.socialId);
    }
    if (conversations.length > 0) {
      // A conversation is triaged as a whole, in its own table (migration 6); triggers carry it to the inbox.
      const update = this.#statements.get(
        `UPDATE conversation_triage SET ${assignments.join(', ')}
         WHERE conversation IN (SELECT id FROM conversations WHERE platform = ? AND conversation_id = ?)`,
      );
      for (const ref of conversations) update.run(...values, ref.platform, ref.conversationId);
    }
  }
}

function assignmentsOf(patch: TriagePatch): { assignments: string[]; values: (number | string | null)[] } {
  const assignments: string[] = [];
  const values: (number | string | null)[] = [];
  if (patch.unread !== undefined) {
    assignments.push('unread = ?');
    values.push(patch.unread ? 1 : 0);
  }
  if (patch.done !== undefined) {
    assignments.push('done = ?');
    values.push(patch.done ? 1 : 0);
  }
  if (patch.snoozedUntil !== undefined) {
    if (patch.snoozedUntil !== null && !Number.isFinite(patch.snoozedUntil))
      throw new StoreInputError(`snoozedUntil is not a time: ${String(patch.snoozedUntil)}`);
    assignments.push('snoozed_until = ?');
    values.push(patch.snoozedUntil === null ? null : Math.floor(patch.snoozedUntil));
  }
  if (patch.labels !== undefined) {
    if (!Array.isArray(patch.labels) || patch.labels.some((label) => typeof label !== 'string')) throw new StoreInputError('labels must be a list of strings');
    assignments.push('labels = ?');
    values.push(JSON.stringify([...new Set(patch.labels)]));
  }
  return { assignments, values };
}
