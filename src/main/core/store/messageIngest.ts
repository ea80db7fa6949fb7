// Merges direct messages as the sync fetched them, a batch at a time. Idempotent by construction: a
// known message is compared field by field and written only when something differs, and a
// conversation is rewritten only when its messages or its person changed, so the same answer twice
// writes nothing. A conversation is one inbox item (migration 6): its row sits at its last message
// and moves when a newer one arrives; a new message by the person makes it unread and open again.
import type { MessageNetwork } from '../../../shared/networks.ts';
import { firstIdOf, SEQUENCE_LIMIT, secondOf } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import { CONVERSATION_KIND } from './itemKinds.ts';
import { type ItemStates, THE_SYNC } from './itemStates.ts';
import { conversationKeyOf } from './keys.ts';
import { type CleanMessage, checkMessage } from './messageInput.ts';
import { type Group, type Person, personOf, SUMMARY_COLUMNS, type Summary, summaryOfNew, summaryValues } from './messageGroups.ts';
import type { MessageSearch } from './messageSearch.ts';
import type { ProfileTable } from './profiles.ts';
import type { Statements } from './statements.ts';
import type { MessageIngestOptions, MessageIngestResult, MessageInput } from './types.ts';

interface StoredConversation {
  id: number;
  platform: MessageNetwork;
  conversation_id: string;
  inbox_id: number;
  recipient_id: string;
  name: string;
  username: string | null;
  picture_url: string | null;
  last_message_at: string;
  last_received_at: string | null;
  status: string;
}

interface StoredMessage {
  id: number;
  conversation: number;
  message_id: string;
  action: string;
  text: string;
  sender_id: string;
  media: string;
  raw: string;
}

const SUMMARY_SQL = `
  SELECT last.created AS last_message_at, last.text AS last_text, last.action AS last_action, last.raw AS raw,
    (SELECT max(created) FROM messages WHERE conversation = :id AND action = 'received') AS last_received_at,
    (SELECT max(created) FROM messages WHERE conversation = :id AND action = 'sent') AS last_sent_at,
    (SELECT count(*) FROM messages WHERE conversation = :id) AS message_count
  FROM (SELECT created, text, action, raw FROM messages WHERE conversation = :id ORDER BY created DESC, id DESC LIMIT 1) last`;

// A conversation's row, written whole when it is new and rewritten when its messages change: the
// summary's columns bound from one list (SUMMARY_COLUMNS), so the two cannot drift apart.
const INSERT_CONVERSATION_SQL = `
  INSERT INTO conversations (profile_id, platform, conversation_id, inbox_id, recipient_id, name, username, picture_url, status,
    ${SUMMARY_COLUMNS.join(', ')})
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${SUMMARY_COLUMNS.map(() => '?').join(', ')}) RETURNING id`;
const UPDATE_CONVERSATION_SQL = `
  UPDATE conversations SET inbox_id = ?, recipient_id = ?, name = ?, username = ?, picture_url = ?, status = ?,
    ${SUMMARY_COLUMNS.map((column) => `${column} = ?`).join(', ')}
  WHERE id = ?`;

export class MessageIngest {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;
  readonly #search: MessageSearch;
  readonly #states: ItemStates;
  readonly #onPartition: (profileRowId: number, platform: string) => void;

  constructor(
    statements: Statements,
    profiles: ProfileTable,
    search: MessageSearch,
    states: ItemStates,
    onPartition: (profileRowId: number, platform: string) => void,
  ) {
    this.#statements = statements;
    this.#profiles = profiles;
    this.#search = search;
    this.#states = states;
    this.#onPartition = onPartition;
  }

