// The documents of a team workspace database, by id prefix (the server's validation function,
// src/syncServer/teamDesignDoc.ts, knows the same prefixes), and the check every document from
// the server passes before the app uses it: bounded size and depth first (a huge or deeply nested
// document is refused without being walked in full), then its shape.
import {
  ChangeDocSchema,
  type ChangeDoc,
  ClaimDocSchema,
  ContentDocSchema,
  type EventDoc,
  EventDocSchema,
  LeaseDocSchema,
  OutboxStatusDocSchema,
  PresenceDocSchema,
  type TeamDoc,
} from '../../../shared/domain/teamDocuments.ts';
import { TeamDocumentRefused } from './teamErrors.ts';
import type { TeamLogEntry } from './teamLog.ts';

export const MAX_DOCUMENT_CHARACTERS = 256 * 1024;
export const MAX_DOCUMENT_DEPTH = 16;

/** The id prefixes parseByPrefix reads: known without parsing anything (a failed parse costs an error object per document). */
const READ_PREFIXES = new Set(['change:', 'event:', 'claim:', 'presence:', 'outbox:', 'lease:', 'content:']);

/** The document parsed by the schema its id prefix names; 'unread' for prefixes the app does not read here. */
function parseByPrefix(prefix: string, raw: unknown): { success: true; data: TeamDoc } | { success: false } | 'unread' {
  switch (prefix) {
    case 'change:':
      return ChangeDocSchema.safeParse(raw);
    case 'event:':
      return EventDocSchema.safeParse(raw);
    case 'claim:':
      return ClaimDocSchema.safeParse(raw);
    case 'presence:':
      return PresenceDocSchema.safeParse(raw);
    case 'outbox:':
      return OutboxStatusDocSchema.safeParse(raw);
    case 'lease:':
      return LeaseDocSchema.safeParse(raw);
    case 'content:':
      return ContentDocSchema.safeParse(raw);
    default:
      return 'unread';
  }
}

export const changeDocId = (itemKey: string, hlc: string): string => `change:${itemKey}:${hlc}`;
export const eventDocId = (itemKey: string, hlc: string): string => `event:${itemKey}:${hlc}`;
export const claimDocId = (key: string): string => `claim:${key}`;
export const presenceDocId = (member: string, device: string): string => `presence:${member}:${device}`;
export const outboxDocId = (device: string, outboxId: string): string => `outbox:${device}:${outboxId}`;
export const leaseDocId = (profileId: string): string => `lease:${profileId}`;
/** A content document's id: its scope (the profile on its service), then a stamp unique to its device. */
export const contentDocId = (scope: string, stamp: string): string => `content:${scope}:${stamp}`;

/**
 * Walks a value without recursion, giving up as soon as it is too deep or too large. Every replicated
 * document passes here, so it allocates nothing per key (two parallel stacks, `for…in` over own keys).
 */
export function sizeProblem(value: unknown): string | null {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  let characters = 0;
  while (values.length > 0) {
    const next = values.pop();
    const depth = depths.pop() as number;
    if (depth > MAX_DOCUMENT_DEPTH) return 'it is nested too deeply';
    if (typeof next === 'string') characters += next.length + 2;
    else if (Array.isArray(next)) {
      for (const item of next as unknown[]) {
        characters += 4;
        if (characters > MAX_DOCUMENT_CHARACTERS) return 'it is too large';
        values.push(item);
        depths.push(depth + 1);
      }
    } else if (next !== null && typeof next === 'object') {
      for (const key in next) {
        if (!Object.hasOwn(next, key)) continue;
        characters += key.length + 4;
        if (characters > MAX_DOCUMENT_CHARACTERS) return 'it is too large';
        values.push((next as Record<string, unknown>)[key]);
        depths.push(depth + 1);
      }
    } else characters += 8;
    if (characters > MAX_DOCUMENT_CHARACTERS) return 'it is too large';
  }
  return null;
}

/**
 * A team document as the app may use it, or null for documents the app does not read here
 * (design documents, settings, deletions). Throws TeamDocumentRefused for a bad one.
 */
export function readTeamDocument(raw: unknown): TeamDoc | null {
  const id = typeof raw === 'object' && raw !== null && '_id' in raw && typeof raw._id === 'string' ? raw._id : '(no id)';
  if (typeof raw !== 'object' || raw === null) throw new TeamDocumentRefused(id, 'it is not a document.');
  if ('_deleted' in raw && raw._deleted === true) return null;
  const prefix = id.slice(0, id.indexOf(':') + 1);
  if (!READ_PREFIXES.has(prefix)) return null;
  const problem = sizeProblem(raw);
  if (problem) throw new TeamDocumentRefused(id, `${problem}.`);
  const parsed = parseByPrefix(prefix, raw);
  if (parsed === 'unread' || !parsed.success) throw new TeamDocumentRefused(id, 'it does not have the shape of a team entry.');
  const doc = parsed.data;
  // The id must say what the document says, or one item's entry could pose as another's.
  const expected =
    doc.kind === 'change'
      ? changeDocId(doc.change.itemKey, doc.hlc)
      : doc.kind === 'event'
        ? eventDocId(doc.itemKey, doc.hlc)
        : doc.kind === 'presence'
          ? presenceDocId(doc.who, doc.device)
          : doc.kind === 'outbox'
            ? outboxDocId(doc.device, doc.outboxId)
            : doc.kind === 'content' && !id.startsWith(contentDocId(doc.scope, ''))
              ? contentDocId(doc.scope, '…')
              : id;
  if (expected !== id) throw new TeamDocumentRefused(id, 'its name does not match what it holds.');
  if (doc.kind === 'change' && (doc.change.who !== doc.who || doc.change.device !== doc.device))
    throw new TeamDocumentRefused(id, 'it names two different authors.');
  return doc;
}

/** The fold's entry for a change or event document. */
export function logEntryOf(doc: ChangeDoc | EventDoc): TeamLogEntry {
  if (doc.kind === 'change') {
    return {
      kind: 'change',
      id: doc.change.id,
      itemKey: doc.change.itemKey,
      hlc: doc.hlc,
      seen: doc.seen,
      who: doc.who,
      device: doc.device,
      change: doc.change,
    };
  }
  const entry = {
    kind: 'event' as const,
    id: doc.id,
    itemKey: doc.itemKey,
    hlc: doc.hlc,
    seen: doc.seen,
    who: doc.who,
    device: doc.device,
    event: doc.event,
    at: doc.at,
  };
  return doc.outboxId === undefined ? entry : { ...entry, outboxId: doc.outboxId };
}
