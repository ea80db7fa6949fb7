// The refusals of a workspace (teamWorkspace.ts `refused()`) as Settings → Team lists them
// (decision 0064): content refused per client and author device, other entries per reason, each
// with how many; the latest groups only, so a member writing thousands of bad documents cannot
// grow the status without end.
import type { TeamRefusalView } from '../../../shared/domain/teamStatus.ts';
import type { TeamDocumentRefused } from './teamErrors.ts';

const MAX_GROUPS = 50;

/** The profile a content scope names (`<profileId>@<service host>`, teamContent.ts). */
export function profileOfScope(scope: string): string {
  const at = scope.lastIndexOf('@');
  return at > 0 ? scope.slice(0, at) : scope;
}

export function refusalGroups(refused: readonly TeamDocumentRefused[]): TeamRefusalView[] {
  const groups = new Map<string, TeamRefusalView>();
  for (const error of refused) {
    const content = error.content ? { profileId: profileOfScope(error.content.scope), member: error.content.who, device: error.content.device } : null;
    const key = content ? `content\n${content.profileId}\n${content.member}\n${content.device}` : `entry\n${error.message}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      // The latest refusal moves its group to the end.
      groups.delete(key);
      groups.set(key, group);
    } else groups.set(key, { count: 1, reason: error.message, content });
  }
  return [...groups.values()].slice(-MAX_GROUPS);
}
