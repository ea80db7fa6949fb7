// The commands on the list and its current comment or conversation: move, open, answer, triage,
// select, search. What each does is an action (actions.ts); the toolbar's buttons are these
// commands drawn (components/CommandButton.tsx), so a button and its key run the same.
import { KIND_CHOICES } from '../logic/itemKinds.ts';
import { defineCommand, inTheList } from './defineCommand.ts';

export const next = defineCommand({
  id: 'next',
  label: 'Next comment or conversation',
  keys: ['j', 'ArrowDown'],
  palette: false,
  help: [{ keys: ['j'], label: 'Next comment or conversation' }],
  run: (_args, actions) => actions.move(1),
});

export const previous = defineCommand({
  id: 'previous',
  label: 'Previous comment or conversation',
  keys: ['k', 'ArrowUp'],
  palette: false,
  help: [{ keys: ['k'], label: 'Previous comment or conversation' }],
  run: (_args, actions) => actions.move(-1),
});

export const open = defineCommand({
  id: 'open',
  label: 'Open it',
  keys: ['Enter', 'o'],
  palette: false,
  // Enter on a focused button or link is that control's.
  when: (context) => inTheList(context) && !context.onControl,
  run: (_args, actions) => actions.openCurrent(),
});

export const goBack = defineCommand({
  id: 'back',
  label: 'Back (close, leave the field)',
  keys: ['Escape'],
  palette: false,
  when: () => true,
  run: (_args, actions) => actions.back(),
});

export const reply = defineCommand({
  id: 'reply',
  label: 'Reply (a comment or a direct message)',
  keys: ['r'],
  palette: false,
  run: (_args, actions) => actions.reply(),
});

export const send = defineCommand({
  id: 'send',
  label: 'Send',
  keys: ['Mod+Enter'],
  palette: false,
  when: () => true,
  // The field being written knows its draft: the reply box and the team's note are forms, and
  // this submits the one the focus is in (nothing outside a form).
  run: (_args, actions) => actions.submitFocusedForm(),
});

export const savedReply = defineCommand({
  id: 'savedReply',
  label: 'Insert a saved reply (Ctrl/⌘ ; in the reply box; arrows and Enter choose)',
  keys: [';', 'Mod+;'],
  palette: false,
  // In a text field only the reply box's own Ctrl/⌘ ; opens the saved replies.
  when: (context) => context.overlay === null && (!context.typing || context.inComposer),
  run: (_args, actions) => actions.savedReply(),
});

export const done = defineCommand({
  id: 'done',
  label: 'Mark done',
  button: 'Done',
  tooltip: 'Mark done and move on',
  help: 'Mark done and move on',
  keys: ['e'],
  enabled: 'target',
  run: (_args, actions) => actions.markDone(),
});

export const unread = defineCommand({
  id: 'toggleUnread',
  label: 'Toggle unread',
  button: 'Read / unread',
  keys: ['u'],
  enabled: 'target',
  run: (_args, actions) => actions.toggleUnread(),
});

// The bulk bar's two buttons: read, or unread, whatever each of the picked items is now.
export const markRead = defineCommand({ id: 'markRead', label: 'Mark read', help: false, enabled: 'target', run: (_args, actions) => actions.setRead(false) });

export const markUnread = defineCommand({
  id: 'markUnread',
  label: 'Mark unread',
  help: false,
  enabled: 'target',
  run: (_args, actions) => actions.setRead(true),
});

export const snooze = defineCommand({
  id: 'snooze',
  label: 'Snooze…',
  button: 'Snooze',
  tooltip: 'Snooze: later today, tomorrow or next week',
  help: 'Snooze (later today, tomorrow, next week)',
  keys: ['h'],
  enabled: 'target',
  run: (_args, actions) => actions.snooze(),
});

// Esc clears it too (back); this is the bulk bar's button and the palette's line.
export const clearSelection = defineCommand({
  id: 'clearSelection',
  label: 'Clear the selection',
  button: 'Clear selection',
  help: false,
  run: (_args, actions) => actions.clearSelection(),
});

export const select = defineCommand({
  id: 'select',
  label: 'Select for a bulk action',
  keys: ['x'],
  palette: false,
  run: (_args, actions) => actions.selectCurrent(),
});

export const selectAll = defineCommand({
  id: 'selectAll',
  label: 'Select everything in this view',
  help: 'Select everything in this view (then e, u or h for all of it)',
  button: 'Select all',
  tooltip: 'Select every item in this view, not only the loaded ones',
  keys: ['A'],
  enabled: 'rows',
  run: (_args, actions) => actions.selectView(),
});

export const kind = defineCommand({
  id: 'kind',
  label: 'Show comments, messages, reviews or all (All / Comments / Messages / Reviews)',
  keys: ['m'],
  // `m` goes round; the palette names each choice.
  palette: (actions) =>
    KIND_CHOICES.map((choice) => ({
      id: `kind-${choice.kind ?? 'everything'}`,
      label: `Show ${choice.title.toLowerCase()} (${choice.label})`,
      hint: 'm',
      run: () => actions.showKind(choice.kind),
    })),
  run: (_args, actions) => actions.cycleKind(),
});

export const search = defineCommand({ id: 'search', label: 'Search', keys: ['/'], run: (_args, actions) => actions.focusSearch() });

export const undo = defineCommand({
  id: 'undo',
  label: 'Undo the last send or triage action',
  help: 'Undo the last send (inside its undo window) or triage action',
  button: 'Undo',
  keys: ['z'],
  enabled: 'undo',
  run: (_args, actions) => actions.undo(),
});

export const groupByPost = defineCommand({ id: 'group', label: 'Group by post on / off', run: (_args, actions) => actions.toggleGrouped() });

// A group of "Group by post" as one selection (decision 0050): then e, u or a snooze acts on all of it.
export const selectPost = defineCommand({
  id: 'select-post',
  label: 'Select the comments on this post, on every network',
  run: (_args, actions) => actions.selectPost(),
});

export const unreadOnly = defineCommand({ id: 'unread-only', label: 'Unread only on / off', run: (_args, actions) => actions.toggleUnreadOnly() });
