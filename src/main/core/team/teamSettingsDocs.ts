// Shared settings (issue 22: saved replies, client and report settings, merged per field). Each
// device keeps one document per scope and id of its own, `settings:<scope>:<id>:<device>`, holding
// only the fields it set, each with its hybrid clock stamp, member and device. One document per
// device, not one shared by all: two devices editing one document offline would make a CouchDB
// revision conflict, whose loser (a whole revision, with its fields) is hidden; separate documents
// never conflict, and the fold below decides per field. Decision 0059.
import { type SettingsDoc, SettingsDocSchema, type SettingsField } from '../../../shared/domain/teamDocuments.ts';
import { parseStamp } from './hybridClock.ts';
import { sizeProblem } from './teamDocuments.ts';
import { TeamDocumentRefused } from './teamErrors.ts';

export const SETTINGS_PREFIX = 'settings:';

export const settingsDocId = (scope: string, id: string, device: string): string => `${SETTINGS_PREFIX}${scope}:${id}:${device}`;

/** A settings document as the app may use it; null for a deletion; TeamDocumentRefused for a bad one. */
export function readSettingsDocument(raw: unknown): SettingsDoc | null {
  const id = typeof raw === 'object' && raw !== null && '_id' in raw && typeof raw._id === 'string' ? raw._id : '(no id)';
  if (typeof raw !== 'object' || raw === null) throw new TeamDocumentRefused(id, 'it is not a document.');
  if ('_deleted' in raw && raw._deleted === true) return null;
  const problem = sizeProblem(raw);
  if (problem) throw new TeamDocumentRefused(id, `${problem}.`);
  const parsed = SettingsDocSchema.safeParse(raw);
  if (!parsed.success) throw new TeamDocumentRefused(id, 'it does not have the shape of shared settings.');
  const doc = parsed.data;
  if (settingsDocId(doc.scope, doc.id, doc.device) !== id) throw new TeamDocumentRefused(id, 'its name does not match what it holds.');
  // A device's document holds its own fields only, stamped by its own clock.
  for (const field of Object.values(doc.fields)) {
    if (field.who !== doc.who || field.device !== doc.device || parseStamp(field.at)?.device !== doc.device) {
      throw new TeamDocumentRefused(id, 'it holds a setting in another name.');
    }
  }
  return doc;
}

/** Whether `a` was set after `b`: the later stamp; stamps end with their device, so two devices never tie. */
export function laterField(a: SettingsField, b: SettingsField): boolean {
  return a.at > b.at;
}

/** Every field of one scope and id across the devices' documents: per field, the latest. */
export function foldSettings(docs: Iterable<SettingsDoc>): Map<string, SettingsField> {
  const folded = new Map<string, SettingsField>();
  for (const doc of docs) {
    for (const [name, field] of Object.entries(doc.fields)) {
      const before = folded.get(name);
      if (before === undefined || laterField(field, before)) folded.set(name, field);
    }
  }
  return folded;
}
