// An account's outbox files as the person is told about them: a file found damaged (what was wrong,
// that a fresh one took its place, where the old one is kept, how much was read back) or one that
// cannot be opened at all; and the rows set aside, with the reply's text as far as it can be read.
import type { OutboxHealth, SetAsideRow } from '../../../shared/domain/outbox.ts';
import type { PostSettingsQueue } from './postSettingsQueue.ts';
import type { DamagedFileReport, QuarantinedRow } from './types.ts';

export interface AccountOutboxes {
  accountId: string;
  accountTitle: string;
  replies: { damage: DamagedFileReport | null; closedBecause: string | null };
  commentsSettings: { damage: DamagedFileReport | null; closedBecause: string | null };
}

const NOUNS = {
  replies: { file: 'reply outbox', one: 'reply', many: 'replies' },
  'comments-settings': { file: 'queue of comments on/off changes', one: 'change', many: 'changes' },
} as const;

const KIND_WORDS: Record<DamagedFileReport['kind'], string> = {
  damaged: 'was damaged on disk',
  empty: 'was found empty (cut off)',
  'not-a-file': 'could not be read (something that is not a file was in its place)',
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function recoveredMessage(title: string, queue: OutboxHealth['queue'], damage: DamagedFileReport): string {
  const noun = NOUNS[queue];
  const what = `The ${noun.file} of “${title}” ${KIND_WORDS[damage.kind]}.`;
  const did = `A fresh one was started and the damaged file was kept as ${damage.movedTo}.`;
  const read =
    damage.unreadable !== null
      ? `Nothing could be read back from it (${damage.unreadable}).`
      : `${plural(damage.restored, noun.one, noun.many)} could be read back (${damage.pending} still to send)${damage.setAside > 0 ? `; ${plural(damage.setAside, 'row', 'rows')} could not be used: kept, never sent, and listed with the set-aside rows` : ''}.`;
  const lost =
    damage.unreadable === null
      ? ' Anything that was on the damaged part of the file is not in the list: check the conversations you replied to recently.'
      : ' Check the conversations you replied to recently.';
  return `${what} ${did} ${read}${lost}`;
}

function closedMessage(title: string, queue: OutboxHealth['queue'], because: string): string {
  const noun = NOUNS[queue];
  return `The ${noun.file} of “${title}” cannot be opened, so no ${noun.many} can be queued for it until it can: ${because}`;
}

function viewsOf(account: AccountOutboxes, queue: OutboxHealth['queue'], state: AccountOutboxes['replies']): OutboxHealth[] {
  const base = { accountId: account.accountId, accountTitle: account.accountTitle, queue };
  if (state.damage === null && state.closedBecause === null) return [];
  if (state.damage === null || state.closedBecause !== null) {
    return [
      {
        ...base,
        state: 'closed',
        message: closedMessage(account.accountTitle, queue, state.closedBecause ?? ''),
        movedTo: null,
        restored: 0,
        pending: 0,
        setAside: 0,
        at: state.damage?.at ?? 0,
      },
    ];
  }
  const { damage } = state;
  return [
    {
      ...base,
      state: 'recovered',
      message: recoveredMessage(account.accountTitle, queue, damage),
      movedTo: damage.movedTo,
      restored: damage.restored,
      pending: damage.pending,
      setAside: damage.setAside,
      at: damage.at,
    },
  ];
}

export function outboxHealthViews(account: AccountOutboxes): OutboxHealth[] {
  return [...viewsOf(account, 'replies', account.replies), ...viewsOf(account, 'comments-settings', account.commentsSettings)];
}

/** The reply's text and the comment it answered, from a row set aside (as much as survived). */
export function readableParts(row: string): { text: string | null; answers: string | null } {
  let columns: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(row) as unknown;
    if (typeof parsed === 'object' && parsed !== null) columns = parsed as Record<string, unknown>;
  } catch {
    // Not even the row's JSON: look for the text in the raw characters below.
  }
  const answers = typeof columns['answers'] === 'string' ? columns['answers'] : null;
  const request = typeof columns['request'] === 'string' ? columns['request'] : row;
  try {
    const comment = (JSON.parse(request) as { comment?: unknown }).comment;
    if (typeof comment === 'string') return { text: comment, answers };
  } catch {
    // A cut or garbled request: take the text up to where it stops making sense.
  }
  const match = /"comment"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(request);
  if (!match) return { text: null, answers };
  // The pattern's one group always takes part in a match (possibly empty).
  const raw = (match[1] ?? '').replace(/\\$/, '');
  try {
    return { text: JSON.parse(`"${raw}"`) as string, answers };
  } catch {
    return { text: raw, answers };
  }
}

export function setAsideRows(
  account: Pick<AccountOutboxes, 'accountId' | 'accountTitle'>,
  replies: readonly QuarantinedRow[],
  changes: ReturnType<PostSettingsQueue['setAside']>,
): SetAsideRow[] {
  const base = { accountId: account.accountId, accountTitle: account.accountTitle };
  return [
    ...replies.map((row): SetAsideRow => ({
      ...base,
      key: `${account.accountId}:reply:${row.quarantineId}`,
      kind: 'reply',
      at: row.at,
      ...readableParts(row.row),
      reason: row.reason,
    })),
    ...changes.map((row, index): SetAsideRow => ({
      ...base,
      key: `${account.accountId}:comments:${row.id ?? index}`,
      kind: 'comments-setting',
      at: row.at,
      text: null,
      answers: null,
      reason: row.reason,
    })),
  ];
}
