// The replies and messages that went out in solo multi-device mode without the team server's check
// (docs/team.md, "How it is wired", 6 and 13): their outbox items, so that each one's own card can
// say so ("Sent without checking your other devices: the team server could not be reached"), not
// only Settings → Team. Kept in the data folder (`team-sent-unchecked.json`) beside the outbox, so
// the warning stays with its item across restarts; forgotten when the item is removed from the
// outbox, or when a later try of the same item was checked after all.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoggerPort } from '../ports.ts';
import { writeFileWhole } from './wholeFile.ts';

/** Items remembered at most (the oldest are forgotten first): a bound for a file nobody prunes. */
const REMEMBERED_MAX = 1_000;

export const SENT_UNCHECKED_FILE = 'team-sent-unchecked.json';

export class TeamSentUnchecked {
  readonly #file: string;
  readonly #logger: LoggerPort | undefined;
  /** Outbox item ids, oldest first. */
  readonly #ids: string[];

  constructor(dataDir: string, logger?: LoggerPort) {
    this.#file = join(dataDir, SENT_UNCHECKED_FILE);
    this.#logger = logger;
    this.#ids = readIds(this.#file, logger);
  }

  /** The item is going out without the check. */
  mark(id: string): void {
    if (this.#ids.includes(id)) return;
    this.#ids.push(id);
    if (this.#ids.length > REMEMBERED_MAX) this.#ids.splice(0, this.#ids.length - REMEMBERED_MAX);
    this.#save();
  }

  /** The item was checked after all (a later try), or it left the outbox. */
  forget(id: string): void {
    const at = this.#ids.indexOf(id);
    if (at === -1) return;
    this.#ids.splice(at, 1);
    this.#save();
  }

  has(id: string): boolean {
    return this.#ids.includes(id);
  }

  #save(): void {
    try {
      writeFileWhole(this.#file, `${JSON.stringify(this.#ids)}\n`);
    } catch (error) {
      // The card loses its line after a restart; the status and the log still carry the warning.
      this.#logger?.warn('The replies sent without the team’s check could not be noted on disk', { reason: (error as Error).message });
    }
  }
}

/** The ids in the file; none when it is missing, and none (said in the log) when it is unreadable. */
function readIds(file: string, logger: LoggerPort | undefined): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value) && value.every((id) => typeof id === 'string')) return value.slice(-REMEMBERED_MAX);
  } catch {
    // Said below.
  }
  logger?.warn('The list of replies sent without the team’s check was unreadable and is started again', { file: SENT_UNCHECKED_FILE });
  return [];
}
