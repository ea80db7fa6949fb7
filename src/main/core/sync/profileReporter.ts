// What one profile's sync tells its host besides new comments: what went wrong (sync-error) and how
// far it has come (sync-progress, sent only when the count changed, so a busy loop does not flood
// the host with the same figure).
import type { PostKey, RejectedRecord } from '../store/types.ts';
import { emitSafely, type SyncErrorInfo, type SyncListener } from './events.ts';
import type { PollTarget } from './pollTargets.ts';

export interface SyncProgress {
  /** Posts whose comments have been fetched at least once. */
  done: number;
  total: number;
}

export function progressOf(targets: Iterable<PollTarget>): SyncProgress {
  let done = 0;
  let total = 0;
  for (const target of targets) {
    for (const post of target.posts) {
      total++;
      if (post.lastPolledAt !== null) done++;
    }
  }
  return { done, total };
}

export class ProfileReporter {
  private readonly accountId: string;
  private readonly profileId: string;
  private readonly listener: SyncListener;
  private lastProgress = '';

  constructor(accountId: string, profileId: string, listener: SyncListener) {
    this.accountId = accountId;
    this.profileId = profileId;
    this.listener = listener;
  }

  error(error: SyncErrorInfo): void {
    emitSafely(this.listener, { type: 'sync-error', accountId: this.accountId, profileId: this.profileId, error });
  }

  /** Records the store refused one by one (the rest were kept): the answer had something odd. */
  rejected(what: 'posts' | 'comments' | 'messages', rejected: readonly RejectedRecord[], postKey?: PostKey): void {
    const first = rejected[0];
    if (!first) return;
    this.error({
      kind: 'bad-answer',
      message: `The store refused ${rejected.length} ${what} of the service's answer (${first.key}: ${first.reason}); the others were kept`,
      operation: what === 'posts' ? 'upsertPosts' : what === 'messages' ? 'ingestMessages' : 'ingestComments',
      ...(postKey ? { postKey } : {}),
    });
  }

  progress(targets: Iterable<PollTarget>): void {
    const { done, total } = progressOf(targets);
    const key = `${done}/${total}`;
    if (key === this.lastProgress) return;
    this.lastProgress = key;
    emitSafely(this.listener, { type: 'sync-progress', accountId: this.accountId, profileId: this.profileId, postsDone: done, postsTotal: total });
  }
}
