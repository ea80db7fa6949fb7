// The Posts view and the metric panel: which client's posts are listed (newest first, each with its
// latest snapshot and history for sparklines), which post's panel is open, and what the user saw
// last time they looked at each post. All of it comes from the store through the bridge, so it shows
// offline as it was, with its age.
//
// "Last looked" is kept by the core (posts.markSeen), not in settings: settings are sent whole on
// every change, so a map that grows with every post viewed does not belong there, and localStorage
// is not used by the renderer. Each look records the snapshot shown and answers the look before,
// so "since you last looked" survives a reload and a restart.
import { create } from 'zustand';
import type { AnalyticsSnapshot, PostDataFlags, PostSeen, PostSummary, PostView } from '../../shared/domain/posts.ts';
import { call } from '../api/bridge.ts';
import { useInboxStore } from './inboxStore.ts';
import { goTo, useRouteStore } from './route.ts';

export interface PostMetrics {
  post: PostView;
  latest: AnalyticsSnapshot | null;
  history: AnalyticsSnapshot[];
  flags: PostDataFlags;
}

// Whether the Posts view is on screen is the route's (route.ts), not a flag of this store.
interface PostsState {
  profileId: string | null;
  posts: PostSummary[];
  histories: Record<string, AnalyticsSnapshot[]>;
  loading: boolean;
  error: string | null;
  /** The post whose metric panel is open. */
  panelKey: string | null;
  panel: PostMetrics | null;
  panelError: string | null;
  /** Per post, the look before the current one (for "since you last looked"); null when there was none. */
  seenBefore: Record<string, PostSeen | null>;
  load: (profileId: string) => Promise<void>;
  openPanel: (postKey: string, reload?: boolean) => Promise<void>;
  /** From a comment's thread: the Posts view of the post's client, with the post's panel open. */
  showPost: (post: PostView) => Promise<void>;
  reloadPanel: () => Promise<void>;
  closePanel: () => void;
  /** Asks the sync for the open post's comments and numbers now, then reads the store again. */
  refreshPanel: () => Promise<void>;
  /** The list shows what a panel read: those posts' rows take its latest numbers and history. */
  showRead: (read: readonly PostMetrics[]) => void;
  /** For handlers: the open panel's latest numbers and refusal now, and the look before this one. */
  panelLatestNow: () => AnalyticsSnapshot | null;
  panelErrorNow: () => string | null;
  seenBeforeNow: (postKey: string) => PostSeen | null;
}

