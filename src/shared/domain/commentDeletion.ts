// Which comments the service can delete, and why not, said before anyone tries. A comment is
// deleted by its social comment id on its own network; TikTok lets an account delete only its own
// comments (the service answers 328 otherwise). The core checks the same rule before it calls.
import { NETWORK_NAMES, type Network } from '../networks.ts';

export type DeletionRule = { allowed: true; note: string } | { allowed: false; reason: string };

export function deletionRule(comment: { platform: Network; byAccount: boolean }): DeletionRule {
  if (comment.platform === 'tiktok' && !comment.byAccount) {
    return { allowed: false, reason: "TikTok lets an account delete only its own comments, so this one can't be deleted from here." };
  }
  return {
    allowed: true,
    note: comment.byAccount
      ? 'Deletes your comment on the network for everyone. This cannot be undone.'
      : `Deletes this comment on ${NETWORK_NAMES[comment.platform]} for everyone, not only in the inbox. This cannot be undone.`,
  };
}
