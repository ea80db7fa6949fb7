// The list's one selection (logic/selection.ts), as a slice of the inbox store (the zustand slices
// pattern): the list's own actions end it in the same set that changes the filter, with no
// subscribe keeping two stores in step (decision 0049).
import type { StateCreator } from 'zustand';
import { NO_SELECTION, selectView, toggleItem, type Selection, type ViewSnapshot } from '../logic/selection.ts';

export interface SelectionSlice {
  /** Items picked with x, a whole view (Shift A), or a publication's items. */
  selection: Selection;
  /** x: picks the row or lets it go (ending a view's selection). */
  toggleChecked: (key: string) => void;
  /** Shift A, once the core has counted the view. */
  selectWholeView: (snapshot: ViewSnapshot) => void;
  /** Replaces the selection (a publication's items, for "Group by post"). */
  setSelection: (selection: Selection) => void;
  clearSelection: () => void;
}

// It reads and writes only its own part, so it is typed over itself (the inbox store spreads it in).
export const createSelectionSlice: StateCreator<SelectionSlice> = (set, get) => ({
  selection: NO_SELECTION,
  toggleChecked(key) {
    set((state) => ({ selection: toggleItem(state.selection, key) }));
  },
  selectWholeView(snapshot) {
    set({ selection: selectView(snapshot) });
  },
  setSelection(selection) {
    set({ selection });
  },
  clearSelection() {
    if (get().selection.type !== 'none') set({ selection: NO_SELECTION });
  },
});
