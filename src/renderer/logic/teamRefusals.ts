// What Settings → Team says of the documents this device refused from the team (decision 0064), in
// a freelancer's words: content for a client from a device that did not poll it, or another entry
// and why. No ids: the client by its title, the device by the name its member gave it.
import type { TeamRefusalView } from '../../shared/domain/teamStatus.ts';
import { fmt } from './format.ts';

const LEFT_OUT = 'A shared entry was left out: ';

function times(count: number): string {
  return count === 1 ? '' : ` (${fmt.number(count)} times)`;
}

/** One line per group; `clientTitle` names a client by its id (a client not on this device: null). */
export function refusalLine(group: TeamRefusalView, clientTitle: (profileId: string) => string | null): string {
  if (group.content !== null) {
    const client = clientTitle(group.content.profileId) ?? 'a client not on this device';
    return `Refused: content for ${client} from ${group.content.member}’s ${group.content.device}, which does not poll it${times(group.count)}.`;
  }
  const reason = group.reason.startsWith(LEFT_OUT) ? group.reason.slice(LEFT_OUT.length).replace(/\.$/, '') : group.reason.replace(/\.$/, '');
  const what = group.count === 1 ? 'An entry from the team was' : `${fmt.number(group.count)} entries from the team were`;
  return `${what} left out: ${reason}.`;
}
