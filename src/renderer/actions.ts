// The work behind the commands (commands/) and the buttons: a key, a button and the command palette
// call the same function. Each acts on one target (logic/target.ts, issue 27): the items picked,
// else the open item, else the highlighted row; never a row the list moved under the person.
import { KIND_CHOICES, nextKind } from './logic/itemKinds.ts';
import type { CommandActions, CommandOverlay } from './commands/commandActions.ts';
import type { GotoView } from './commands/places.ts';
import { answerElsewhere } from './logic/answerElsewhere.ts';
import { call } from './api/bridge.ts';
import { currentRow, currentTarget, targetItemKey, targetRow, useInboxStore } from './stores/inboxStore.ts';
import { backInPosts } from './stores/postsBack.ts';
import { goTo, useRouteStore } from './stores/route.ts';
import { useProfilesStore } from './stores/profilesStore.ts';
import { useSettingsStore } from './stores/settingsStore.ts';
import { coveredBy, pickedKeys, selectPostOf, viewSnapshot } from './logic/selection.ts';
import { targetKeys as keysOf, type ActionTarget } from './logic/target.ts';
import { useTriageStore } from './stores/triageStore.ts';
import { undoLast } from './stores/undoLast.ts';
import { useCommandRequests } from './stores/commandRequests.ts';
import { useUiStore } from './stores/uiStore.ts';
import { useLiveRegistrationStore } from './stores/liveRegistrationStore.ts';
import { addNote, assignTo, openAssign } from './teamActions.ts';
import { askToRemoveReviewReply } from './stores/reviewReplyRemoval.ts';

/** Opens a comment's thread or a conversation, and marks it read, as opening a mail does. */
export function openRow(key: string): void {
  const store = useInboxStore.getState();
  store.open(key);
  const row = store.rows.find((candidate) => candidate.key === key);
  if (row?.unread) {
    store.patchRows([key], { unread: false });
    void call('inbox.triage', { keys: [key], unread: false });
  }
}

/** The whole view selected (Shift A), or null. */
function selectedView() {
  return viewSnapshot(useInboxStore.getState().selection);
}

export function markDone(): void {
  const opened = useInboxStore.getState().openKey;
  const selection = selectedView();
  if (selection !== null) {
    // In Done, "done" on everything moves it all back, as it does for one comment.
    const inDone = selection.filter.view === 'done' && selection.filter.text.trim() === '';
    void useTriageStore.getState().applyToView({ done: !inDone }, inDone ? 'Moved back to the inbox' : 'Marked done');
    moveOnFrom(opened);
    return;
  }
  const state = useInboxStore.getState();
  const target = currentTarget(state);
  const row = target.type === 'item' ? targetRow(state) : null;
  // A done row moves back (in Done, in All); one kept open after it left the view (a teammate marked
  // it done) is done already: `e` then only moves on.
  if (row?.done && state.kept !== row.key) void useTriageStore.getState().apply({ done: false }, 'Moved back to the inbox', keysOf(target));
  else void useTriageStore.getState().apply({ done: true }, 'Marked done', keysOf(target));
  moveOnFrom(opened);
}

export function setRead(unread: boolean, target: ActionTarget = currentTarget()): void {
  const label = unread ? 'Marked unread' : 'Marked read';
  if (target.type === 'view') void useTriageStore.getState().applyToView({ unread }, label);
  else void useTriageStore.getState().apply({ unread }, label, keysOf(target));
}

export function toggleUnread(): void {
  const selection = selectedView();
  if (selection !== null) {
    // Like a bulk selection: read when any of the loaded ones is unread.
    const rows = useInboxStore.getState().rows;
    setRead(!rows.some((row) => row.unread && coveredBy(selection, row)));
    return;
  }
  const state = useInboxStore.getState();
  const keys = new Set(pickedKeys(state.selection));
  if (keys.size > 0) {
    const anyUnread = state.rows.some((row) => keys.has(row.key) && row.unread);
    setRead(!anyUnread);
    return;
  }
  const row = targetRow(state);
  if (row) setRead(!row.unread);
}

/** Asks when (the snooze menu: later today, tomorrow morning, next week); nothing to snooze, no menu. */
export function snooze(): void {
  if (currentTarget().type === 'none') return;
  useUiStore.getState().setOverlay('snooze');
}

/** Snoozes the target the menu named (the open item, the items picked, the view) until then. */
export function snoozeUntil(until: number, label: string, target: ActionTarget = currentTarget()): void {
  const opened = useInboxStore.getState().openKey;
  if (target.type === 'view') void useTriageStore.getState().applyToView({ snoozedUntil: until }, label);
  else void useTriageStore.getState().apply({ snoozedUntil: until }, label, keysOf(target));
  moveOnFrom(opened);
}

/**
 * "Done, and move on": when the person's own action took the open item out of the view (its row is
 * kept only because it is open), the item after it opens; none after it, the pane closes. Nothing
 * else moves the open item: a teammate's change, a filter or an undo leave it where it is.
 */
function moveOnFrom(opened: string | null): void {
  const state = useInboxStore.getState();
  if (opened === null || state.openKey !== opened || state.kept !== opened) return;
  state.open(state.keyAfter(opened));
}

export function gotoView(view: GotoView): void {
  if (view === 'settings') {
    useUiStore.getState().setOverlay('settings');
    return;
  }
  if (view === 'reports' || view === 'posts') goTo({ view });
  else goTo({ view: 'list', list: view === 'inbox' ? 'needsReply' : view });
}

/** `m`: All → Comments → Messages → Reviews → All; the toast says which. */
export function cycleKind(): void {
  const kind = nextKind(useInboxStore.getState().filter.kind);
  useInboxStore.getState().setFilter({ kind });
  const choice = KIND_CHOICES.find((candidate) => candidate.kind === kind);
  if (choice) useUiStore.getState().showToast(`Showing ${choice.title.toLowerCase()}`);
}

