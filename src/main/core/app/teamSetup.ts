// Settings → Team in the core (the bridge's team.configure, team.setMode, team.leave): checks what
// the screen sent with the engine's own rules (teamSettings.ts, serverAddress.ts: https unless this
// computer), keeps the password in the vault (never in team.json, a log or an answer), saves the
// team in team.json (teamSetupFile.ts) and has the team connection close the workspace open now and
// open the new one, so no restart is needed. Every refusal is a CoreRefusal in a freelancer's words.
import type { TeamSetup as TeamSetupValues, TeamMode } from '../../../shared/domain/teamSetup.ts';
import { DEFAULT_TEAM_MODE } from '../../../shared/domain/teamSetup.ts';
import type { TeamStatusView } from '../../../shared/domain/teamStatus.ts';
import type { SecretVault } from '../ports.ts';
import { refuse } from '../refusal.ts';
import { settingsSaveError } from '../settingsSaveError.ts';
import { TeamAddressError } from '../team/teamErrors.ts';
import type { TeamConnection } from './teamConnection.ts';
import { checkedTeamSettings, type TeamSettings } from './teamSettings.ts';
import type { TeamSetupFile } from './teamSetupFile.ts';

export interface TeamSetupOptions {
  connection: TeamConnection;
  file: TeamSetupFile;
  /** Where team.json is (named in a message when it cannot be written). */
  filePath: string;
  vault: SecretVault;
  /** Told every password that passes through, so the bridge's last guard blanks it out of any message or log line. */
  remember?: (secret: string) => void;
}

export class TeamSetup {
  readonly #connection: TeamConnection;
  readonly #file: TeamSetupFile;
  readonly #filePath: string;
  readonly #vault: SecretVault;
  readonly #remember: (secret: string) => void;

  constructor(options: TeamSetupOptions) {
    this.#remember = options.remember ?? (() => {});
    this.#connection = options.connection;
    this.#file = options.file;
    this.#filePath = options.filePath;
    this.#vault = options.vault;
  }

  status(): TeamStatusView {
    return this.#connection.status();
  }

  /** Join (or change) the team: checked, the password kept, saved, and the workspace opened now. */
  async configure(values: TeamSetupValues): Promise<TeamStatusView> {
    const settings = checked(values);
    const vault = this.#vault;
    if (!vault.teamPassword || !vault.setTeamPassword) refuse('This version of the app cannot keep a team password, so it cannot join a team.');
    // The password is the member's on that server: another workspace of the same server and member takes the one kept.
    const current = this.#connection.settings;
    const kept =
      (await vault.teamPassword(settings.serverUrl, settings.workspace, settings.member)) ??
      (current !== null && current.serverUrl === settings.serverUrl && current.member === settings.member
        ? await vault.teamPassword(current.serverUrl, current.workspace, current.member)
        : null);
    const password = values.password ?? kept;
    if (values.password !== undefined) this.#remember(values.password);
    if (password === null) refuse(`Enter the password: none is saved on this device for ${settings.member} on this team server.`);
    await vault.setTeamPassword(settings.serverUrl, settings.workspace, settings.member, password);
    this.#save(() => {
      this.#file.saveMode(settings, values.mode);
      this.#file.saveTeam(settings);
    });
    // The team before this one is left: its password is not kept either.
    if (current !== null && passwordKey(current) !== passwordKey(settings))
      await vault.forgetTeamPassword?.(current.serverUrl, current.workspace, current.member);
    return this.#connection.reconfigure(settings, values.mode);
  }

  /** The workspace's mode, from the next reply on; saved for that workspace. */
  setMode(mode: TeamMode): TeamStatusView {
    const settings = this.#connection.settings;
    if (settings === null) refuse('Join a team first: the mode is a setting of its workspace.');
    this.#save(() => this.#file.saveMode(settings, mode));
    this.#connection.setMode(mode);
    return this.#connection.status();
  }

  /**
   * Leave the team on this device: the workspace closes, this device works alone again, and its
   * password is forgotten (a device that left keeps no way into the team). The local copy of the
   * workspace stays in the data folder, so joining again catches up quickly.
   */
  async leave(): Promise<TeamStatusView> {
    const settings = this.#connection.settings;
    this.#save(() => this.#file.saveTeam(null));
    if (settings !== null) await this.#vault.forgetTeamPassword?.(settings.serverUrl, settings.workspace, settings.member);
    return this.#connection.reconfigure(null, DEFAULT_TEAM_MODE);
  }

  #save(write: () => void): void {
    try {
      write();
    } catch (error) {
      throw settingsSaveError(error, this.#filePath);
    }
  }
}

/** The screen's values as the engine takes them, or a refusal saying what is wrong. */
function checked(values: TeamSetupValues): TeamSettings {
  try {
    return checkedTeamSettings({
      serverUrl: withoutTrailingSlash(values.serverUrl),
      workspace: values.workspace,
      member: values.member,
      device: values.device,
    });
  } catch (error) {
    if (error instanceof TeamAddressError) refuse(error.message);
    throw error;
  }
}

function passwordKey(settings: TeamSettings): string {
  return JSON.stringify([settings.serverUrl, settings.workspace, settings.member]);
}

/** "https://couch.example.org/" and "https://couch.example.org" are one server (the vault's key, the mode's key). */
function withoutTrailingSlash(serverUrl: string): string {
  try {
    return new URL(serverUrl).href.replace(/\/+$/, '');
  } catch {
    return serverUrl;
  }
}
