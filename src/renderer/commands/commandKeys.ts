// A command's key as the screen writes it, read from the registry: a button's tooltip, a place's
// tooltip, the keys an empty list or a hint names. No component types a key (the lint rule of
// decision 0074): it asks here, so a key changed in its command changes everywhere it is shown.
import { keyLabel } from './defineCommand.ts';
import type { Place } from './places.ts';
import { appCommands } from './registry.ts';

/** The first key of this command, as shown ("Shift A", "Ctrl/⌘ Enter"), or null when it has none. */
export function commandKey(id: string): string | null {
  const command = appCommands.byId(id);
  if (command === undefined) throw new Error(`No command is called "${id}"`);
  const first = command.bindings[0];
  return first === undefined ? null : keyLabel(first.key);
}

/** The words, then a key in brackets when there is one. */
export function textWithKey(text: string, key: string | null): string {
  return key === null ? text : `${text} (${key})`;
}

/** The words, then the command's key in brackets when it has one: "Mark done and move on (e)". */
export function withKey(text: string, id: string): string {
  return textWithKey(text, commandKey(id));
}

/** The keys that go to this place: `g` and its letter, or its own command's. */
export function placeKey(place: Place): string | null {
  if (place.key !== undefined) return `g ${place.key}`;
  return place.command === undefined ? null : commandKey(place.command);
}

/** A place's tooltip: what it holds (or its name) and the keys that go there. */
export function placeTooltip(place: Place): string {
  return textWithKey(place.description ?? place.title, placeKey(place));
}

/** The key of one of a family's bindings (the third client's "3"), or null past its last. */
export function commandKeyAt(id: string, index: number): string | null {
  const binding = appCommands.byId(id)?.bindings[index];
  return binding === undefined ? null : keyLabel(binding.key);
}

/** A command's own tooltip and key: "Keyboard shortcuts (?)". */
export function commandTooltip(id: string): string {
  const command = appCommands.byId(id);
  if (command === undefined) throw new Error(`No command is called "${id}"`);
  return withKey(command.tooltip, id);
}
