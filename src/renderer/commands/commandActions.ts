// What commands can do, as an interface: the declarations (listCommands.ts, placeCommands.ts,
// screenCommands.ts) call these and stay pure, so the keymap, the palette's list and the help are
// tested in Node; actions.ts implements them over the stores (the app's `appActions`).
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import type { GotoView } from './places.ts';
import type { ReportAction, SettingsSection } from './settingsPlaces.ts';

export type Theme = 'system' | 'light' | 'dark';
export type CommandOverlay = 'help' | 'palette' | 'connect' | 'settings' | 'snooze' | 'savedReplies';

export interface CommandActions {
  /** j/k: the current row moves; an open thread follows after the frame. */
  move: (delta: number) => void;
  openCurrent: () => void;
  back: () => void;
  reply: () => void;
  savedReply: () => void;
  markDone: () => void;
  toggleUnread: () => void;
  /** The target read (false) or unread (true), whatever each item is now. */
  setRead: (unread: boolean) => void;
  clearSelection: () => void;
  /** Ctrl/⌘ Enter: the form the focus is in (the reply box, the team's note) is sent. */
  submitFocusedForm: () => void;
  snooze: () => void;
  selectCurrent: () => void;
  selectView: () => void;
  /** The current row's post's comments, on every network (a publication's group). */
  selectPost: () => void;
  cycleKind: () => void;
  showKind: (kind: InboxItemKind | null) => void;
  focusSearch: () => void;
  undo: () => void;
  toggleGrouped: () => void;
  toggleUnreadOnly: () => void;
  gotoView: (view: GotoView) => void;
  /** 1 … 9: this client, or all clients again when it is the one shown. */
  switchClient: (index: number) => void;
  /** This client (from the palette: never back to all). */
  showClient: (index: number) => void;
  showAllClients: () => void;
  /** The clients in the sidebar's order, for the palette's entries. */
  clients: () => readonly { profileId: string; title: string }[];
  /** Opens this dialog, or closes it when it is the one open. */
  toggleOverlay: (overlay: CommandOverlay) => void;
  openOverlay: (overlay: CommandOverlay) => void;
  setTheme: (theme: Theme) => void;
  /** Settings, opened on this section. */
  openSettings: (section: SettingsSection) => void;
  /** The Reports view, and this action of it once its report is there. */
  runReportAction: (action: ReportAction) => void;
  /** In a team: asks to whom the current item (or those picked) goes; assigns to nobody; focuses the open item's note. */
  assign: () => void;
  unassign: () => void;
  addNote: () => void;
  /** The business's reply to the review being read: its pane asks whether to remove it (stores/reviewReplyRemoval.ts). */
  removeReviewReply: () => void;
  /** Settings → Team → Live updates on (with the address typed there, else the one saved) or off; Settings opens on Team to show how it went. */
  turnLiveUpdates: (on: boolean) => void;
}
