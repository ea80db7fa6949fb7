// The one place a key is drawn (decision 0074; the lint rule in eslint.config.js allows `<kbd>` here
// only): a command's key, read from the registry, or a key a list of data carries (a help row, a
// palette hint, a menu's number). A key typed into a component would drift from the command's.
import { commandKey } from '../commands/commandKeys.ts';

/** A key as shown: "e", "Shift A", "Ctrl/⌘ Enter". */
export function KeyCap({ label, hidden = false }: { label: string; hidden?: boolean }) {
  return <kbd aria-hidden={hidden ? 'true' : undefined}>{label}</kbd>;
}

/** The first key of this command; nothing when it has none. */
export function CommandKey({ command }: { command: string }) {
  const key = commandKey(command);
  return key === null ? null : <KeyCap label={key} />;
}
