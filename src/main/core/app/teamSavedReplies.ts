// Saved replies shared across the workspace's devices, merged per reply and per field (issue 22;
// decisions 0059, 0063). Each reply has its own id (shared/savedReplies.ts); this device's settings
// document (scope "saved-replies", id "workspace") holds, per reply, the fields this device set:
// `<id>/title`, `<id>/text`, `<id>/order` (its order key: savedReplyOrder.ts) and `<id>/removed`.
// A save here writes only what it changed against the list before it (so a rename and an edit of
// the text made on two devices are two fields, and both survive; an unchanged reply is not written,
// so a stale list cannot bring back a reply removed elsewhere) and the order keys that changed. The fold (per field, the latest stamp) is applied to this
// device's list through the host's settings, as a local change is (the screens are told), but not
// shared back. A reply is removed when its `removed` is later than its title and text: an edit made
// after a removal brings it back (an order key does not: it is written for unchanged replies too).
import { isDeepStrictEqual } from 'node:util';
import { SAVED_REPLY_LIMITS, type SavedReply } from '../../../shared/savedReplies.ts';
import type { SettingsField } from '../../../shared/domain/teamDocuments.ts';
import type { LoggerPort } from '../ports.ts';
import { orderKeysToWrite } from './savedReplyOrder.ts';
import type { SharedSettingsWorkspace } from './teamClientSettings.ts';

export const SAVED_REPLIES_SCOPE = 'saved-replies';
/** One set for the whole workspace. */
const SAVED_REPLIES_ID = 'workspace';

/** Each part's check of a value another device wrote (the settings' own limits). */
const textWithin = (limit: number) => (value: unknown) => typeof value === 'string' && value.trim() !== '' && value.length <= limit;
const PART_CHECKS = {
  title: textWithin(SAVED_REPLY_LIMITS.title),
  text: textWithin(SAVED_REPLY_LIMITS.text),
  order: (value: unknown) => typeof value === 'number' && Number.isFinite(value),
  removed: (value: unknown) => value === true,
} as const;
type Part = keyof typeof PART_CHECKS;

const fieldName = (id: string, part: Part): string => `${id}/${part}`;

/** One reply as the team's fold has it: each part's valid value and stamp. */
interface SharedReply {
  title?: string;
  text?: string;
  order?: number;
  /** The latest stamp of its title and text: a later `removed` removes it. */
  latest: string;
  removedAt: string | null;
}

/** The team's replies by id, from the folded fields (a field that is not a reply's part, or holds a bad value, is left out). */
export function sharedReplies(folded: ReadonlyMap<string, SettingsField>): Map<string, SharedReply> {
  const replies = new Map<string, SharedReply>();
  for (const [name, field] of folded) {
    const at = name.lastIndexOf('/');
    const part = name.slice(at + 1);
    if (at <= 0 || !(part in PART_CHECKS) || !PART_CHECKS[part as Part](field.value)) continue;
    const id = name.slice(0, at);
    const reply = replies.get(id) ?? { latest: '', removedAt: null };
    if (part === 'removed') reply.removedAt = field.at;
    else if (part === 'order') reply.order = field.value as number;
    else reply[part as 'title' | 'text'] = (field.value as string).trim();
    if ((part === 'title' || part === 'text') && field.at > reply.latest) reply.latest = field.at;
    replies.set(id, reply);
  }
  return replies;
}

const isRemoved = (reply: SharedReply): boolean => reply.removedAt !== null && reply.removedAt > reply.latest;

/** The host's saved replies, read and written as a local change (told to the screens) that is not shared again. */
export interface SavedRepliesPort {
  current(): SavedReply[];
  apply(replies: SavedReply[]): Promise<void>;
}

export class TeamSavedReplies {
  readonly #workspace: SharedSettingsWorkspace;
  readonly #port: SavedRepliesPort;
  readonly #logger: LoggerPort | undefined;
  #writing: Promise<void> = Promise.resolve();
  readonly #unsubscribe: () => void;

  constructor(workspace: SharedSettingsWorkspace, port: SavedRepliesPort, logger?: LoggerPort) {
    this.#workspace = workspace;
    this.#port = port;
    this.#logger = logger;
    this.#unsubscribe = workspace.subscribe((update) => {
      if ((update.settings ?? []).some(({ scope }) => scope === SAVED_REPLIES_SCOPE)) this.#apply();
    });
    if (workspace.settingsIds(SAVED_REPLIES_SCOPE).includes(SAVED_REPLIES_ID)) this.#apply();
  }

  #shared(): Map<string, SharedReply> {
    return sharedReplies(this.#workspace.settings(SAVED_REPLIES_SCOPE, SAVED_REPLIES_ID));
  }

  /** The list saved on this device changed: the fields it changed, the replies it removed and the order keys that moved are shared. */
  changed(before: readonly SavedReply[], after: readonly SavedReply[]): void {
    const shared = this.#shared();
    const old = new Map(before.map((reply) => [reply.id, reply]));
    const values: Record<string, unknown> = {};
    for (const reply of after) {
      const was = old.get(reply.id);
      if (was?.title !== reply.title) values[fieldName(reply.id, 'title')] = reply.title;
      if (was?.text !== reply.text) values[fieldName(reply.id, 'text')] = reply.text;
    }
    const kept = new Set(after.map((reply) => reply.id));
    for (const id of old.keys()) if (!kept.has(id)) values[fieldName(id, 'removed')] = true;
    const known = new Map([...shared].flatMap(([id, reply]) => (reply.order === undefined || isRemoved(reply) ? [] : [[id, reply.order] as const])));
    for (const [id, key] of orderKeysToWrite(
      after.map((reply) => reply.id),
      known,
    ))
      values[fieldName(id, 'order')] = key;
    if (Object.keys(values).length === 0) return;
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#workspace.writeSettings(SAVED_REPLIES_SCOPE, SAVED_REPLIES_ID, values);
      } catch (error) {
        this.#logger?.error('The saved replies could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  /** The team's list: its replies by order key (then id), with this device's replies the team has never seen after them. */
  #apply(): void {
    const shared = this.#shared();
    const current = this.#port.current();
    const mine = new Map(current.map((reply) => [reply.id, reply]));
    const listed = [...shared]
      .filter(([, reply]) => !isRemoved(reply))
      .sort(([idA, a], [idB, b]) => (a.order ?? Infinity) - (b.order ?? Infinity) || (idA < idB ? -1 : idA > idB ? 1 : 0))
      .flatMap(([id, reply]): SavedReply[] => {
        const title = reply.title ?? mine.get(id)?.title;
        const text = reply.text ?? mine.get(id)?.text;
        return title === undefined || text === undefined ? [] : [{ id, title, text }];
      });
    const merged = [...listed, ...current.filter((reply) => !shared.has(reply.id))].slice(0, SAVED_REPLY_LIMITS.count);
    if (isDeepStrictEqual(merged, current)) return;
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#port.apply(merged);
      } catch (error) {
        this.#logger?.error('The team’s saved replies could not be saved on this device', { reason: (error as Error).message });
      }
    });
  }

  /** Every change asked for so far is written (tests, closing). */
  written(): Promise<void> {
    return this.#writing;
  }

  /** The device left the workspace: the team's replies are no longer applied here. */
  close(): void {
    this.#unsubscribe();
  }
}
