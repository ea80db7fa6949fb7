// The team's facts in a freelancer's words (issue 22), through the one formatter: an item's history
// ("Ann marked this done on laptop · 14:02", "Bob assigned it to Ann") and the notice of two
// decisions made at once ("Bob snoozed this while you marked it done: it stays snoozed until Mon 23
// Nov, 9:00"). Pure, so the wording is tested without a window. "You" is this member.
import { kindViewOfKey } from '../kinds/kindViews.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import type { ItemAct, ItemHistoryEntry, ResolutionNotice } from '../../shared/domain/teamItem.ts';
import type { OUTBOX_STATES } from '../../shared/domain/teamDocuments.ts';

/** A member's name as this member reads it: "you" for themselves. */
export function memberName(name: string, me: string | null, capital = false): string {
  if (name !== me) return name;
  return capital ? 'You' : 'you';
}

/** What answers an item: a reply (to a comment) or a message (in a conversation; kinds/kindViews.ts says which). */
export type AnswerNoun = 'reply' | 'message';

/**
 * What someone did, as a verb phrase on `object` ("this" or "it"); null for what is not told (read,
 * unread). `answer`: what the item's outbox statuses are about ("sent a message" in a conversation).
 */
export function actWords(act: ItemAct, me: string | null, fmt: Formatter, object = 'this', answer: AnswerNoun = 'reply'): string | null {
  if (act.kind === 'event') return eventWords(act.event);
  if (act.kind === 'outbox') return outboxWords(act.state, answer);
  const to = act.to;
  switch (act.field) {
    case 'done':
      return to === true ? `marked ${object} done` : `moved ${object} back to the inbox`;
    case 'snoozedUntil':
      return typeof to === 'number' ? `snoozed ${object} until ${fmt.weekdayDateTime(to)}` : `woke ${object}`;
    case 'assignee':
      return typeof to === 'string' ? `assigned ${object} to ${memberName(to, me)}` : `unassigned ${object}`;
    case 'note':
      return typeof to === 'string' ? (act.from === null ? 'added a note' : 'changed the note') : 'removed the note';
    case 'labels':
      return labelWords(Array.isArray(act.from) ? act.from : [], Array.isArray(to) ? to : [], object);
    case 'unread':
      return null;
  }
}

function eventWords(event: Extract<ItemAct, { kind: 'event' }>['event']): string {
  switch (event) {
    case 'reply-sent':
      return 'answered';
    case 'reply-sent-anyway':
      return 'chose to send their answer although someone had answered first';
    case 'message-received':
      return 'got a new message from the person';
  }
}

function outboxWords(state: (typeof OUTBOX_STATES)[number], answer: AnswerNoun): string {
  switch (state) {
    case 'queued':
      return `wrote a ${answer} (waiting to be sent)`;
    case 'held':
      return `held a ${answer}`;
    case 'sending':
      return `is sending a ${answer}`;
    case 'sent':
      return `sent a ${answer}`;
    case 'failed':
      return `could not send a ${answer}`;
    case 'discarded':
      return `discarded a ${answer}`;
  }
}

function labelWords(from: readonly string[], to: readonly string[], object: string): string {
  const added = to.filter((label) => !from.includes(label));
  const removed = from.filter((label) => !to.includes(label));
  const parts = [
    ...(added.length > 0 ? [`labelled ${object} ${added.map((label) => `“${label}”`).join(', ')}`] : []),
    ...(removed.length > 0 ? [`took off ${removed.map((label) => `“${label}”`).join(', ')}`] : []),
  ];
  return parts.length > 0 ? parts.join(' and ') : `changed the labels of ${object}`;
}

/**
 * One history line: who did what, on which device, when ("Ann marked this done on laptop · 14:02");
 * null: not shown. `answer`: a conversation's are messages ("Ann sent a message").
 */
