// One declaration per action of the screen: its words, its keys, whether the palette and the `?`
// help list it, when it is available, and what it does. The keymap, the palette and the help all
// read a registry of these, so an action is written once (VS Code's registerAction2 is the model).
// Pure: no store, no DOM, so the rules below are tested without a window; what a command does goes
// through the actions it is handed (commandActions.ts).
import type { CommandActions } from './commandActions.ts';

/** Where the keys were pressed, and what is open: `when` decides availability from it. */
export interface CommandContext {
  /** The focus is in a text field (input, textarea, contenteditable). */
  typing: boolean;
  /** The focus is in the reply box (its own Ctrl/⌘ ; opens the saved replies). */
  inComposer: boolean;
  /** The focus is on a button, link or select, or inside a dialog: Enter is that control's. */
  onControl: boolean;
  /** A dialog on top of the screen (help, palette, settings…), or null. */
  overlay: string | null;
  /** This device is in a team workspace (the team's commands are there only then). */
  team?: boolean;
}

/** The palette asks with nothing focused and nothing on top: what the screen under it offers. */
export const PALETTE_CONTEXT: CommandContext = { typing: false, inComposer: false, onControl: false, overlay: null };

/** A key that runs a command, with what it passes (`g i` passes the Inbox, `3` the third client). */
export interface KeyBinding<Args> {
  /** `j`, `Enter`, `A` (Shift A arrives as a capital), `g i` (a sequence), `Mod+k` (Ctrl or ⌘). */
  key: string;
  args: Args;
}

/** One line of the palette. */
export interface PaletteEntry {
  id: string;
  label: string;
  /** The key that does the same, shown beside it. */
  hint?: string;
  run: () => void;
}

/** One line of the `?` help. */
export interface HelpRow {
  keys: readonly string[];
  label: string;
}

/**
 * When a button of the command can be pressed (its key simply does nothing otherwise): something
 * to act on (the items picked, the open item or the highlighted row), rows in the list, something
 * to undo. The renderer reads each from its stores (components/useCommandEnabled.ts).
 */
export type CommandCondition = 'target' | 'rows' | 'undo';

export interface CommandSpec<Args extends object = object> {
  /** Unique; also the `type` of the key action the keymap returns. */
  id: string;
  /** The words of its palette entry and (unless `help` says otherwise) of its help line. */
  label: string;
  /** Plain keys (`'e'`) pass no arguments; a binding passes its own. */
  keys?: readonly (string | KeyBinding<Args>)[];
  /** A button's words, when shorter than the label ("Done" for "Mark done"). */
  button?: string;
  /** A button's tooltip, before its key (default: the label). */
  tooltip?: string;
  /** When its button can be pressed (default: always). */
  enabled?: CommandCondition;
  /**
   * true (the default): one palette entry with the label and the first key as hint; false: not in
   * the palette; a function: the entries a family of places offers (every client, every view).
   */
  palette?: boolean | ((actions: CommandActions) => readonly PaletteEntry[]);
  /**
   * Listed at the top of the palette (the places): Enter on a palette just opened then goes
   * somewhere; it never changes an item.
   */
  paletteFirst?: boolean;
  /**
   * true (the default): one help line, the label and the keys; a string: that line's words instead
   * of the label; false: not listed; or the lines a family lists.
   */
  help?: boolean | string | readonly HelpRow[];
  /** Available here? Default: keys in the list, not while typing and not under a dialog. */
  when?: (context: CommandContext) => boolean;
  /** null: the key belongs to a component (Ctrl/⌘ Enter is the composer's), listed for help only. */
  run: ((args: Args, actions: CommandActions) => void) | null;
  /** Only in a team workspace: elsewhere its keys do nothing and the palette and help leave it out. */
  team?: boolean;
}

export interface Command {
  id: string;
  label: string;
  button: string;
  tooltip: string;
  enabled: CommandCondition | null;
  bindings: readonly KeyBinding<object>[];
  palette: boolean | ((actions: CommandActions) => readonly PaletteEntry[]);
  paletteFirst: boolean;
  help: boolean | string | readonly HelpRow[];
  when: (context: CommandContext) => boolean;
  run: ((args: object, actions: CommandActions) => void) | null;
  team: boolean;
}

/** Keys in the list: not in a text field, not under a dialog. */
export function inTheList(context: CommandContext): boolean {
  return !context.typing && context.overlay === null;
}

