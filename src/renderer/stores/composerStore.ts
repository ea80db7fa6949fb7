// Drafts per comment or conversation (so moving through the list never loses one) and sending: the
// answer (answer.send: a reply, a direct message, as the item's kind answers) is queued at once and
// shows up as "Queued" with its undo countdown. Saved replies live in the settings
// (shared/savedReplies.ts).
import { create } from 'zustand';
import { call } from '../api/bridge.ts';
import { kindViewOfKey } from '../kinds/kindViews.ts';
import { useOutboxStore } from './outboxStore.ts';

export interface Draft {
  text: string;
  imageUrl: string;
  /** Editing this outbox item (failed, or queued and not yet gone) rather than writing a new reply. */
  editing: string | null;
}

const EMPTY: Draft = { text: '', imageUrl: '', editing: null };

interface ComposerState {
  drafts: Record<string, Draft>;
  sending: boolean;
  error: string | null;
  draft: (key: string) => Draft;
  update: (key: string, patch: Partial<Draft>) => void;
  clear: (key: string) => void;
  send: (key: string) => Promise<boolean>;
}

export const useComposerStore = create<ComposerState>((set, get) => ({
  drafts: {},
  sending: false,
  error: null,
  draft(key) {
    return get().drafts[key] ?? EMPTY;
  },
  update(key, patch) {
    set((state) => ({ drafts: { ...state.drafts, [key]: { ...(state.drafts[key] ?? EMPTY), ...patch } }, error: null }));
  },
  clear(key) {
    set((state) => {
      const drafts = { ...state.drafts };
      delete drafts[key];
      return { drafts };
    });
  },
  async send(key) {
    const draft = get().draft(key);
    if (get().sending || draft.text.trim() === '') return false;
    set({ sending: true, error: null });
    const image = draft.imageUrl.trim();
    const result =
      draft.editing !== null
        ? await call('outbox.edit', { id: draft.editing, text: draft.text }).then(async (edited) =>
            // A failed item goes back in the queue; a queued or waiting one keeps its place with the new text.
            edited.ok && edited.data.item.state === 'failed' ? call('outbox.retry', { id: draft.editing ?? '' }) : edited,
          )
        : await call('answer.send', { key, text: draft.text, ...(image !== '' && kindViewOfKey(key).composer.takesImage ? { mediaUrls: [image] } : {}) });
    if (!result.ok) {
      set({ sending: false, error: result.error.message });
      return false;
    }
    useOutboxStore.getState().put(result.data.item);
    if (draft.editing === null) useOutboxStore.getState().sentNow(result.data.item.id);
    get().clear(key);
    set({ sending: false });
    return true;
  },
}));
