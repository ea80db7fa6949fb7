// With --activity N, outside people keep commenting on the profiles' recent posts (the last 7
// days), N comments a minute across the world, some as replies, so the inbox feels alive. Metrics
// grow on their own (they are a function of time).
import { DISABLE_COMMENTS_NETWORKS } from '../shared/networks.ts';
import { Random } from './random.ts';
import type { SandboxRuntime } from './runtime.ts';
import { addOutsideComment } from './world/outsideComments.ts';
import { outsideAuthor, outsideCommentText } from './world/vocabulary.ts';

const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

export function startActivity(runtime: SandboxRuntime, perMinute: number, seed: number): () => void {
  if (perMinute <= 0) return () => {};
  const rng = new Random(seed * 13 + 5);
  const timer = setInterval(() => addOne(runtime, rng), 60_000 / perMinute);
  // The generator alone must not keep a process alive.
  timer.unref();
  return () => clearInterval(timer);
}

export function addOne(runtime: SandboxRuntime, rng: Random): void {
  const now = runtime.now().getTime();
  const recent = runtime.world.state.networkPosts.filter(
    (p) => !p.deleted && p.owned && now - Date.parse(p.created) < RECENT_MS && !(p.disableComments && DISABLE_COMMENTS_NETWORKS.includes(p.platform)),
  );
  if (recent.length === 0) return;
  const post = rng.pick(recent);
  const existing = runtime.world.commentsOfPost(`${post.platform}:${post.socialId}`);
  const parent = existing.length > 0 && rng.chance(0.25) ? rng.pick(existing) : undefined;
  addOutsideComment(runtime, {
    post,
    text: outsideCommentText(rng, post.platform),
    from: outsideAuthor(rng, post.platform),
    ...(parent ? { parent } : {}),
  });
}
