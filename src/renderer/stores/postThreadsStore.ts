// The Posts view's twitter threads and posts tracked by hand: which threads the client has (the core
// infers them from the tweets' markers), which thread's panel is open with each tweet's numbers, and
// tracking or removing a post by its link or id. Beside postsStore (the list and a post's panel),
// which it uses through its public actions only: a thread's panel and a post's panel are never open
// at once.
import { create } from 'zustand';
import type { PostView } from '../../shared/domain/posts.ts';
import type { PostThread } from '../../shared/domain/twitterThreads.ts';
import type { Network } from '../../shared/networks.ts';
import { call } from '../api/bridge.ts';
import { type PostMetrics, usePostsStore } from './postsStore.ts';
import { useRouteStore } from './route.ts';

interface PostThreadsState {
  /** The client whose threads are listed. */
  profileId: string | null;
  threads: PostThread[];
  /** The head tweet's key of the thread whose panel is open. */
  openHeadKey: string | null;
  /** Each tweet's numbers, in the thread's order; null while loading. */
  tweets: PostMetrics[] | null;
  error: string | null;
  /** The list shows a checkbox on each tweet, to make a thread of the chosen ones. */
  selecting: boolean;
  selected: string[];
  /** A refusal of the last group or ungroup, for the person. */
  editError: string | null;
  loadThreads: (profileId: string) => Promise<void>;
  startSelecting: () => void;
  toggleSelected: (postKey: string) => void;
  cancelSelecting: () => void;
  /** Makes a thread of the chosen tweets and opens its panel. */
  groupSelected: () => Promise<void>;
  /** The open thread is none: its tweets show one by one again. */
  ungroupOpen: () => Promise<void>;
  openThread: (headKey: string) => Promise<void>;
  reloadThread: () => Promise<void>;
  closeThread: () => void;
  /** Asks the sync for every tweet's numbers now, then reads the store again. */
  refreshThread: () => Promise<void>;
  /** Tracks a post by its link or id; answers the error's message, or null when it is tracked (and its panel open). */
  track: (profileId: string, platform: Network, reference: string) => Promise<{ post: PostView } | { error: string }>;
  untrack: (postKey: string) => Promise<string | null>;
  /** For handlers: the open thread's tweets and refusal now. */
  tweetsNow: () => PostMetrics[] | null;
  errorNow: () => string | null;
}

export const usePostThreadsStore = create<PostThreadsState>((set, get) => ({
  profileId: null,
  threads: [],
  openHeadKey: null,
  tweets: null,
  error: null,
  selecting: false,
  selected: [],
  editError: null,
  async loadThreads(profileId) {
    set({
      profileId,
      ...(get().profileId === profileId ? {} : { threads: [], openHeadKey: null, tweets: null, error: null, selecting: false, selected: [], editError: null }),
    });
    const result = await call('posts.threads', { profileId });
    if (get().profileId !== profileId) return;
    // Without threads the list shows every tweet on its own: nothing is lost, so no error is shown.
    set({ threads: result.ok ? result.data.threads : [] });
  },
  startSelecting() {
    set({ selecting: true, selected: [], editError: null });
  },
  toggleSelected(postKey) {
    const { selected } = get();
    set({ selected: selected.includes(postKey) ? selected.filter((key) => key !== postKey) : [...selected, postKey], editError: null });
  },
  cancelSelecting() {
    set({ selecting: false, selected: [], editError: null });
  },
  async groupSelected() {
    const { profileId, selected } = get();
    if (profileId === null) return;
    const result = await call('posts.groupThread', { profileId, postKeys: selected });
    if (!result.ok) {
      set({ editError: result.error.message });
      return;
    }
    const made = result.data.threads.find((thread) => thread.manual === true && selected.every((key) => thread.keys.includes(key)));
    set({ threads: result.data.threads, selecting: false, selected: [], editError: null });
    if (made) await get().openThread(made.headKey);
  },
  async ungroupOpen() {
    const { profileId, openHeadKey } = get();
    if (profileId === null || openHeadKey === null) return;
    const result = await call('posts.ungroupThread', { profileId, headKey: openHeadKey });
    if (!result.ok) {
      set({ error: result.error.message });
      return;
    }
    set({ threads: result.data.threads, openHeadKey: null, tweets: null, error: null });
  },
  async openThread(headKey) {
    const thread = get().threads.find((t) => t.headKey === headKey);
    if (!thread) return;
    usePostsStore.getState().closePanel();
    set({ openHeadKey: headKey, tweets: get().openHeadKey === headKey ? get().tweets : null, error: null });
    const answers = await Promise.all(thread.keys.map((postKey) => call('posts.metrics', { postKey })));
    if (get().openHeadKey !== headKey) return;
    const failed = answers.find((answer) => !answer.ok);
    if (failed && !failed.ok) {
      set({ error: failed.error.message });
      return;
    }
    set({ tweets: answers.flatMap((answer) => (answer.ok ? [answer.data] : [])) });
  },
  async reloadThread() {
    const key = get().openHeadKey;
    if (key !== null) await get().openThread(key);
  },
  closeThread() {
    set({ openHeadKey: null, tweets: null, error: null });
  },
  async refreshThread() {
    const headKey = get().openHeadKey;
    const thread = get().threads.find((t) => t.headKey === headKey);
    if (!thread) return;
    for (const postKey of thread.keys) {
      const result = await call('sync.refresh', { postKey });
      if (!result.ok) {
        set({ error: result.error.message });
        return;
      }
    }
    // The sync answers on its own time: read the store again shortly, twice.
    for (const wait of [1500, 4000]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (get().openHeadKey !== headKey) return;
      await get().reloadThread();
    }
  },
  async track(profileId, platform, reference) {
    const result = await call('posts.track', { profileId, platform, reference });
    if (!result.ok) return { error: result.error.message };
    const posts = usePostsStore.getState();
    get().closeThread();
    await posts.load(profileId);
    await usePostsStore.getState().openPanel(result.data.post.key);
    // Its numbers come within seconds (the sync asks at once): read them again then.
    void (async () => {
      for (const wait of [1500, 4000]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (usePostsStore.getState().panelKey !== result.data.post.key) return;
        await usePostsStore.getState().reloadPanel();
      }
    })();
    return { post: result.data.post };
  },
  async untrack(postKey) {
    const result = await call('posts.untrack', { postKey });
    if (!result.ok) return result.error.message;
    const posts = usePostsStore.getState();
    if (posts.panelKey === postKey) posts.closePanel();
    if (posts.profileId !== null) await posts.load(posts.profileId);
    return null;
  },
  tweetsNow() {
    return get().tweets;
  },
  errorNow() {
    return get().error;
  },
}));

// A post's panel opening closes the thread's; another client's list brings its threads.
usePostsStore.subscribe((state, prev) => {
  const threads = usePostThreadsStore.getState();
  if (state.panelKey !== null && state.panelKey !== prev.panelKey && threads.openHeadKey !== null) threads.closeThread();
  if (state.profileId !== null && (state.profileId !== prev.profileId || state.posts !== prev.posts)) {
    void threads.loadThreads(state.profileId);
  }
});
// Leaving the Posts view closes the thread's panel.
useRouteStore.subscribe((state, prev) => {
  if (prev.route.view === 'posts' && state.route.view !== 'posts') usePostThreadsStore.getState().closeThread();
});
