// The open comment's thread (post, ancestors, the comment, replies) and its outbox items.
import { create } from 'zustand';
import type { ThreadView } from '../../shared/domain/inbox.ts';
import type { PostView } from '../../shared/domain/posts.ts';
import { call } from '../api/bridge.ts';
import { useOutboxStore } from './outboxStore.ts';

interface ThreadState {
  key: string | null;
  thread: ThreadView | null;
  loading: boolean;
  error: string | null;
  load: (key: string | null) => Promise<void>;
  setPost: (post: PostView) => void;
}

let generation = 0;

export const useThreadStore = create<ThreadState>((set, get) => ({
  key: null,
  thread: null,
  loading: false,
  error: null,
  async load(key) {
    const mine = ++generation;
    if (key === null) {
      set({ key: null, thread: null, loading: false, error: null });
      return;
    }
    const same = get().key === key;
    set({ key, loading: true, error: null, ...(same ? {} : { thread: null }) });
    const result = await call('inbox.thread', { key });
    if (mine !== generation) return;
    if (!result.ok) {
      set({ loading: false, error: result.error.message });
      return;
    }
    for (const item of result.data.outbox) useOutboxStore.getState().put(item);
    set({ thread: result.data.thread, loading: false });
  },
  setPost(post) {
    set((state) => (state.thread ? { thread: { ...state.thread, post } } : state));
  },
}));
