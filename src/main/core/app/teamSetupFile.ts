// Which team this device joins, and each workspace's mode, in a small JSON file in the data folder:
// team.json (decision 0057). The password is never here: it is in the vault.
//
// Why a file of its own in the data folder, not the host's settings: both hosts then keep it the
// same way (the desktop app's electron-store and the web host's settings.json are the host's), it
// survives a rebuild of the store as the accounts do, and the team's local copy is in that folder
// too (`team-<workspace>`), so one folder is the whole of a device's team state. A damaged file is
// moved aside (never deleted) and the device works alone until the team is set again.
import { readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TEAM_MODE, type TeamMode, TeamSetupFileSchema, type TeamSetupFileContent } from '../../../shared/domain/teamSetup.ts';
import type { TeamSettings } from './teamSettings.ts';
import { writeFileWhole } from './wholeFile.ts';

export const TEAM_SETUP_FILE_NAME = 'team.json';

export function teamSetupFileIn(dataDir: string): string {
  return join(dataDir, TEAM_SETUP_FILE_NAME);
}

/** The key of a workspace's mode: its address on its server. */
export function modeKey(settings: Pick<TeamSettings, 'serverUrl' | 'workspace'>): string {
  return `${settings.serverUrl.replace(/\/+$/, '')}/${settings.workspace}`;
}

export class TeamSetupFile {
  readonly #file: string;
  readonly #onProblem: (message: string) => void;
  #content: TeamSetupFileContent | null = null;

  /** @param onProblem told when the file is there but cannot be read (it is moved aside). */
  constructor(file: string, onProblem: (message: string) => void = () => {}) {
    this.#file = file;
    this.#onProblem = onProblem;
  }

  /** The team set on this device, or null (none, or the file could not be read). */
  team(): TeamSettings | null {
    const team = this.#load().team;
    return team === null ? null : { ...team };
  }

  /** A workspace's mode: what was chosen for it, else team mode. */
  mode(settings: Pick<TeamSettings, 'serverUrl' | 'workspace'>): TeamMode {
    return this.#load().modes[modeKey(settings)] ?? DEFAULT_TEAM_MODE;
  }

  /** Saves the team set on this device (null: none). Throws when the disk refuses. */
  saveTeam(team: TeamSettings | null): void {
    this.#write({
      ...this.#load(),
      team: team === null ? null : { serverUrl: team.serverUrl, workspace: team.workspace, member: team.member, device: team.device },
    });
  }

  /** Saves a workspace's mode. Throws when the disk refuses. */
  saveMode(of: Pick<TeamSettings, 'serverUrl' | 'workspace'>, mode: TeamMode): void {
    const current = this.#load();
    this.#write({ ...current, modes: { ...current.modes, [modeKey(of)]: mode } });
  }

  #write(next: TeamSetupFileContent): void {
    writeFileWhole(this.#file, `${JSON.stringify(next, null, 2)}\n`);
    this.#content = next;
  }

  #load(): TeamSetupFileContent {
    if (this.#content !== null) return this.#content;
    let text: string | null = null;
    try {
      text = readFileSync(this.#file, 'utf8');
    } catch {
      // Absent: no team was ever set here.
    }
    let content: TeamSetupFileContent = { version: 1, team: null, modes: {} };
    if (text !== null) {
      const parsed = parse(text);
      if (parsed === null) {
        this.#onProblem('team.json could not be read; it was moved aside and this device works alone until the team is set again');
        try {
          renameSync(this.#file, `${this.#file}.damaged-${Date.now()}`);
        } catch {
          // Left where it is: the next save replaces it.
        }
      } else content = parsed;
    }
    this.#content = content;
    return content;
  }
}

function parse(text: string): TeamSetupFileContent | null {
  try {
    const result = TeamSetupFileSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