export function switchClient(index: number): void {
  const profile = useProfilesStore.getState().profiles[index];
  if (!profile) return;
  const current = useInboxStore.getState().filter.profileId;
  useInboxStore.getState().setFilter({ profileId: current === profile.profileId ? null : profile.profileId });
}

export function back(): void {
  const ui = useUiStore.getState();
  if (ui.overlay !== null) {
    ui.setOverlay(null);
    ui.focusList();
    return;
  }
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.classList.contains('list-scroller')) {
    active.blur();
    ui.focusList();
    return;
  }
  if (useRouteStore.getState().isAt('posts')) {
    backInPosts();
    return;
  }
  const inbox = useInboxStore.getState();
  if (inbox.selection.type !== 'none') inbox.clearSelection();
  else if (inbox.openKey !== null) inbox.open(null);
  else if (inbox.filter.text !== '') inbox.setFilter({ text: '' });
}

/** A click on a row: it becomes the current one and opens. */
export function openAt(position: number): void {
  const inbox = useInboxStore.getState();
  inbox.selectPosition(position);
  const key = inbox.keyAt(position);
  if (key !== null) openRow(key);
}

/** After a send from this item: the next one opens (a setting, on by default), unless another was opened meanwhile. */
export function advanceAfterSend(from: string, next: string | null): void {
  const inbox = useInboxStore.getState();
  if (!useSettingsStore.getState().settings.autoAdvance || next === null || inbox.openKey !== from) return;
  inbox.selectKey(next);
  openRow(next);
}

/** `r`: the open item's reply box (the highlighted row opens first when nothing is open), or where it is answered instead. */
export function replyToCurrent(): void {
  const inbox = useInboxStore.getState();
  const key = targetItemKey(inbox);
  if (key === null) return;
  if (inbox.openKey !== key) openRow(key);
  // No composer for a comment answered on its network: say why instead.
  const row = targetRow();
  const elsewhere = row ? answerElsewhere(row) : null;
  if (elsewhere) useUiStore.getState().showToast(elsewhere.toast);
  else useUiStore.getState().focusComposer();
}

/** `;`: the open item's composer opens its saved replies (the highlighted row opens first when nothing is open). */
export function savedReplyForCurrent(): void {
  const inbox = useInboxStore.getState();
  const key = targetItemKey(inbox);
  if (key === null) return;
  if (inbox.openKey !== key) openRow(key);
  useUiStore.getState().openSavedReplies();
}

function toggleOverlay(overlay: CommandOverlay): void {
  const ui = useUiStore.getState();
  ui.setOverlay(ui.overlay === overlay ? null : overlay);
}

/** What the commands of the registry do, over the stores. */
export const appActions: CommandActions = {
  // An open thread follows after the frame (inboxStore.move): the press stays within one frame.
  move: (delta) => useInboxStore.getState().move(delta),
  openCurrent: () => {
    const row = currentRow(useInboxStore.getState());
    if (row) openRow(row.key);
  },
  back,
  reply: replyToCurrent,
  savedReply: savedReplyForCurrent,
  markDone,
  toggleUnread,
  setRead: (unread) => setRead(unread),
  clearSelection: () => useInboxStore.getState().clearSelection(),
  submitFocusedForm: () => {
    const active = document.activeElement;
    const form = active instanceof HTMLElement ? active.closest('form') : null;
    form?.requestSubmit();
  },
  snooze,
  selectCurrent: () => {
    const key = targetItemKey();
    if (key !== null) useInboxStore.getState().toggleChecked(key);
  },
  selectView: () => void useTriageStore.getState().selectView(),
  selectPost: () => {
    const inbox = useInboxStore.getState();
    const row = targetRow(inbox);
    if (row) inbox.setSelection(selectPostOf(inbox.rows, row));
  },
  cycleKind,
  showKind: (kind) => useInboxStore.getState().setFilter({ kind }),
  focusSearch: () => useUiStore.getState().focusSearch(),
  undo: () => void undoLast(),
  toggleGrouped: () => {
    const inbox = useInboxStore.getState();
    inbox.setGrouped(!inbox.grouped);
  },
  toggleUnreadOnly: () => {
    const inbox = useInboxStore.getState();
    inbox.setFilter({ unreadOnly: !inbox.filter.unreadOnly });
  },
  gotoView,
  switchClient,
  showClient: (index) => {
    const profile = useProfilesStore.getState().profiles[index];
    if (profile && useInboxStore.getState().filter.profileId !== profile.profileId) switchClient(index);
  },
  showAllClients: () => useInboxStore.getState().setFilter({ profileId: null }),
  clients: () => useProfilesStore.getState().profiles,
  toggleOverlay,
  openOverlay: (overlay) => useUiStore.getState().setOverlay(overlay),
  setTheme: (theme) => void useSettingsStore.getState().setTheme(theme),
  openSettings: (section) => {
    // Settings already open: it follows the request too (SettingsScreen listens).
    useCommandRequests.getState().askSettings(section);
    useUiStore.getState().setOverlay('settings');
  },
  runReportAction: (action) => {
    useCommandRequests.getState().askReport(action);
    goTo({ view: 'reports' });
  },
  assign: openAssign,
  unassign: () => void assignTo(null),
  addNote,
  removeReviewReply: askToRemoveReviewReply,
  turnLiveUpdates: (on) => {
    const live = useLiveRegistrationStore.getState();
    void (on ? live.turnOn() : live.turnOff());
    if (useUiStore.getState().overlay !== 'settings') {
      useCommandRequests.getState().askSettings('team');
      useUiStore.getState().setOverlay('settings');
    }
  },
};
