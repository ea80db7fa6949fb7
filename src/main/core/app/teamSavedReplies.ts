// Saved replies shared across the workspace's devices, merged per reply (issue 22; decision 0059).
// A saved reply has no id of its own in the host's settings (a list of title and text), so its
// title is its id here (a second reply with the same title is "<title> (2)", and so on). A save on
// this device writes, per reply it added or edited, `{title, text}`, and per reply it removed a
// tombstone (null), into this device's settings document (scope "saved-replies"); what the
// devices wrote is folded per reply (the latest stamp wins) and applied to this device's list
// through the host's settings, as a local change is (the screens are told), but not shared back.
// Renaming a reply is removing one and adding another. The list keeps this device's order, with
// replies new to it after, oldest first.
import { isDeepStrictEqual } from 'node:util';
import { SAVED_REPLY_LIMITS, type SavedReply } from '../../../shared/savedReplies.ts';
import { SavedReplySchema } from '../../../shared/settings.ts';
import type { LoggerPort } from '../ports.ts';
import type { SharedSettingsWorkspace } from './teamClientSettings.ts';

export const SAVED_REPLIES_SCOPE = 'saved-replies';
/** One set for the whole workspace. */
const SAVED_REPLIES_ID = 'workspace';

const SharedReplySchema = SavedReplySchema;

/** The host's saved replies, read and written as a local change (told to the screens) that is not shared again. */
export interface SavedRepliesPort {
  current(): SavedReply[];
  apply(replies: SavedReply[]): Promise<void>;
}

/** The replies by their id: the title, or "<title> (n)" for the n-th reply with that title. */
export function repliesById(replies: readonly SavedReply[]): Map<string, SavedReply> {
  const byId = new Map<string, SavedReply>();
  const seen = new Map<string, number>();
  for (const reply of replies) {
    const title = reply.title.trim();
    const count = (seen.get(title) ?? 0) + 1;
    seen.set(title, count);
    byId.set(count === 1 ? title : `${title} (${count})`, { title: reply.title, text: reply.text });
  }
  return byId;
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

  /** The list saved on this device changed: the replies added, edited or removed are shared. */
  changed(before: readonly SavedReply[], after: readonly SavedReply[]): void {
    const [old, next] = [repliesById(before), repliesById(after)];
    const values: Record<string, SavedReply | null> = {};
    for (const [id, reply] of next) if (!isDeepStrictEqual(old.get(id), reply)) values[id] = reply;
    for (const id of old.keys()) if (!next.has(id)) values[id] = null;
    if (Object.keys(values).length === 0) return;
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#workspace.writeSettings(SAVED_REPLIES_SCOPE, SAVED_REPLIES_ID, values);
      } catch (error) {
        this.#logger?.error('The saved replies could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  #apply(): void {
    const folded = this.#workspace.settings(SAVED_REPLIES_SCOPE, SAVED_REPLIES_ID);
    const current = this.#port.current();
    const merged: SavedReply[] = [];
    const mine = repliesById(current);
    for (const [id, reply] of mine) {
      const shared = folded.get(id);
      if (shared === undefined) merged.push(reply);
      else if (shared.value !== null) {
        const parsed = SharedReplySchema.safeParse(shared.value);
        merged.push(parsed.success ? parsed.data : reply);
      }
    }
    const added = [...folded.entries()].filter(([id, field]) => !mine.has(id) && field.value !== null).sort(([, a], [, b]) => (a.at < b.at ? -1 : 1));
    for (const [, field] of added) {
      const parsed = SharedReplySchema.safeParse(field.value);
      if (parsed.success) merged.push(parsed.data);
    }
    const list = merged.slice(0, SAVED_REPLY_LIMITS.count);
    if (isDeepStrictEqual(list, current)) return;
    this.#writing = this.#writing.then(async () => {
      try {
        await this.#port.apply(list);
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
