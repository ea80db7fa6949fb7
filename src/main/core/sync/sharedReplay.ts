// What the device polling a profile shared (decision 0060), written into this device's store by the
// same ingest the sync uses for the service's answers (storeComments, storeMessages, the store's
// own upserts), so the inbox, its counts and the notifications work as if this device had polled.
// Every write is the follower's own profile's: ids of the author's profile and account are replaced.
// A write the store refuses is told and skipped; the others still go in.
import type { SharedWrite } from '../../../shared/domain/teamContent.ts';
import type { AccountFigures } from '../../../shared/wire/accountAnalytics.ts';
import type { PostKey } from '../store/types.ts';
import { emitSafely } from './events.ts';
import { storeComments, storeMessages } from './fetchedWrites.ts';
import { StoreFailure, storeCall, storeInfo } from './jobFailures.ts';
import type { PollPost } from './pollTargets.ts';
import type { SyncJobContext } from './syncJobContext.ts';

export interface ReplayPlan {
  /** The post as the sync plans it (undefined when it does not know it yet). */
  pollPostOf(postKey: PostKey): PollPost | undefined;
}

/** Writes the shared writes into the store; true when posts or the profile changed (the plan is read again). */
export function replayShared(context: SyncJobContext, writes: readonly SharedWrite[], plan: ReplayPlan): boolean {
  let postsChanged = false;
  for (const write of writes) {
    try {
      if (replayOne(context, write, plan)) postsChanged = true;
    } catch (error) {
      if (error instanceof StoreFailure) context.reporter.error(storeInfo(error));
      else context.reporter.error({ kind: 'unexpected', message: 'What another device of the team shared could not be stored' });
    }
  }
  return postsChanged;
}

function replayOne(context: SyncJobContext, write: SharedWrite, plan: ReplayPlan): boolean {
  const { profile, ports, reporter } = context;
  const { profileId } = profile;
  switch (write.op) {
    case 'profile-and-posts': {
      if (write.profile !== null) {
        const shared = write.profile;
        const local = storeCall('read the profile', () => ports.store.profiles(profile.accountId).find((p) => p.profileId === profileId));
        // Only the identities are the service's; the title and colour stay as the user left them.
        const record = {
          accountId: profile.accountId,
          profileId,
          title: local?.title ?? shared.title,
          isPrimary: local?.isPrimary ?? profile.isPrimary,
          networks: { ...local?.networks, ...shared.networks },
          color: local?.color ?? null,
        };
        if (JSON.stringify(local) !== JSON.stringify(record)) storeCall('save the profile', () => ports.store.upsertProfile(record));
      }
      const posts = write.posts.map(({ publicationKey: _derived, ...post }) => ({ ...post, profileId }));
      const saved = storeCall('save the posts', () => ports.store.upsertPosts(posts));
      reporter.rejected('posts', saved.rejected);
      return true;
    }
    case 'comments': {
      const post = plan.pollPostOf(write.postKey);
      const firstFetch = write.firstFetch || post === undefined || post.lastPolledAt === null;
      const polledAt = Math.max(write.polledAt, post?.lastPolledAt ?? 0);
      storeComments(context, write.postKey, write.rows, polledAt, firstFetch);
      if (post) post.lastPolledAt = polledAt;
      return false;
    }
    case 'messages': {
      const store = ports.messages;
      if (!store) return false;
      const keys = storeMessages(context, store, write.rows);
      if (keys.length > 0) {
        emitSafely(ports.listener, {
          type: 'new-messages',
          accountId: profile.accountId,
          profileId,
          platform: write.platform,
          keys,
          firstFetch: write.firstFetch,
        });
      }
      return false;
    }
    case 'analytics':
      storeCall('save analytics', () => ports.store.recordAnalytics({ ...write.snapshot, profileId }));
      return false;
    case 'account-snapshot': {
      const snapshot = { ...write.snapshot, profileId, figures: write.snapshot.figures as unknown as AccountFigures };
      storeCall('save account analytics', () => ports.accountSnapshots?.recordAccountSnapshot(snapshot));
      return false;
    }
  }
}
