// The open item: a comment's thread (post, ancestors, the comment, replies) or a conversation of
// direct messages (oldest first), and its items in the outbox.
import { create } from 'zustand';
import type { ConversationThread, InboxItemKind, ThreadView } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import type { PostView } from '../../shared/domain/posts.ts';
import { call } from '../api/bridge.ts';
import { kindViewOfKey } from '../kinds/kindViews.ts';
import { useInboxStore } from './inboxStore.ts';
import { useOutboxStore } from './outboxStore.ts';

interface ThreadState {
  key: string | null;
  /** Set when the open item is a comment. */
  thread: ThreadView | null;
  /** Set when the open item is a conversation. */
  conversation: ConversationThread | null;
  loading: boolean;
  error: string | null;
  load: (key: string | null) => Promise<void>;
  setPost: (post: PostView) => void;
}

type Loaded = { ok: true; open: Pick<ThreadState, 'thread' | 'conversation'>; outbox: OutboxItemView[] } | { ok: false; message: string };

/** How each kind's open item is read (a new kind of the registry, kinds/kindViews.ts, adds its own). */
const LOADERS: Record<InboxItemKind, (key: string) => Promise<Loaded>> = {
  async comment(key) {
    const result = await call('inbox.thread', { key });
    return result.ok
      ? { ok: true, open: { thread: result.data.thread, conversation: null }, outbox: result.data.outbox }
      : { ok: false, message: result.error.message };
  },
  async conversation(key) {
    const result = await call('inbox.conversation', { key });
    return result.ok
      ? { ok: true, open: { thread: null, conversation: result.data.conversation }, outbox: result.data.outbox }
      : { ok: false, message: result.error.message };
  },
};

function fetchItem(key: string): Promise<Loaded> {
  return LOADERS[kindViewOfKey(key).kind](key);
}

let generation = 0;

export const useThreadStore = create<ThreadState>((set, get) => ({
  key: null,
  thread: null,
  conversation: null,
  loading: false,
  error: null,
  async load(key) {
    const mine = ++generation;
    if (key === null) {
      set({ key: null, thread: null, conversation: null, loading: false, error: null });
      return;
    }
    const same = get().key === key;
    set({ key, loading: true, error: null, ...(same ? {} : { thread: null, conversation: null }) });
    const result = await fetchItem(key);
    if (mine !== generation) return;
    if (!result.ok) {
      set({ loading: false, error: result.message });
      return;
    }
    for (const item of result.outbox) useOutboxStore.getState().put(item);
    set({ ...result.open, loading: false });
    // The list's row of the open item takes the state just read (answered, done by a teammate…),
    // so its row, kept in the list while it is open, says the same as the pane.
    const row = result.open.thread?.comment ?? result.open.conversation?.row;
    if (row !== undefined) useInboxStore.getState().refreshRow(row);
  },
  setPost(post) {
    set((state) => (state.thread ? { thread: { ...state.thread, post } } : state));
  },
}));
