// "By the account" follows the account's author id on each network: when the ids change (a
// profile's identities updated), every stored comment of the profile is decided again, and
// "replied" with it.
import type { Network } from '../../../shared/networks.ts';
import { COMMENT_KIND } from './itemKinds.ts';
import type { ProfileTable } from './profiles.ts';
import type { RepliedFlags } from './repliedFlags.ts';
import type { Statements } from './statements.ts';

/** The account's author ids on a network changed: "by the account" and "replied" follow. */
export function redecideAuthorship(parts: { statements: Statements; profiles: ProfileTable; replied: RepliedFlags }, profileRowId: number): void {
  const profile = parts.profiles.byRowId(profileRowId);
  if (profile === undefined) return;
  const platforms = parts.statements.get(`SELECT platform FROM inbox_counts WHERE profile_id = ? AND kind = ${COMMENT_KIND}`).all(profileRowId) as {
    platform: Network;
  }[];
  const update = parts.statements.get(
    'UPDATE comments SET by_account = (author_id IS :author) WHERE profile_id = :profile AND platform = :platform AND by_account IS NOT (author_id IS :author)',
  );
  for (const { platform } of platforms) {
    update.run({ author: profile.record.networks[platform]?.id ?? null, profile: profileRowId, platform });
  }
  parts.replied.recompute(profileRowId);
}
