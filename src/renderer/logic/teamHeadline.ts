// The team in a freelancer's words, from `team.status`: the Settings → Team screen's status and the
// sidebar's team line. Every replication state and every reason a device works alone is said as
// what it means for the person ("your changes wait on this computer"), never as a state's name or
// an id; times go through the one formatter.
import type { CommandOutput } from '../../shared/bridge/contract.ts';
import type { Formatter } from '../../shared/format/formatter.ts';

export type TeamStatus = CommandOutput<'team.status'>;

export interface TeamHeadline {
  /** ok: up to date; busy: connecting or catching up; trouble: cut off, refused or not joined for a reason; alone: no team set. */
  tone: 'ok' | 'busy' | 'trouble' | 'alone';
  /** The sentence of the screen. */
  text: string;
  /** The sidebar's short form. */
  short: string;
  /** Replies sent without the server's check (solo mode), or null. */
  warning: string | null;
}

const REPLY = { one: 'reply', other: 'replies' };

/** A time today as its clock ("14:02"), another day with its date. */
function when(at: number, now: number, format: Formatter): string {
  return format.dayKey(at) === format.dayKey(now) ? format.time(at) : format.dateTime(at);
}

export function teamHeadline(status: TeamStatus, format: Formatter, now: number): TeamHeadline {
  const warning =
    status.sentUnchecked === null || status.sentUnchecked.count === 0
      ? null
      : `Sent without checking your other devices: the team server could not be reached (${format.count(status.sentUnchecked.count, REPLY)}, the last at ${when(status.sentUnchecked.lastAt, now, format)}).`;
  if (!status.joined) {
    if (status.problem === null) return { tone: 'alone', text: 'Not in a team: this device works on its own.', short: '', warning };
    return { tone: 'trouble', text: `Not connected to the team. ${status.problem}`, short: 'Team: not connected', warning };
  }
  const who = `${status.workspace ?? 'the team'} as ${status.member ?? 'you'} on ${status.device ?? 'this device'}`;
  switch (status.replication) {
    case 'up-to-date':
      return { tone: 'ok', text: `Connected to ${who} · up to date`, short: 'Team: up to date', warning };
    case 'syncing':
      return { tone: 'busy', text: `Connected to ${who} · catching up`, short: 'Team: catching up', warning };
    case 'offline': {
      const since = status.unreachableSince === null ? '' : ` since ${when(status.unreachableSince, now, format)}`;
      return {
        tone: 'trouble',
        text: `Can't reach the team server${since}: your changes wait on this computer and go when it's back.`,
        short: `Team server unreachable${since}`,
        warning,
      };
    }
    case 'refused':
      return {
        tone: 'trouble',
        text: `The server refused the password for ${status.member ?? 'you'}: enter it again below, or ask whoever runs the team server.`,
        short: 'Team: password refused',
        warning,
      };
    case 'answer-too-large':
      return {
        tone: 'trouble',
        text: 'The team server sent more than this app accepts, so it was not read: your changes wait on this computer. The app tries again in a while; if this goes on, ask whoever runs the team server to look at it.',
        short: 'Team: server answer too large',
        warning,
      };
    default:
      return { tone: 'busy', text: `Connecting to ${who}…`, short: 'Team: connecting', warning };
  }
}
