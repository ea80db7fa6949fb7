// What is open on top of the screen (help, palette, connect form), focus requests, and the toast.
import { create } from 'zustand';

export type Overlay = 'help' | 'palette' | 'connect' | 'settings' | 'snooze' | 'savedReplies' | 'assign' | null;

export interface Toast {
  id: number;
  text: string;
  /** Offer Undo (z) on it. */
  undoable: boolean;
  /** Offer Open: the comment or conversation it is about (a held reply, issue 27). */
  openKey?: string;
}

interface UiState {
  overlay: Overlay;
  /** Bumped to ask the composer to take the focus. */
  composerFocus: number;
  composerFocusPending: boolean;
  /** Bumped to ask the open composer to show its saved replies (`;`), taken once like the focus. */
  savedRepliesRequest: number;
  savedRepliesPending: boolean;
  /** Bumped to ask the search field to take the focus. */
  searchFocus: number;
  /** Bumped to ask the list to take the focus. */
  listFocus: number;
  toast: Toast | null;
  /** The account whose card Settings opens on (a notice asked for its key), and whether on its Replace keys form. */
  keysFor: { accountId: string; replace: boolean } | null;
  setOverlay: (overlay: Overlay) => void;
  /** The dialog on top now: for handlers, which run after the render that gave them the store. */
  currentOverlay: () => Overlay;
  /** Settings → Accounts, at this account's keys. */
  openKeysOf: (accountId: string, replace: boolean) => void;
  focusComposer: () => void;
  /** True once per request: the composer takes the focus. */
  takeComposerFocus: () => boolean;
  focusSearch: () => void;
  focusList: () => void;
  openSavedReplies: () => void;
  /** True once per request: the composer opens its saved replies. */
  takeSavedReplies: () => boolean;
  showToast: (text: string, undoable?: boolean, openKey?: string) => void;
  clearToast: (id: number) => void;
}

let toastIds = 0;

export const useUiStore = create<UiState>((set, get) => ({
  overlay: null,
  composerFocus: 0,
  composerFocusPending: false,
  searchFocus: 0,
  listFocus: 0,
  savedRepliesRequest: 0,
  savedRepliesPending: false,
  toast: null,
  keysFor: null,
  setOverlay(overlay) {
    set({ overlay, keysFor: null });
  },
  currentOverlay() {
    return get().overlay;
  },
  openKeysOf(accountId, replace) {
    set({ overlay: 'settings', keysFor: { accountId, replace } });
  },
  focusComposer() {
    set((state) => ({ composerFocus: state.composerFocus + 1, composerFocusPending: true }));
  },
  takeComposerFocus() {
    if (!get().composerFocusPending) return false;
    set({ composerFocusPending: false });
    return true;
  },
  focusSearch() {
    set((state) => ({ searchFocus: state.searchFocus + 1 }));
  },
  focusList() {
    set((state) => ({ listFocus: state.listFocus + 1 }));
  },
  openSavedReplies() {
    set((state) => ({ savedRepliesRequest: state.savedRepliesRequest + 1, savedRepliesPending: true }));
  },
  takeSavedReplies() {
    if (!get().savedRepliesPending) return false;
    set({ savedRepliesPending: false });
    return true;
  },
  showToast(text, undoable = false, openKey) {
    toastIds += 1;
    set({ toast: { id: toastIds, text, undoable, ...(openKey === undefined ? {} : { openKey }) } });
  },
  clearToast(id) {
    set((state) => (state.toast?.id === id ? { toast: null } : state));
  },
}));
