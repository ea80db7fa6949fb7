// The fold's resolutions as notices (issue 22; decision 0054 keeps them, decision 0062 tells them):
// when two people decided about the same item without seeing each other's decision (done vs
// snooze, two assignments, two notes), the fold keeps one, and both of them are told, once, in the
// app. Each device tells its own member of the resolutions that name them and someone else; a
// notice stays until the member dismisses it, and the ones dismissed are remembered in a small
// file of the data folder, so a restart does not tell them again.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ItemAct, ResolutionNotice } from '../../../shared/domain/teamItem.ts';
import type { LoggerPort } from '../ports.ts';
import type { FoldedItem, Resolution } from '../team/fold.ts';
import type { TeamLogEntry } from '../team/teamLog.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import { writeFileWhole } from './wholeFile.ts';

/** At most this many dismissed notices are remembered (the oldest are forgotten first). */
const REMEMBERED_MAX = 5_000;

export interface TeamResolutionsOptions {
  workspace: TeamWorkspace;
  member: string;
  /** The data folder: `team-notices-told.json` is kept there. */
  dataDir: string;
  /** Who the item is about (a comment's author, a conversation's person), for the notice's words. */
  person: (itemKey: string) => string | null;
  /** Told whenever the notices pending for this member change. */
  changed: (notices: ResolutionNotice[]) => void;
  logger?: LoggerPort;
}

export class TeamResolutions {
  readonly #options: TeamResolutionsOptions;
  readonly #file: string;
  readonly #told: string[];
  /** Pending notices by id, per item (a new fold of an item replaces its notices). */
  readonly #byItem = new Map<string, ResolutionNotice[]>();
  readonly #unsubscribe: () => void;

  constructor(options: TeamResolutionsOptions) {
    this.#options = options;
    this.#file = join(options.dataDir, 'team-notices-told.json');
    this.#told = readTold(this.#file);
    for (const item of options.workspace.items()) this.#take(item);
    this.#unsubscribe = options.workspace.subscribe((update) => {
      let any = false;
      for (const item of update.items) any = this.#take(item) || any;
      if (any) this.#options.changed(this.pending());
    });
  }

  pending(): ResolutionNotice[] {
    return [...this.#byItem.values()].flat();
  }

  /** The member read it: never told again on this device. */
  dismiss(id: string): void {
    if (!this.#told.includes(id)) {
      this.#told.push(id);
      if (this.#told.length > REMEMBERED_MAX) this.#told.splice(0, this.#told.length - REMEMBERED_MAX);
      try {
        writeFileWhole(this.#file, JSON.stringify(this.#told));
      } catch (error) {
        this.#options.logger?.error('Which team notices were read could not be saved', { reason: (error as Error).message });
      }
    }
    for (const [key, notices] of this.#byItem) {
      const left = notices.filter((notice) => notice.id !== id);
      if (left.length === 0) this.#byItem.delete(key);
      else this.#byItem.set(key, left);
    }
    this.#options.changed(this.pending());
  }

  close(): void {
    this.#unsubscribe();
  }

  /** Whether the item's pending notices changed. */
  #take(item: FoldedItem): boolean {
    const before = JSON.stringify(this.#byItem.get(item.itemKey) ?? []);
    const notices = item.resolutions.flatMap((resolution) => {
      const notice = this.#noticeOf(item, resolution);
      return notice === null || this.#told.includes(notice.id) ? [] : [notice];
    });
    if (notices.length === 0) this.#byItem.delete(item.itemKey);
    else this.#byItem.set(item.itemKey, notices);
    return JSON.stringify(notices) !== before;
  }

  /** This member's notice of a resolution: only when it names them and another person, and both parts were people's decisions. */
  #noticeOf(item: FoldedItem, resolution: Resolution): ResolutionNotice | null {
    const me = this.#options.member;
    const parts = [resolution.kept, ...resolution.dropped];
    const mine = parts.find((part) => part.who === me);
    const theirs = resolution.kept.who === me ? resolution.dropped.find((part) => part.who !== me) : resolution.kept;
    if (mine === undefined || theirs === undefined || theirs.who === me) return null;
    const entries = new Map(this.#options.workspace.entries(item.itemKey).map((entry) => [entry.id, entry]));
    const myAct = actOf(entries.get(mine.id));
    const theirAct = actOf(entries.get(theirs.id));
    if (myAct === null || theirAct === null) return null;
    const ids = [resolution.kept.id, ...resolution.dropped.map((part) => part.id).sort()];
    return {
      id: `${item.itemKey}|${resolution.register}|${ids.join('|')}`,
      itemKey: item.itemKey,
      register: resolution.register,
      other: theirs.who,
      mine: myAct,
      theirs: theirAct,
      keptMine: resolution.kept.who === me,
      state: { done: item.state.done, snoozedUntil: item.state.snoozedUntil, assignee: item.state.assignee },
      person: this.#options.person(item.itemKey),
    };
  }
}

/** A person's decision (a change); events (a message, a sent reply) are not told as someone's. */
function actOf(entry: TeamLogEntry | undefined): ItemAct | null {
  if (entry?.kind !== 'change') return null;
  const { field, from, to, undoes } = entry.change;
  return { kind: 'change', field, from, to, undo: undoes !== undefined };
}

function readTold(file: string): string[] {
  if (!existsSync(file)) return [];
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // A damaged file forgets what was read: a notice may be told again, nothing worse.
    return [];
  }
}
