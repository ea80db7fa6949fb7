// Posts whose comments switch moved while the app was open: the core's answers to the switch and
// its `posts.changed` events (queued → sending → sent, failed, cancelled), by post key. A post shown
// anywhere (the thread's post card, the Posts view) reads its live state here first, so every
// place shows the same state, and a change queued before a restart shows at once (loaded once).
import { create } from 'zustand';
import type { PostView } from '../../shared/domain/posts.ts';
import { call, on } from '../api/bridge.ts';

interface CommentsSwitchState {
  /** The newest view of each post whose switch moved, by post key. */
  views: Record<string, PostView>;
  put: (posts: readonly PostView[]) => void;
}

export const useCommentsSwitchStore = create<CommentsSwitchState>((set, get) => ({
  views: {},
  put(posts) {
    if (posts.length === 0) return;
    const views = { ...get().views };
    for (const post of posts) views[post.key] = { ...post, commentsChange: post.commentsChange ?? null };
    set({ views });
  },
}));

let listening = false;

/** Subscribes to `posts.changed` and reads the changes still pending, once per page. */
export function listenToCommentsSwitch(): void {
  if (listening) return;
  listening = true;
  on('posts.changed', ({ posts }) => useCommentsSwitchStore.getState().put(posts));
  void call('posts.commentsChanges', {}).then((result) => {
    // Events that came meanwhile are newer than this answer: they stay.
    if (!result.ok) return;
    const known = useCommentsSwitchStore.getState().views;
    useCommentsSwitchStore.getState().put(result.data.posts.filter((post) => !(post.key in known)));
  });
}

/** The post as it stands now: its live view when its switch moved, else the one given. */
export function useLivePost(post: PostView): PostView {
  return useCommentsSwitchStore((state) => state.views[post.key]) ?? post;
}
