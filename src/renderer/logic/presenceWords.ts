// Presence in words (issue 22): who else is replying to the open item (a held reply's words are
// heldWords.ts's). A member's name is the one the team knows them by (their sign-in name), with a
// capital to begin a sentence; this member on another device is "you" and the device is named.
import type { TeamPresenceView } from '../../shared/domain/teamStatus.ts';
import { wordList } from '../../shared/format/formatter.ts';

/** Who this window is in the team (team.status), or null outside a team. */
export interface TeamMe {
  member: string;
  device: string;
}

/** "ann" → "Ann": a sign-in name as a name in a sentence. */
export function memberName(member: string): string {
  return member.charAt(0).toLocaleUpperCase() + member.slice(1);
}

/**
 * "Ann is replying", "Ann and Bob are replying", "You are replying on laptop" (this member on another
 * device); null when nobody else is. Expired entries (their `until` passed) are left out.
 */
export function presenceLine(present: readonly TeamPresenceView[], me: TeamMe | null, itemKey: string, now: number): string | null {
  const here = present.filter((entry) => entry.itemKey === itemKey && entry.until > now);
  const others = [...new Set(here.filter((entry) => entry.member !== me?.member).map((entry) => memberName(entry.member)))].sort();
  const myDevices = [...new Set(here.filter((entry) => entry.member === me?.member && entry.device !== me.device).map((entry) => entry.device))].sort();
  const parts: string[] = [];
  if (others.length > 0) parts.push(`${wordList(others)} ${others.length === 1 ? 'is' : 'are'} replying`);
  if (myDevices.length > 0) parts.push(`${parts.length === 0 ? 'You are' : 'you are'} replying on ${wordList(myDevices)}`);
  return parts.length === 0 ? null : parts.join('; ');
}
