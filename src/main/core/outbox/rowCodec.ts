// Items to rows and back. Loading parses every column and says what is wrong with a row instead of
// trusting it: a row written by a buggy build, edited by hand or damaged on disk becomes a
// quarantined row with a reason, and the rest of the queue drains as if it were not there. The
// common columns are read here; the request (and thread) by the task kind that owns it (taskKinds.ts).
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import { isReviewNetwork } from '../../../shared/reviews.ts';
import type { SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { isNetwork } from '../../../shared/networks.ts';
import { isRecord, isText, isTimestamp, problem, RowProblem } from './rowChecks.ts';
import { taskKindOf, taskKindOfStoredRequest } from './taskKinds.ts';
import { type NetworkResult, OUTBOX_STATES, type OutboxErrorInfo, type OutboxItem, type OutboxState } from './types.ts';

export type ItemRow = Record<string, SQLOutputValue>;

/** The columns an item is written to, in the order of the statements of itemRepository.ts. */
export function rowValuesOf(item: OutboxItem): Record<string, SQLInputValue> {
  return {
    id: item.id,
    account_id: item.target.accountId,
    profile_id: item.target.profileId ?? null,
    // The kind keeps its request as it reads it back (a message's is marked `to: "conversation"`:
    // one table for every kind, no migration; a build that knows only replies quarantines it).
    request: JSON.stringify(taskKindOf(item).storedRequest(item)),
    thread: item.thread === null ? null : JSON.stringify(item.thread),
    answers: item.answers,
    created: item.created,
    send_after: item.sendAfter,
    state: item.state,
    results: JSON.stringify(item.results),
    attempts: item.attempts,
    first_attempt_at: item.firstAttemptAt,
    last_attempt_at: item.lastAttemptAt,
    last_error: item.lastError === null ? null : JSON.stringify(item.lastError),
    next_attempt_at: item.nextAttemptAt,
    // 2: unknown, and the person asked to cancel (decided by the check). No new column, so no
    // migration; a build that knows only 0 and 1 quarantines such a row, and never sends it.
    outcome_unknown: item.outcomeUnknown ? (item.cancelRequested === true ? 2 : 1) : 0,
    failures: item.failures,
    updated: item.updated,
    sent_unchecked: item.sentUnchecked === true ? 1 : null,
  };
}

export type ParsedRow = { ok: true; item: OutboxItem } | { ok: false; itemId: string | null; reason: string };

function text(row: ItemRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string' || value === '') problem(`${column} is not a non-empty text`);
  return value;
}

function optionalText(row: ItemRow, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value === '') problem(`${column} is neither empty nor a non-empty text`);
  return value;
}

function integer(row: ItemRow, column: string, min = Number.MIN_SAFE_INTEGER): number {
  const value = row[column];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) problem(`${column} is not a whole number${min === 0 ? ' ≥ 0' : ''}`);
  return value;
}

function optionalInteger(row: ItemRow, column: string): number | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  return integer(row, column);
}

function json(row: ItemRow, column: string): unknown {
  const source = text(row, column);
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return problem(`${column} is not valid JSON`);
  }
}

function resultOf(platform: string, value: unknown): NetworkResult {
  if (!isRecord(value) || !isTimestamp(value.at)) problem(`results.${platform} is not a result`);
  const optionalId = (v: unknown) => v === null || isText(v);
  if (value.state === 'sent') {
    const { socialCommentId, serviceCommentId, postUrl, adopted, at } = value;
    if (!optionalId(socialCommentId) || !optionalId(serviceCommentId) || !optionalId(postUrl) || typeof adopted !== 'boolean') {
      problem(`results.${platform} is not a sent result`);
    }
    return {
      state: 'sent',
      socialCommentId: socialCommentId,
      serviceCommentId: serviceCommentId,
      postUrl: postUrl,
      adopted,
      at,
    };
  }
  if (value.state === 'failed') {
    if (!isText(value.code) || !isText(value.message)) problem(`results.${platform} is not a failed result`);
    return { state: 'failed', code: value.code, message: value.message, at: value.at };
  }
  return problem(`results.${platform} has no known state`);
}

function resultsOf(value: unknown): Partial<Record<ItemNetwork, NetworkResult>> {
  if (!isRecord(value)) problem('results is not an object');
  const results: Partial<Record<ItemNetwork, NetworkResult>> = {};
  for (const [platform, result] of Object.entries(value)) {
    if (!isNetwork(platform) && !isReviewNetwork(platform)) problem(`results names "${platform}", which is not a network`);
    results[platform] = resultOf(platform, result);
  }
  return results;
}

