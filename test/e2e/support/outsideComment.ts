// A comment written on the network by someone else (the sandbox's control surface), then fetched
// by the app so the test need not wait for its sync: the way most journeys get a fresh item.
import type { AppHost } from './appHost.ts';
import type { TestSandbox, WorldPost, WorldProfile } from './sandboxControl.ts';

/** Injects an outside comment on the post and waits until the app's store has it. */
export async function outsideComment(
  sandbox: TestSandbox,
  app: AppHost,
  target: { post: WorldPost; profile: WorldProfile },
  text: string,
  author: string,
): Promise<{ key: string; text: string }> {
  const made = await sandbox.injectComment({
    platform: target.post.platform,
    socialPostId: target.post.socialId,
    profileRefId: target.profile.refId,
    comment: text,
    from: { id: `e2e-${author}`, username: author },
  });
  const key = `${target.post.platform}:${made.commentId}`;
  await app.fetchComment(`${target.post.platform}:${target.post.socialId}`, key);
  return { key, text };
}