export function defineCommand<Args extends object = object>(spec: CommandSpec<Args>): Command {
  const bindings = (spec.keys ?? []).map((key) => (typeof key === 'string' ? { key, args: {} as Args } : key));
  const when = spec.when ?? inTheList;
  return {
    id: spec.id,
    label: spec.label,
    button: spec.button ?? spec.label,
    tooltip: spec.tooltip ?? spec.label,
    enabled: spec.enabled ?? null,
    bindings,
    palette: spec.palette ?? true,
    paletteFirst: spec.paletteFirst ?? false,
    help: spec.help ?? true,
    when: spec.team === true ? (context) => context.team === true && when(context) : when,
    // One command's run takes its own bindings' arguments: the registry only passes those back.
    run: spec.run as ((args: object, actions: CommandActions) => void) | null,
    team: spec.team === true,
  };
}

/** How a key is written on screen: `Mod+k` as "Ctrl/⌘ K", `A` as "Shift A", `Escape` as "Esc". */
export function keyLabel(key: string): string {
  if (key.startsWith('Mod+')) {
    const rest = key.slice(4);
    return `Ctrl/⌘ ${rest.length === 1 ? rest.toUpperCase() : rest}`;
  }
  if (key === 'Escape') return 'Esc';
  if (/^[A-Z]$/.test(key)) return `Shift ${key}`;
  return key;
}

export interface CommandRegistry {
  readonly commands: readonly Command[];
  byId: (id: string) => Command | undefined;
  /** The command and arguments a key (or a `g x` sequence) is bound to. */
  byKey: (key: string) => { command: Command; args: object } | undefined;
  /** Whether some binding starts with this key and goes on (`g` of `g i`). */
  isPrefix: (key: string) => boolean;
}

/** The one key that starts a sequence (`g i`: go to the inbox). */
export const SEQUENCE_PREFIX = 'g';

/** The registry of these commands; a second command with the same id or the same key is refused. */
export function createRegistry(commands: readonly Command[]): CommandRegistry {
  const ids = new Map<string, Command>();
  const keys = new Map<string, { command: Command; args: object }>();
  const prefixes = new Set<string>();
  for (const command of commands) {
    if (ids.has(command.id)) throw new Error(`Two commands are called "${command.id}"`);
    ids.set(command.id, command);
    for (const binding of command.bindings) {
      const taken = keys.get(binding.key);
      if (taken) throw new Error(`The key "${binding.key}" is taken by "${taken.command.id}", so "${command.id}" cannot have it`);
      keys.set(binding.key, { command, args: binding.args });
      const [first, second] = binding.key.split(' ');
      // The keymap waits after one prefix only, `g` (its state is "g pressed"): a sequence is `g x`.
      if (second !== undefined && first !== SEQUENCE_PREFIX)
        throw new Error(`"${command.id}": a key sequence starts with ${SEQUENCE_PREFIX}, not "${binding.key}"`);
      if (first !== undefined && second !== undefined) prefixes.add(first);
    }
  }
  for (const prefix of prefixes) {
    const clash = keys.get(prefix);
    if (clash) throw new Error(`The key "${prefix}" starts sequences, so "${clash.command.id}" cannot have it alone`);
  }
  return {
    commands,
    byId: (id) => ids.get(id),
    byKey: (key) => keys.get(key),
    isPrefix: (key) => prefixes.has(key),
  };
}

/** The palette's entries, in the registry's order (`paletteFirst` ones first): those the palette lists and `when` allows. */
export function paletteEntries(registry: CommandRegistry, actions: CommandActions, context: CommandContext = PALETTE_CONTEXT): PaletteEntry[] {
  const entries: PaletteEntry[] = [];
  const ordered = [...registry.commands.filter((command) => command.paletteFirst), ...registry.commands.filter((command) => !command.paletteFirst)];
  for (const command of ordered) {
    if (command.palette === false || !command.when(context)) continue;
    if (typeof command.palette === 'function') {
      entries.push(...command.palette(actions));
      continue;
    }
    const { run } = command;
    if (run === null) continue;
    const first = command.bindings[0];
    entries.push({ id: command.id, label: command.label, ...(first ? { hint: keyLabel(first.key) } : {}), run: () => run(first?.args ?? {}, actions) });
  }
  return entries;
}

/** The `?` help's lines, in the registry's order (a team's commands only in a team). */
export function helpRows(registry: CommandRegistry, team = false): HelpRow[] {
  const rows: HelpRow[] = [];
  for (const command of registry.commands) {
    if (command.help === false || (command.team && !team)) continue;
    if (typeof command.help !== 'object') {
      // Mod+k and Mod+K are one key on screen.
      const keys = [...new Set(command.bindings.map((binding) => keyLabel(binding.key)))];
      if (keys.length > 0) rows.push({ keys, label: command.help === true ? command.label : command.help });
      continue;
    }
    rows.push(...command.help);
  }
  return rows;
}