function errorInfoOf(value: unknown): OutboxErrorInfo {
  if (!isRecord(value) || !isText(value.code) || !isText(value.message)) problem('last_error is not {code, message}');
  // Who answered first, when a team held it (in the same JSON: no new column, no migration).
  const by = value.answeredBy;
  if (by === undefined) return { code: value.code, message: value.message };
  if (!isRecord(by) || !isText(by.who) || !isText(by.device) || !isTimestamp(by.at)) problem('last_error.answeredBy is not {who, device, at}');
  const unreadable = by.unreadable === true ? { unreadable: true as const } : {};
  return { code: value.code, message: value.message, answeredBy: { who: by.who, device: by.device, at: by.at, ...unreadable } };
}

/** Schema 2's flag: 1 went out unchecked; NULL (or absent, a row read back from before) did not. */
function sentUncheckedOf(row: ItemRow): boolean {
  const value = row.sent_unchecked;
  if (value === null || value === undefined) return false;
  if (value !== 1) problem('sent_unchecked is neither empty nor 1');
  return true;
}

function stateOf(value: string): OutboxState {
  if (!(OUTBOX_STATES as readonly string[]).includes(value)) problem(`state "${value}" is not a state of the outbox`);
  return value as OutboxState;
}

export function parseItemRow(row: ItemRow): ParsedRow {
  const itemId = typeof row.id === 'string' && row.id !== '' ? row.id : null;
  try {
    const id = text(row, 'id');
    const stored = json(row, 'request');
    if (!isRecord(stored)) problem('request is not an object');
    const taskKind = taskKindOfStoredRequest(stored);
    if (taskKind === null) problem('request.to is neither "serviceComment" nor "socialComment"');
    const storedThread = row.thread === null || row.thread === undefined ? null : json(row, 'thread');
    const kind = taskKind.readStored(stored, storedThread);
    const issues = taskKind.issues(kind);
    if (issues.length > 0) problem(`the ${kind.kind} could never be sent: ${issues.map((i) => i.message).join('; ')}`);
    const profileId = optionalText(row, 'profile_id');
    const outcomeUnknown = integer(row, 'outcome_unknown', 0);
    if (outcomeUnknown > 2) problem('outcome_unknown is neither 0 nor 1, nor 2 (unknown, with a cancel asked for)');
    const item: OutboxItem = {
      id,
      seq: integer(row, 'seq', 1),
      target: { accountId: text(row, 'account_id'), ...(profileId === null ? {} : { profileId }) },
      ...kind,
      answers: text(row, 'answers'),
      text: taskKind.textOf(kind),
      created: integer(row, 'created'),
      sendAfter: integer(row, 'send_after'),
      state: stateOf(text(row, 'state')),
      results: resultsOf(json(row, 'results')),
      attempts: integer(row, 'attempts', 0),
      firstAttemptAt: optionalInteger(row, 'first_attempt_at'),
      lastAttemptAt: optionalInteger(row, 'last_attempt_at'),
      lastError: row.last_error === null || row.last_error === undefined ? null : errorInfoOf(json(row, 'last_error')),
      nextAttemptAt: optionalInteger(row, 'next_attempt_at'),
      outcomeUnknown: outcomeUnknown >= 1,
      ...(outcomeUnknown === 2 ? { cancelRequested: true } : {}),
      failures: integer(row, 'failures', 0),
      updated: integer(row, 'updated'),
      ...(sentUncheckedOf(row) ? { sentUnchecked: true } : {}),
    };
    if (item.outcomeUnknown && item.firstAttemptAt === null) problem('the outcome of an attempt is unknown but no attempt is recorded');
    return { ok: true, item };
  } catch (error) {
    if (error instanceof RowProblem) return { ok: false, itemId, reason: error.message };
    return { ok: false, itemId, reason: `unreadable row (${error instanceof Error ? error.name : 'unknown error'})` };
  }
}

/** A row as JSON text for the quarantine table (blobs as hex: nothing in a row is lost). */
export function rowAsText(row: ItemRow): string {
  const plain: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (value instanceof Uint8Array) plain[column] = { blobHex: Buffer.from(value).toString('hex') };
    else if (typeof value === 'bigint') plain[column] = value.toString();
    else plain[column] = value;
  }
  return JSON.stringify(plain);
}
