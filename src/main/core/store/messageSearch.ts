// The full-text documents of conversations: one per conversation, every message's text and the
// person's name and username, under the conversation's inbox id (so a search walks it newest first,
// as it walks comments_fts). Written per batch by message ingest, like comments' rows (see
// migration 5 and docs/decisions/0014): never by a trigger per message.
import type { Statements } from './statements.ts';

export class MessageSearch {
  readonly #statements: Statements;

  constructor(statements: Statements) {
    this.#statements = statements;
  }

  /**
   * Replaces the documents of a batch's changed conversations. `oldInboxIds`: where their documents
   * were (the ids they had before the batch; new conversations have none). Call inside the batch's
   * transaction, after the conversations and their messages are written.
   */
  reindex(oldInboxIds: readonly number[], conversationRowIds: readonly number[]): void {
    // One row-id delete each: a delete by a list of ids would scan the whole contentless table.
    const remove = this.#statements.get('DELETE FROM conversations_fts WHERE rowid = ?');
    for (const id of oldInboxIds) remove.run(id);
    if (conversationRowIds.length === 0) return;
    // Ascending inbox ids, which FTS5 appends without reordering.
    this.#statements
      .get(
        `INSERT INTO conversations_fts (rowid, text, author_name)
         SELECT cv.inbox_id, coalesce((SELECT group_concat(m.text, ' ') FROM messages m WHERE m.conversation = cv.id), ''),
           cv.name || ' ' || coalesce(cv.username, '')
         FROM json_each(?) j CROSS JOIN conversations cv ON cv.id = j.value
         ORDER BY cv.inbox_id`,
      )
      .run(JSON.stringify(conversationRowIds));
  }
}