export const usePostsStore = create<PostsState>((set, get) => ({
  profileId: null,
  posts: [],
  histories: {},
  loading: false,
  error: null,
  panelKey: null,
  panel: null,
  panelError: null,
  seenBefore: {},
  async load(profileId) {
    // Another client's post does not stay open beside this client's list.
    const panelPost = get().panel?.post;
    set({
      profileId,
      loading: true,
      error: null,
      ...(panelPost && panelPost.profileId !== profileId ? { panelKey: null, panel: null, panelError: null } : {}),
    });
    const result = await call('posts.list', { profileId });
    if (get().profileId !== profileId) return;
    if (!result.ok) {
      set({ loading: false, error: result.error.message });
      return;
    }
    set({ posts: result.data.posts, loading: false });
    // Histories for the sparklines, a few at a time: the store answers locally.
    const histories: Record<string, AnalyticsSnapshot[]> = {};
    const keys = result.data.posts.filter((p) => p.latest !== null).map((p) => p.post.key);
    for (let i = 0; i < keys.length; i += 8) {
      const batch = await Promise.all(keys.slice(i, i + 8).map((postKey) => call('posts.metrics', { postKey })));
      batch.forEach((answer, index) => {
        const key = keys[i + index];
        if (answer.ok && key !== undefined) histories[key] = answer.data.history;
      });
      if (get().profileId !== profileId) return;
      set({ histories: { ...get().histories, ...histories } });
    }
  },
  async openPanel(postKey, reload = false) {
    set({ panelKey: postKey, panelError: null, panel: get().panel?.post.key === postKey ? get().panel : null });
    const result = await call('posts.metrics', { postKey });
    if (get().panelKey !== postKey) return;
    if (!result.ok) {
      set({ panelError: result.error.message });
      return;
    }
    // The core keeps this look and answers the one before. A reload during the same look (refresh,
    // new numbers) records the newer snapshot as seen but keeps measuring against the look before.
    const data = result.data;
    let previous: PostSeen | null = null;
    if (data.latest !== null) {
      const look = await call('posts.markSeen', { postKey, snapshotId: data.latest.id });
      if (get().panelKey !== postKey) return;
      // Not kept (a thinned snapshot, a full disk): the panel still shows its numbers, only without changes.
      if (look.ok) previous = look.data.previous;
    }
    const { seenBefore } = get();
    // The list shows what the panel read: its row's latest numbers and sparkline follow.
    get().showRead([data]);
    set({
      panel: result.data,
      // A new look compares with what the last look showed; a reload during the same look keeps it.
      seenBefore: reload && postKey in seenBefore ? seenBefore : { ...seenBefore, [postKey]: previous },
    });
  },
  async reloadPanel() {
    const key = get().panelKey;
    if (key !== null) await get().openPanel(key, true);
  },
  closePanel() {
    set({ panelKey: null, panel: null, panelError: null });
  },
  async refreshPanel() {
    const key = get().panelKey;
    if (key === null) return;
    const result = await call('sync.refresh', { postKey: key });
    if (!result.ok) {
      set({ panelError: result.error.message });
      return;
    }
    // The sync answers on its own time: read the store again shortly, twice.
    for (const wait of [1500, 4000]) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (get().panelKey !== key) return;
      await get().reloadPanel();
    }
  },
  showRead(read) {
    const { posts, histories } = get();
    const listedKeys = new Set(posts.map((summary) => summary.post.key));
    const listed = new Map(read.filter((metrics) => listedKeys.has(metrics.post.key)).map((metrics) => [metrics.post.key, metrics]));
    if (listed.size === 0) return;
    set({
      posts: posts.map((summary) => {
        const metrics = listed.get(summary.post.key);
        return metrics === undefined ? summary : { ...summary, latest: metrics.latest, flags: metrics.flags };
      }),
      histories: { ...histories, ...Object.fromEntries([...listed].map(([key, metrics]) => [key, metrics.history])) },
    });
  },
  panelLatestNow() {
    return get().panel?.latest ?? null;
  },
  panelErrorNow() {
    return get().panelError;
  },
  seenBeforeNow(postKey) {
    return get().seenBefore[postKey] ?? null;
  },
  async showPost(post) {
    // The panel and the client's list start first, so coming to Posts finds this client already chosen.
    const reading = Promise.all([get().openPanel(post.key), get().profileId === post.profileId ? Promise.resolve() : get().load(post.profileId)]);
    goTo({ view: 'posts' });
    await reading;
  },
}));

// Coming to the Posts view: the client chosen in the sidebar follows you here (issue 19). Leaving
// it: the panel closes, so coming back shows the list.
useRouteStore.subscribe((state, prev) => {
  if (state.route === prev.route) return;
  const posts = usePostsStore.getState();
  if (state.route.view === 'posts' && prev.route.view !== 'posts') {
    const chosen = useInboxStore.getState().filter.profileId;
    if (chosen !== null && chosen !== posts.profileId) void posts.load(chosen);
  } else if (state.route.view !== 'posts' && prev.route.view === 'posts') usePostsStore.setState({ panelKey: null, panel: null });
});

// Another client chosen in the sidebar while Posts shows: its posts. (Any other change of the
// list's filter leaves the Posts view: route.ts.)
useInboxStore.subscribe((state, prev) => {
  if (state.filter.profileId === prev.filter.profileId || state.filter.profileId === null) return;
  if (useRouteStore.getState().isAt('posts')) void usePostsStore.getState().load(state.filter.profileId);
});