  /** Call inside a transaction. */
  ingest(profileId: string, messages: readonly MessageInput[], options: MessageIngestOptions = {}): MessageIngestResult {
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) throw new StoreInputError(`Messages for unknown profile ${profileId}; store the profile first`);
    if (options.status !== undefined && options.status !== 'active' && options.status !== 'archived') {
      throw new StoreInputError(`A conversation is active or archived; got ${String(options.status)}`);
    }
    const result: MessageIngestResult = { newConversations: [], newlyReceived: [], inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    // Grouped by conversation; a message listed twice in one answer: the last listing counts.
    const groups = new Map<string, Group>();
    for (const input of messages) {
      const checked = checkMessage(input);
      if (!checked.ok) {
        result.rejected.push({ key: checked.key, reason: checked.reason });
        continue;
      }
      const key = conversationKeyOf(checked.message.platform, checked.message.conversationId);
      let group = groups.get(key);
      if (group === undefined) {
        group = { newest: checked.message, messages: new Map<string, CleanMessage>() };
        groups.set(key, group);
      }
      group.messages.set(checked.message.messageId, checked.message);
      if (checked.message.created >= group.newest.created) group.newest = checked.message;
    }
    if (groups.size === 0) return result;

    // CROSS JOIN: the batch's list is the outer loop, each item one look-up in the unique index
    // (left to itself, SQLite walked every conversation of the profile for each item).
    const refs = [...groups.values()].map((group): [string, string] => [group.newest.platform, group.newest.conversationId]);
    const known = new Map(
      (
        this.#statements
          .get(
            `SELECT cv.id, cv.platform, cv.conversation_id, cv.inbox_id, cv.recipient_id, cv.name, cv.username, cv.picture_url,
               cv.last_message_at, cv.last_received_at, cv.status
             FROM json_each(:refs) j CROSS JOIN conversations cv
               ON cv.profile_id = :profile AND cv.platform = j.value ->> 0 AND cv.conversation_id = j.value ->> 1`,
          )
          .all({ refs: JSON.stringify(refs), profile: profile.rowId }) as unknown as StoredConversation[]
      ).map((row) => [conversationKeyOf(row.platform, row.conversation_id), row]),
    );
    const knownMessages = new Map(
      (
        this.#statements
          .get(
            `SELECT m.id, m.conversation, m.message_id, m.action, m.text, m.sender_id, m.media, m.raw
             FROM json_each(?) j CROSS JOIN messages m ON m.conversation = j.value ->> 0 AND m.message_id = j.value ->> 1`,
          )
          .all(
            JSON.stringify(
              [...groups].flatMap(([key, group]) => {
                const stored = known.get(key);
                return stored === undefined ? [] : [...group.messages.keys()].map((messageId) => [stored.id, messageId]);
              }),
            ),
          ) as unknown as StoredMessage[]
      ).map((row) => [`${row.conversation}\u0000${row.message_id}`, row]),
    );
    const counted = this.#statements.get(`INSERT OR IGNORE INTO inbox_counts (profile_id, platform, kind) VALUES (?, ?, ${CONVERSATION_KIND})`);
    for (const platform of new Set(refs.map(([platform]) => platform))) counted.run(profile.rowId, platform);
    const nextIds = this.#nextIdsOf([...groups.values()].map((group) => secondOf(Date.parse(group.newest.created))));

    const added = new Map<string, { all: number; unread: number; open: number }>();
    /** New conversations' first states, started in one statement after the batch. */
    const started: { key: string; unread: boolean }[] = [];
    const oldInboxIds: number[] = [];
    const reindexed: number[] = [];
    // Oldest conversation first, so new inbox ids ascend within the batch.
    const ordered = [...groups].sort(([, a], [, b]) => (a.newest.created < b.newest.created ? -1 : 1));
    for (const [key, group] of ordered) {
      const newest = group.newest;
      const person = personOf(group);
      let stored = known.get(key);
      const isNew = stored === undefined;
      /** A new conversation's inbox row says the account wrote last. */
      let repliedNew = false;
      if (stored === undefined) {
        const summary = summaryOfNew(group);
        repliedNew = summary.last_action === 'sent';
        stored = this.#insertConversation(
          profile.rowId,
          newest,
          person,
          summary,
          options.status ?? 'active',
          takeId(nextIds, secondOf(Date.parse(newest.created))),
        );
        started.push({ key, unread: person.spoke });
        this.#onPartition(profile.rowId, newest.platform);
        result.newConversations.push(key);
      }
      let touched = isNew;
      let receivedNew: string | null = null;
      for (const message of group.messages.values()) {
        // A conversation new in the batch has no stored messages: no key to make, nothing to look up.
        const before = isNew ? undefined : knownMessages.get(`${stored.id}\u0000${message.messageId}`);
        if (before === undefined) {
          this.#statements
            .get('INSERT INTO messages (conversation, message_id, action, text, created, sender_id, media, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
            .run(stored.id, message.messageId, message.action, message.text, message.created, message.senderId, message.media, message.raw);
          result.inserted += 1;
          touched = true;
          if (message.action === 'received' && (receivedNew === null || message.created > receivedNew)) receivedNew = message.created;
        } else if (
          before.action !== message.action ||
          before.text !== message.text ||
          before.sender_id !== message.senderId ||
          before.media !== message.media ||
          before.raw !== message.raw
        ) {
          this.#statements
            .get('UPDATE messages SET action = ?, text = ?, sender_id = ?, media = ?, raw = ? WHERE id = ?')
            .run(message.action, message.text, message.senderId, message.media, message.raw, before.id);
          result.updated += 1;
          touched = true;
        } else {
          result.unchanged += 1;
        }
      }
      if (isNew) {
        // Written whole by its insert (every message of a new conversation is in the batch).
        if (stored.last_received_at !== null) result.newlyReceived.push(key);
        const rows = added.get(newest.platform) ?? { all: 0, unread: 0, open: 0 };
        added.set(newest.platform, rows);
        rows.all += 1;
        // As the row was inserted: a later change of it (in this batch too) goes through the trigger.
        rows.unread += person.spoke ? 1 : 0;
        rows.open += repliedNew ? 0 : 1;
        reindexed.push(stored.id);
        continue;
      }
      const nextPerson = {
        recipient_id: person.id,
        name: person.name ?? stored.name,
        username: person.username ?? stored.username,
        picture_url: person.pictureUrl ?? stored.picture_url,
      };
      const personChanged = (Object.keys(nextPerson) as (keyof typeof nextPerson)[]).some((field) => nextPerson[field] !== stored[field]);
      const status = options.status ?? stored.status;
      if (!touched && !personChanged && status === stored.status) continue;

      const summary = this.#statements.get(SUMMARY_SQL).get({ id: stored.id }) as unknown as Summary;
      const opens = receivedNew !== null && (stored.last_received_at === null || receivedNew > stored.last_received_at);
      if (opens) {
        // Through the one port, so the change log says the sync reopened it; triggers carry it to
        // the inbox row (still at its old id) and to the counts.
        this.#states.set([key], { unread: true, done: false, snoozedUntil: null }, THE_SYNC);
        result.newlyReceived.push(key);
      }
      let inboxId = stored.inbox_id;
      const second = secondOf(Date.parse(summary.last_message_at));
      if (secondOf(Date.parse(stored.last_message_at)) !== second) inboxId = takeId(nextIds, second, this.#statements);
      const replied = summary.last_action === 'sent' ? 1 : 0;
      this.#statements
        .get('UPDATE inbox SET id = ?, replied = ? WHERE id = ? AND (id IS NOT ? OR replied IS NOT ?)')
        .run(inboxId, replied, stored.inbox_id, inboxId, replied);
      this.#statements
        .get(UPDATE_CONVERSATION_SQL)
        .run(inboxId, nextPerson.recipient_id, nextPerson.name, nextPerson.username, nextPerson.picture_url, status, ...summaryValues(summary), stored.id);
      if (touched || personChanged) {
        oldInboxIds.push(stored.inbox_id);
        reindexed.push(stored.id);
      }
    }
    this.#states.start(started);
    this.#countNew(profile.rowId, added);
    this.#search.reindex(oldInboxIds, reindexed);
    return result;
  }

  /**
   * A new conversation's rows: itself, written whole with its summary (every message of a new
   * conversation is in the batch, summaryOfNew), and its inbox row, at its newest message. Its
   * state is started with the batch's others.
   */
  #insertConversation(profileRowId: number, newest: CleanMessage, person: Person, summary: Summary, status: string, inboxId: number): StoredConversation {
    const name = person.name ?? person.username ?? person.id;
    const row = this.#statements
      .get(INSERT_CONVERSATION_SQL)
      .get(
        profileRowId,
        newest.platform,
        newest.conversationId,
        inboxId,
        person.id,
        name,
        person.username,
        person.pictureUrl,
        status,
        ...summaryValues(summary),
      ) as {
      id: number;
    };
    // A conversation where only the account has written is read already, as the account's comments are.
    const unread = person.spoke ? 1 : 0;
    this.#statements
      .get(
        `INSERT INTO inbox (id, profile_id, platform, kind, by_account, hidden, replied, unread, done, snoozed_until)
         VALUES (?, ?, ?, ${CONVERSATION_KIND}, 0, 0, ?, ?, 0, NULL)`,
      )
      .run(inboxId, profileRowId, newest.platform, summary.last_action === 'sent' ? 1 : 0, unread);
    return {
      id: row.id,
      platform: newest.platform,
      conversation_id: newest.conversationId,
      inbox_id: inboxId,
      recipient_id: person.id,
      name,
      username: person.username,
      picture_url: person.pictureUrl,
      last_message_at: summary.last_message_at,
      last_received_at: summary.last_received_at,
      status,
    };
  }