export function historyLine(
  entry: ItemHistoryEntry,
  me: string | null,
  fmt: Formatter,
  now: number,
  answer: AnswerNoun = 'reply',
  heldFor: string | null = null,
): string | null {
  if (entry.act.kind === 'outbox' && entry.act.state === 'held') return heldHistoryLine(entry, me, fmt, now, answer, heldFor);
  const told = actWords(entry.act, me, fmt, 'this', answer);
  if (told === null) return null;
  // "You chose to send your answer …", not "their".
  const what = entry.who === me ? told.replace(/\btheir\b/, 'your') : told;
  const undo = entry.act.kind === 'change' && entry.act.undo ? ' (an undo)' : '';
  return `${memberName(entry.who, me, true)} ${what}${undo} on ${entry.device} · ${fmt.chatTime(entry.at, now)}`;
}

/** "ann" → "Ann": a sign-in name beginning a clause. */
const capitalised = (name: string): string => name.charAt(0).toLocaleUpperCase() + name.slice(1);

/**
 * A held answer's line says what happened to its author, not what they did: "Bob’s reply was held:
 * Ann had answered · 14:02" (`heldFor`: who answered first, from the history; null: not known here).
 */
function heldHistoryLine(entry: ItemHistoryEntry, me: string | null, fmt: Formatter, now: number, answer: AnswerNoun, heldFor: string | null): string {
  const whose = entry.who === me ? 'Your' : `${capitalised(entry.who)}’s`;
  const because = heldFor === null ? 'someone had answered first' : heldFor === me ? 'you had answered' : `${capitalised(heldFor)} had answered`;
  return `${whose} ${answer} was held: ${because} · ${fmt.chatTime(entry.at, now)}`;
}

/**
 * Who had answered when a held entry was held: the latest other member's (or other device's) answer
 * in the history before it, sent or on its way; null when the history has none.
 */
export function heldForOf(history: readonly ItemHistoryEntry[], index: number): string | null {
  const held = history[index];
  if (held?.act.kind !== 'outbox' || held.act.state !== 'held') return null;
  const answered = history.filter(
    (entry, at) =>
      at !== index &&
      (entry.who !== held.who || entry.device !== held.device) &&
      ((entry.act.kind === 'outbox' && ['queued', 'sending', 'sent'].includes(entry.act.state)) ||
        (entry.act.kind === 'event' && entry.act.event === 'reply-sent')),
  );
  const before = answered.filter((entry) => entry.at <= held.at);
  return (before.at(-1) ?? answered[0])?.who ?? null;
}

/** The notice of two decisions made at once, and which one stands ("…: it stays snoozed until …"). */
export function noticeWords(notice: ResolutionNotice, me: string | null, fmt: Formatter, now: number): string {
  // The item named by its person when the store has it ("Mia’s comment"), else "this".
  const item = notice.person === null ? 'this' : kindViewOfKey(notice.itemKey).words.named(notice.person);
  const theirs = actWords(notice.theirs, me, fmt, item) ?? `changed ${item}`;
  // "while you assigned it to you" reads as "while you took it".
  const mine = (actWords(notice.mine, me, fmt, 'it') ?? 'changed it').replace(/^assigned it to you$/, 'took it');
  return `${notice.other} ${withoutTime(theirs)} while you ${withoutTime(mine)}: ${resultWords(notice, me, fmt, now)}`;
}

/** The time of a snooze is said once, in the result. */
function withoutTime(words: string): string {
  return words.replace(/^snoozed (.*) until .*$/, 'snoozed $1');
}

function resultWords(notice: ResolutionNotice, me: string | null, fmt: Formatter, now: number): string {
  switch (notice.register) {
    case 'visibility': {
      const { done, snoozedUntil } = notice.state;
      if (done) return 'it stays done';
      if (snoozedUntil !== null && snoozedUntil > now) return `it stays snoozed until ${fmt.weekdayDateTime(snoozedUntil)}`;
      return 'it stays in the inbox';
    }
    case 'assignee':
      return notice.state.assignee === null ? 'it stays unassigned' : `it stays with ${memberName(notice.state.assignee, me)}`;
    case 'note':
      return notice.keptMine ? 'your note was kept' : `${notice.other}’s note was kept`;
  }
}
