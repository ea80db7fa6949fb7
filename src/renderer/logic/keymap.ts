// The keyboard map: one key press (plus the pending `g` prefix) to one action. Pure, so it is tested
// without a DOM; the KeyboardShortcuts component feeds it and performs the action.

export type KeyAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'open' }
  | { type: 'back' }
  | { type: 'reply' }
  | { type: 'done' }
  | { type: 'toggleUnread' }
  | { type: 'snooze' }
  | { type: 'select' }
  | { type: 'selectAll' }
  | { type: 'search' }
  | { type: 'goto'; view: GotoView }
  /** Comments → Messages → Everything, round again. */
  | { type: 'kind' }
  | { type: 'client'; index: number }
  | { type: 'undo' }
  | { type: 'palette' }
  | { type: 'help' }
  | { type: 'send' }
  /** `;` (Ctrl/⌘ ; in the reply box): the saved replies, to insert one from the keyboard. */
  | { type: 'savedReply' };

export type GotoView = 'inbox' | 'done' | 'outbox' | 'posts' | 'closingSoon' | 'all' | 'snoozed' | 'hidden' | 'reports' | 'settings';

/**
 * Every place `g` leads to: the keymap, the `?` help and the command palette all read this one list,
 * so a place reachable by one is reachable, and listed, by the others.
 */
export const GOTO_PLACES: readonly { key: string; view: GotoView; label: string }[] = [
  { key: 'i', view: 'inbox', label: 'Needs reply (the inbox)' },
  { key: 'c', view: 'closingSoon', label: 'Closing soon (direct messages whose reply window closes first)' },
  { key: 'a', view: 'all', label: 'All' },
  { key: 'd', view: 'done', label: 'Done' },
  { key: 'z', view: 'snoozed', label: 'Snoozed' },
  { key: 'o', view: 'outbox', label: 'Outbox' },
  { key: 'h', view: 'hidden', label: 'Hidden comments' },
  { key: 'p', view: 'posts', label: 'Posts and their metrics' },
  { key: 'r', view: 'reports', label: 'Reports (the client report)' },
  { key: 's', view: 'settings', label: 'Settings: accounts, keys, webhooks, the app' },
];

/** The second key after `g`. */
const GOTO_KEYS: Record<string, GotoView> = Object.fromEntries(GOTO_PLACES.map((place) => [place.key, place.view]));

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text field (input, textarea, contenteditable). */
  typing: boolean;
}

export interface KeyState {
  /** `g` was pressed and waits for its second key. */
  pendingG: boolean;
}

export interface KeyResult {
  action: KeyAction | null;
  state: KeyState;
}

export const IDLE: KeyState = { pendingG: false };

/** Every shortcut, as the `?` overlay lists them. */
export const SHORTCUTS: readonly { keys: string[]; label: string }[] = [
  { keys: ['j'], label: 'Next comment or conversation' },
  { keys: ['k'], label: 'Previous comment or conversation' },
  { keys: ['Enter', 'o'], label: 'Open it' },
  { keys: ['Esc'], label: 'Back (close, leave the field)' },
  { keys: ['r'], label: 'Reply (a comment or a direct message)' },
  { keys: ['Ctrl/⌘ Enter'], label: 'Send' },
  { keys: [';', 'Ctrl/⌘ ;'], label: 'Insert a saved reply (Ctrl/⌘ ; in the reply box; arrows and Enter choose)' },
  { keys: ['e'], label: 'Mark done and move on' },
  { keys: ['u'], label: 'Toggle unread' },
  { keys: ['h'], label: 'Snooze (later today, tomorrow, next week)' },
  { keys: ['x'], label: 'Select for a bulk action' },
  { keys: ['Shift A'], label: 'Select everything in this view (then e, u or h for all of it)' },
  { keys: ['m'], label: 'Show comments, messages or both (Comments / Messages / Everything)' },
  { keys: ['/'], label: 'Search' },
  ...GOTO_PLACES.map((place) => ({ keys: [`g ${place.key}`], label: `Go to ${place.label}` })),
  { keys: ['1 … 9'], label: 'Switch client' },
  { keys: ['z'], label: 'Undo the last send (inside its undo window) or triage action' },
  { keys: ['Ctrl/⌘ K'], label: 'Command palette' },
  { keys: ['Ctrl/⌘ ,'], label: 'Settings: accounts, keys, webhooks' },
  { keys: ['?'], label: 'This help' },
];

export function resolveKey(input: KeyInput, state: KeyState): KeyResult {
  const mod = input.ctrlKey || input.metaKey;
  if (mod && !input.altKey && (input.key === 'k' || input.key === 'K')) return { action: { type: 'palette' }, state: IDLE };
  if (mod && input.key === 'Enter') return { action: { type: 'send' }, state: IDLE };
  if (mod && !input.altKey && input.key === ';') return { action: { type: 'savedReply' }, state: IDLE };
  if (input.key === 'Escape') return { action: { type: 'back' }, state: IDLE };
  // Typing is typing: nothing else fires in a text field.
  if (input.typing || mod || input.altKey) return { action: null, state: IDLE };

  if (state.pendingG) {
    const view = Object.hasOwn(GOTO_KEYS, input.key) ? GOTO_KEYS[input.key] : undefined;
    return { action: view === undefined ? null : { type: 'goto', view }, state: IDLE };
  }
  switch (input.key) {
    case 'j':
    case 'ArrowDown':
      return { action: { type: 'next' }, state: IDLE };
    case 'k':
    case 'ArrowUp':
      return { action: { type: 'previous' }, state: IDLE };
    case 'Enter':
    case 'o':
      return { action: { type: 'open' }, state: IDLE };
    case 'r':
      return { action: { type: 'reply' }, state: IDLE };
    case 'e':
      return { action: { type: 'done' }, state: IDLE };
    case 'u':
      return { action: { type: 'toggleUnread' }, state: IDLE };
    case 'h':
      return { action: { type: 'snooze' }, state: IDLE };
    case 'x':
      return { action: { type: 'select' }, state: IDLE };
    case 'A':
      return { action: { type: 'selectAll' }, state: IDLE };
    case 'm':
      return { action: { type: 'kind' }, state: IDLE };
    case '/':
      return { action: { type: 'search' }, state: IDLE };
    case 'z':
      return { action: { type: 'undo' }, state: IDLE };
    case '?':
      return { action: { type: 'help' }, state: IDLE };
    case ';':
      return { action: { type: 'savedReply' }, state: IDLE };
    case 'g':
      return { action: null, state: { pendingG: true } };
    default:
      if (/^[1-9]$/.test(input.key)) return { action: { type: 'client', index: Number(input.key) - 1 }, state: IDLE };
      return { action: null, state: IDLE };
  }
}

/** Whether an element is a place where keys are text. */
export function isTypingTarget(element: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (element.type ?? 'text').toLowerCase();
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}
