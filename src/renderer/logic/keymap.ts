// The keyboard map: one key press (plus the pending `g` prefix) to one command of the registry
// (commands/registry.ts), with the arguments its key passes. Pure over the registry, so it is tested
// without a DOM; useKeyboard feeds it and runs the command.
import type { CommandContext, CommandRegistry } from '../commands/defineCommand.ts';
import { helpRows } from '../commands/defineCommand.ts';
import { appCommands } from '../commands/registry.ts';

export { GOTO_PLACES, type GotoView } from '../commands/places.ts';

/** A command to run: its id, and what its key passes (`g i`: `{type: 'goto', view: 'inbox'}`). */
export interface KeyAction {
  type: string;
  [arg: string]: unknown;
}

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The focus is in a text field (input, textarea, contenteditable). */
  typing: boolean;
  /** The focus is in the reply box. */
  inComposer?: boolean;
  /** The focus is on a button, link or select, or in a dialog. */
  onControl?: boolean;
  /** The dialog on top, if any. */
  overlay?: string | null;
  /** This device is in a team workspace. */
  team?: boolean;
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

/** Every shortcut, as the `?` overlay lists them: the registry's help lines. */
export const SHORTCUTS = helpRows(appCommands);
/** The same in a team workspace: with the team's own (assign, note, Assigned to me). */
export const TEAM_SHORTCUTS = helpRows(appCommands, true);

/** The key as the registry writes it: `Mod+k` for Ctrl or ⌘ with k; Esc whatever is held; null with Alt. */
function chordOf(input: KeyInput): string | null {
  if (input.key === 'Escape') return 'Escape';
  if (input.altKey) return null;
  return input.ctrlKey || input.metaKey ? `Mod+${input.key}` : input.key;
}

export function resolveKey(input: KeyInput, state: KeyState, registry: CommandRegistry = appCommands): KeyResult {
  const context: CommandContext = {
    typing: input.typing,
    inComposer: input.inComposer ?? false,
    onControl: input.onControl ?? false,
    overlay: input.overlay ?? null,
    team: input.team ?? false,
  };
  const chord = chordOf(input);
  if (chord === null) return { action: null, state: IDLE };
  const plain = chord === input.key && chord !== 'Escape';
  // The second key of `g x`; a modified key or Esc is itself, not the sequence's.
  const bound = state.pendingG && plain ? registry.byKey(`g ${chord}`) : registry.byKey(chord);
  if (state.pendingG && plain) return { action: bound?.command.when(context) ? { ...bound.args, type: bound.command.id } : null, state: IDLE };
  // Typing is typing: no sequence starts in a text field.
  if (plain && !input.typing && registry.isPrefix(chord)) return { action: null, state: { pendingG: true } };
  if (!bound?.command.when(context)) return { action: null, state: IDLE };
  return { action: { ...bound.args, type: bound.command.id }, state: IDLE };
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
