// The commands on the list and its current comment or conversation: move, open, answer, triage,
// select, search. What each does is an action (actions.ts; the toolbar's buttons call the same).
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
  // Ctrl/⌘ Enter is the composer's own (it knows its draft): declared here for the help.
  run: null,
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

export const done = defineCommand({ id: 'done', label: 'Mark done', help: 'Mark done and move on', keys: ['e'], run: (_args, actions) => actions.markDone() });

export const unread = defineCommand({ id: 'toggleUnread', label: 'Toggle unread', keys: ['u'], run: (_args, actions) => actions.toggleUnread() });

export const snooze = defineCommand({
  id: 'snooze',
  label: 'Snooze…',
  help: 'Snooze (later today, tomorrow, next week)',
  keys: ['h'],
  run: (_args, actions) => actions.snooze(),
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
  keys: ['A'],
  run: (_args, actions) => actions.selectView(),
});

export const kind = defineCommand({
  id: 'kind',
  label: 'Show comments, messages or both (Comments / Messages / Everything)',
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
  keys: ['z'],
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
