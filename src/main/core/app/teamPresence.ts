// "Ann is replying" (issue 22): the composer says which item the person is writing to
// (`team.composing`, again every little while as they type), and the workspace keeps this device's
// presence document (rewritten while it lasts, gone when it expires). A composer that stops saying
// so (a window closed without a word, a person who stopped typing) is taken as stopped after a
// minute, or the workspace would go on rewriting "replying" for as long as the app runs. What other devices' presence documents say reaches every window as
// `team.presenceChanged`, fed by the workspace's subscription: no polling. Outside a team nothing
// is written and nothing is told.
import type { TeamPresenceView } from '../../../shared/domain/teamStatus.ts';
import type { LoggerPort } from '../ports.ts';
import type { PresenceEntry, TeamWorkspace } from '../team/teamWorkspace.ts';

/** Without a word from the composer for this long, the person is no longer replying. */
export const QUIET_MS = 60_000;

export class TeamPresence {
  readonly #workspace: TeamWorkspace | null;
  readonly #logger: LoggerPort | undefined;
  /** The item this device last said it is writing to (null: none), so a repeat writes nothing. */
  #composing: string | null = null;
  #told = '[]';
  /** Writes one after the other: two at once would race for the presence document's revision. */
  #writing: Promise<void> = Promise.resolve();
  #quiet: ReturnType<typeof setTimeout> | null = null;
  readonly #quietMs: number;
  readonly #unsubscribe: () => void;

  constructor(workspace: TeamWorkspace | null, tell: (present: TeamPresenceView[]) => void, logger?: LoggerPort, quietMs = QUIET_MS) {
    this.#workspace = workspace;
    this.#logger = logger;
    this.#quietMs = quietMs;
    this.#unsubscribe =
      workspace?.subscribe((update) => {
        const present = update.presence.map(presenceView);
        const text = JSON.stringify(present);
        if (text === this.#told) return;
        this.#told = text;
        tell(present);
      }) ?? (() => {});
  }

  /** The device left this workspace (Settings → Team, quitting): nothing more is written or told. */
  close(): void {
    if (this.#quiet !== null) clearTimeout(this.#quiet);
    this.#quiet = null;
    this.#unsubscribe();
  }

  /** The person started writing to `itemKey` on this device, or stopped (null). */
  async composing(itemKey: string | null): Promise<void> {
    const workspace = this.#workspace;
    if (workspace === null) return;
    if (this.#quiet !== null) clearTimeout(this.#quiet);
    this.#quiet = null;
    if (itemKey !== null) {
      this.#quiet = setTimeout(() => void this.composing(null), this.#quietMs);
      this.#quiet.unref();
    }
    if (itemKey === this.#composing) return;
    this.#composing = itemKey;
    this.#writing = this.#writing.then(async () => {
      try {
        await workspace.setComposing(itemKey);
      } catch (error) {
        // Presence is a courtesy: a failure to write it must not stop the person writing.
        this.#logger?.warn('Could not tell the team who is replying', { reason: (error as Error).message });
      }
    });
    await this.#writing;
  }
}

function presenceView(entry: PresenceEntry): TeamPresenceView {
  return { member: entry.member, device: entry.device, itemKey: entry.itemKey, until: entry.until };
}