  /** Each second's next free inbox id (shared with comments), for the whole batch in one statement. */
  #nextIdsOf(seconds: number[]): Map<number, number> {
    const nextIds = new Map<number, number>();
    const lastIds = this.#statements
      .get(
        `SELECT j.value AS second, (SELECT max(id) FROM inbox WHERE id >= j.value * ${SEQUENCE_LIMIT} AND id < (j.value + 1) * ${SEQUENCE_LIMIT}) AS last
         FROM json_each(?) j`,
      )
      .all(JSON.stringify([...new Set(seconds)])) as { second: number; last: number | null }[];
    for (const { second, last } of lastIds) nextIds.set(second, last === null ? firstIdOf(second) : last + 1);
    return nextIds;
  }

  #countNew(profileRowId: number, added: Map<string, { all: number; unread: number; open: number }>): void {
    const add = this.#statements.get(
      `INSERT INTO inbox_counts (profile_id, platform, kind, all_rows, unread, open, done, hidden) VALUES (?, ?, ${CONVERSATION_KIND}, ?, ?, ?, 0, 0)
       ON CONFLICT (profile_id, platform, kind) DO UPDATE SET all_rows = all_rows + excluded.all_rows, unread = unread + excluded.unread,
         open = open + excluded.open`,
    );
    for (const [platform, rows] of added) add.run(profileRowId, platform, rows.all, rows.unread, rows.open);
  }
}

/** The next free id of a second; a second not fetched for the batch is looked up on its own. */
function takeId(nextIds: Map<number, number>, second: number, statements?: Statements): number {
  let id = nextIds.get(second);
  if (id === undefined) {
    const last = statements?.get('SELECT max(id) AS last FROM inbox WHERE id >= ? AND id < ?').get(firstIdOf(second), firstIdOf(second + 1)) as
      { last: number | null } | undefined;
    id = last?.last == null ? firstIdOf(second) : last.last + 1;
  }
  nextIds.set(second, id + 1);
  return id;
}
