// The open item, whatever its kind: `{kind, data}` as the bridge's one item read gives it (a
// comment's thread, a conversation's messages), its inbox row, and its items in the outbox. The
// pane that shows it is its kind's (components/kindPanes.tsx).
import { create } from 'zustand';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import type { InboxItem, InboxItemData } from '../../shared/domain/inboxItem.ts';
import type { PostView } from '../../shared/domain/posts.ts';
import { call } from '../api/bridge.ts';
import { useInboxStore } from './inboxStore.ts';
import { useOutboxStore } from './outboxStore.ts';

interface ThreadState {
  key: string | null;
  /** The open item's kind and data; null while none is read. */
  item: InboxItem | null;
  /** The open item's inbox row. */
  row: InboxRow | null;
  loading: boolean;
  error: string | null;
  load: (key: string | null) => Promise<void>;
  setPost: (post: PostView) => void;
}

/** The open item's data when it is of this kind (a kind's pane reads its own), else null. */
export function openItemOf<K extends InboxItem['kind']>(item: InboxItem | null, kind: K): InboxItemData<K> | null {
  if (item?.kind !== kind) return null;
  // The kind was just compared: its data is that kind's (TypeScript does not narrow a generic kind).
  return item.data as InboxItemData<K>;
}

let generation = 0;

export const useThreadStore = create<ThreadState>((set, get) => ({
  key: null,
  item: null,
  row: null,
  loading: false,
  error: null,
  async load(key) {
    const mine = ++generation;
    if (key === null) {
      set({ key: null, item: null, row: null, loading: false, error: null });
      return;
    }
    const same = get().key === key;
    set({ key, loading: true, error: null, ...(same ? {} : { item: null, row: null }) });
    const result = await call('inbox.item', { key });
    if (mine !== generation) return;
    if (!result.ok) {
      set({ loading: false, error: result.error.message });
      return;
    }
    for (const item of result.data.outbox) useOutboxStore.getState().put(item);
    set({ item: result.data.item, row: result.data.row, loading: false });
    // The list's row of the open item takes the state just read (answered, done by a teammate…),
    // so its row, kept in the list while it is open, says the same as the pane.
    useInboxStore.getState().refreshRow(result.data.row);
  },
  setPost(post) {
    // Only an item under a post has one to replace (a comment's thread).
    set((state) => {
      const thread = openItemOf(state.item, 'comment');
      return thread ? { item: { kind: 'comment', data: { ...thread, post } } } : state;
    });
  },
}));
