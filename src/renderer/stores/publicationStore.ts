// The Posts view's open publication (decision 0051): one post sent to several networks, whose panel
// shows each network's numbers side by side and the total. Each network's post is read from the
// store as its own panel reads it (posts.metrics), so it shows offline with its age. Opening a
// network's post alone, a thread, or leaving the Posts view closes it.
import { create } from 'zustand';
import { call } from '../api/bridge.ts';
import { type PostMetrics, usePostsStore } from './postsStore.ts';
import { usePostThreadsStore } from './postThreadsStore.ts';
import { useRouteStore } from './route.ts';

interface PublicationState {
  /** The open publication's key; null when none is open. */
  openKey: string | null;
  /** Its networks' posts, in the entry's order; null while loading. */
  members: PostMetrics[] | null;
  error: string | null;
  openPublication: (publicationKey: string, postKeys: readonly string[]) => Promise<void>;
  /** Reads the open publication's posts again (after "Refresh now"). */
  reload: () => Promise<void>;
  /** Asks the sync for each network's numbers now, then reads the store again. */
  refresh: () => Promise<void>;
  close: () => void;
  /** For handlers: the open publication's posts and refusal now. */
  membersNow: () => PostMetrics[] | null;
  errorNow: () => string | null;
}

export const usePublicationStore = create<PublicationState>((set, get) => {
  let openKeys: readonly string[] = [];
  async function read(publicationKey: string): Promise<void> {
    const answers = await Promise.all(openKeys.map((postKey) => call('posts.metrics', { postKey })));
    if (get().openKey !== publicationKey) return;
    const failed = answers.find((answer) => !answer.ok);
    if (failed !== undefined && !failed.ok) {
      set({ error: failed.error.message });
      return;
    }
    const members = answers.flatMap((answer) => (answer.ok ? [answer.data] : []));
    set({ members, error: null });
    // The Posts list shows what the panel read (as a post's own panel does).
    usePostsStore.getState().showRead(members);
  }
  return {
    openKey: null,
    members: null,
    error: null,
    async openPublication(publicationKey, postKeys) {
      usePostsStore.getState().closePanel();
      usePostThreadsStore.getState().closeThread();
      openKeys = [...postKeys];
      set({ openKey: publicationKey, members: get().openKey === publicationKey ? get().members : null, error: null });
      await read(publicationKey);
    },
    async reload() {
      const key = get().openKey;
      if (key !== null) await read(key);
    },
    async refresh() {
      const key = get().openKey;
      if (key === null) return;
      const asked = await Promise.all(openKeys.map((postKey) => call('sync.refresh', { postKey })));
      const refused = asked.find((answer) => !answer.ok);
      if (refused !== undefined && !refused.ok) {
        set({ error: refused.error.message });
        return;
      }
      // The sync answers on its own time: read the store again shortly, twice (as a post's panel does).
      for (const wait of [1500, 4000]) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (get().openKey !== key) return;
        await read(key);
      }
    },
    close() {
      openKeys = [];
      set({ openKey: null, members: null, error: null });
    },
    membersNow() {
      return get().members;
    },
    errorNow() {
      return get().error;
    },
  };
});

// A post's own panel opening, or another client's list, closes the publication's.
usePostsStore.subscribe((state, prev) => {
  const publication = usePublicationStore.getState();
  if (publication.openKey === null) return;
  if ((state.panelKey !== null && state.panelKey !== prev.panelKey) || state.profileId !== prev.profileId) publication.close();
});
// So does leaving the Posts view.
useRouteStore.subscribe((state, prev) => {
  if (prev.route.view === 'posts' && state.route.view !== 'posts' && usePublicationStore.getState().openKey !== null) usePublicationStore.getState().close();
});
// So does a thread's.
usePostThreadsStore.subscribe((state, prev) => {
  if (state.openHeadKey !== null && state.openHeadKey !== prev.openHeadKey) usePublicationStore.getState().close();
});
