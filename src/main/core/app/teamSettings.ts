// Which team workspace this device joins, if any: the server's address, the workspace (a database
// on that server), the member signing in and this device's name among the member's devices. No
// password here: it is kept in the vault (SecretVault.teamPassword) and nowhere else.
import { workspaceUrl } from '../team/serverAddress.ts';
import { TeamAddressError } from '../team/teamErrors.ts';

// Declared with the host's ports (a host passes one in AppCoreOptions.team); checked here.
import type { TeamSettings } from '../ports.ts';
export type { TeamSettings } from '../ports.ts';

const NAME_MAX = 64;

/** The settings as given, checked; a TeamAddressError (in a freelancer's words) says what is wrong. */
export function checkedTeamSettings(settings: TeamSettings): TeamSettings {
  workspaceUrl(settings.serverUrl, settings.workspace);
  for (const [value, what] of [
    [settings.member, 'member name'],
    [settings.device, 'device name'],
  ] as const) {
    if (typeof value !== 'string' || value.trim() === '' || value.length > NAME_MAX || value.includes(':') || hasControlCharacter(value)) {
      throw new TeamAddressError(`The ${what} must be 1 to ${NAME_MAX} characters, without a colon or a line break.`);
    }
  }
  return { ...settings };
}

/** A line break, tab or other control character (they end up in document names and on screen). */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) if (value.charCodeAt(index) < 32) return true;
  return false;
}
