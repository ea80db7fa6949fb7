// The command registry (issue 21, item 3): one declaration gives a command its keys, its palette
// entry and its help line; the registry refuses a second command with the same id or key.
import { describe, expect, it } from 'vitest';
import type { CommandActions } from '../../../src/renderer/commands/commandActions.ts';
import { createRegistry, defineCommand, helpRows, keyLabel, paletteEntries, PALETTE_CONTEXT } from '../../../src/renderer/commands/defineCommand.ts';
import { appCommands } from '../../../src/renderer/commands/registry.ts';
import { IDLE, resolveKey, SHORTCUTS, TEAM_SHORTCUTS, type KeyInput } from '../../../src/renderer/logic/keymap.ts';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, typing: false, ...extra });

// The commands below do their work without the actions they are handed; the palette passes them on.
const noActions = {} as CommandActions;

function sample(ran: string[]) {
  return createRegistry([
    defineCommand({ id: 'archive', label: 'Archive it', keys: ['a'], run: () => ran.push('archive') }),
    defineCommand({ id: 'peek', label: 'Peek', keys: ['p'], palette: false, run: () => ran.push('peek') }),
    defineCommand({
      id: 'later',
      label: 'Later',
      help: 'Put it off until later',
      keys: ['l', 'Mod+l'],
      when: (context) => context.overlay === null,
      run: () => ran.push('later'),
    }),
    defineCommand({ id: 'quiet', label: 'Only in a dialog', keys: ['q'], when: (context) => context.overlay !== null, run: () => ran.push('quiet') }),
    defineCommand<{ place: string }>({
      id: 'go',
      label: 'Go',
      keys: [
        { key: 'g x', args: { place: 'x' } },
        { key: 'g y', args: { place: 'y' } },
      ],
      help: false,
      run: ({ place }) => ran.push(`go ${place}`),
    }),
    defineCommand({ id: 'secret', label: 'Secret', help: false, run: () => ran.push('secret') }),
    defineCommand({ id: 'home', label: 'Go home', paletteFirst: true, palette: false, run: () => ran.push('home') }),
    defineCommand({ id: 'inbox', label: 'Go to the inbox', paletteFirst: true, keys: ['i'], run: () => ran.push('inbox') }),
  ]);
}

describe('the command registry', () => {
  it('refuses a second command with the same id', () => {
    const one = defineCommand({ id: 'done', label: 'Mark done', keys: ['e'], run: null });
    const two = defineCommand({ id: 'done', label: 'Done again', keys: ['d'], run: null });
    expect(() => createRegistry([one, two])).toThrow('Two commands are called "done"');
  });

  it('refuses a key another command has, and a key that starts a sequence', () => {
    const one = defineCommand({ id: 'done', label: 'Mark done', keys: ['e'], run: null });
    const two = defineCommand({ id: 'edit', label: 'Edit', keys: ['e'], run: null });
    expect(() => createRegistry([one, two])).toThrow('The key "e" is taken by "done", so "edit" cannot have it');
    const go = defineCommand({ id: 'go', label: 'Go', keys: ['g i'], run: null });
    const grab = defineCommand({ id: 'grab', label: 'Grab', keys: ['g'], run: null });
    expect(() => createRegistry([grab, go])).toThrow('The key "g" starts sequences');
    const other = defineCommand({ id: 'other', label: 'Other', keys: ['q i'], run: null });
    expect(() => createRegistry([other])).toThrow('a key sequence starts with g');
  });

  it('lists in the palette what the palette lists and `when` allows, with its first key as the hint', () => {
    const ran: string[] = [];
    const entries = paletteEntries(sample(ran), noActions);
    expect(entries.map((entry) => [entry.label, entry.hint])).toEqual([
      // paletteFirst puts the places on top (Go home is not in the palette at all).
      ['Go to the inbox', 'i'],
      ['Archive it', 'a'],
      ['Later', 'l'],
      ['Go', 'g x'],
      ['Secret', undefined],
    ]);
    // palette: false (Peek) is not there; `when` hides Quiet, which needs a dialog.
    expect(entries.map((entry) => entry.id)).not.toContain('peek');
    expect(entries.map((entry) => entry.id)).not.toContain('quiet');
    // Under a dialog only Quiet is available (the others are for the list).
    expect(paletteEntries(sample(ran), noActions, { ...PALETTE_CONTEXT, overlay: 'help' }).map((entry) => entry.id)).toEqual(['quiet']);
    entries.find((entry) => entry.id === 'go')?.run();
    entries.find((entry) => entry.id === 'archive')?.run();
    expect(ran).toEqual(['go x', 'archive']);
  });

  it('writes the help from the same declarations: its words, its keys as shown, nothing with help: false', () => {
    expect(helpRows(sample([]))).toEqual([
      { keys: ['a'], label: 'Archive it' },
      { keys: ['p'], label: 'Peek' },
      { keys: ['l', 'Ctrl/⌘ L'], label: 'Put it off until later' },
      { keys: ['q'], label: 'Only in a dialog' },
      { keys: ['i'], label: 'Go to the inbox' },
    ]);
    expect(keyLabel('Escape')).toBe('Esc');
    expect(keyLabel('A')).toBe('Shift A');
    expect(keyLabel('Mod+Enter')).toBe('Ctrl/⌘ Enter');
  });

  it('resolves keys through the registry: a key, a sequence, `when` deciding', () => {
    const registry = sample([]);
    expect(resolveKey(key('a'), IDLE, registry).action).toEqual({ type: 'archive' });
    expect(resolveKey(key('l', { ctrlKey: true }), IDLE, registry).action).toEqual({ type: 'later' });
    expect(resolveKey(key('l', { overlay: 'palette' }), IDLE, registry).action).toBeNull();
    expect(resolveKey(key('q'), IDLE, registry).action).toBeNull();
    expect(resolveKey(key('q', { overlay: 'help' }), IDLE, registry).action).toEqual({ type: 'quiet' });
    const pending = resolveKey(key('g'), IDLE, registry);
    expect(pending).toEqual({ action: null, state: { pendingG: true } });
    expect(resolveKey(key('y'), pending.state, registry).action).toEqual({ type: 'go', place: 'y' });
    expect(resolveKey(key('a'), pending.state, registry)).toEqual({ action: null, state: IDLE });
  });
});

describe("the app's commands", () => {
  it('list in the help every key they bind (arrows aside), and the palette hints among them', () => {
    const listed = SHORTCUTS.flatMap((row) => row.keys);
    // A team's commands are listed in a team's help (issue 22): they do nothing elsewhere.
    const listedInTeam = TEAM_SHORTCUTS.flatMap((row) => row.keys);
    const unlisted: string[] = [];
    for (const command of appCommands.commands) {
      if (command.help === false) continue;
      for (const binding of command.bindings) {
        const shown = keyLabel(binding.key);
        if (!(command.team ? listedInTeam : listed).includes(shown) && !/^Arrow|^[1-9]$/.test(binding.key)) unlisted.push(`${command.id}: ${shown}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('keep Ctrl/⌘ , for Settings, in a text field and under a dialog too', () => {
    expect(resolveKey(key(',', { ctrlKey: true, typing: true }), IDLE).action).toEqual({ type: 'settings' });
    expect(resolveKey(key(',', { metaKey: true, overlay: 'settings' }), IDLE).action).toEqual({ type: 'settings' });
    expect(resolveKey(key(',', { ctrlKey: true, altKey: true }), IDLE).action).toBeNull();
  });

  it('open the saved replies with ; in the list, and with Ctrl/⌘ ; only in the reply box while typing', () => {
    expect(resolveKey(key(';'), IDLE).action).toEqual({ type: 'savedReply' });
    expect(resolveKey(key(';', { ctrlKey: true, typing: true }), IDLE).action).toBeNull();
    expect(resolveKey(key(';', { ctrlKey: true, typing: true, inComposer: true }), IDLE).action).toEqual({ type: 'savedReply' });
  });

  it('let only Esc, the palette, the help and Settings through a dialog; Enter on a control is the control’s', () => {
    for (const k of ['j', 'e', 'x', 'A', 'z', '1']) expect(resolveKey(key(k, { overlay: 'help' }), IDLE).action, k).toBeNull();
    expect(resolveKey(key('Escape', { overlay: 'help' }), IDLE).action).toEqual({ type: 'back' });
    expect(resolveKey(key('?', { overlay: 'help' }), IDLE).action).toEqual({ type: 'help' });
    expect(resolveKey(key('k', { ctrlKey: true, overlay: 'help' }), IDLE).action).toEqual({ type: 'palette' });
    expect(resolveKey(key('Enter', { onControl: true }), IDLE).action).toBeNull();
    expect(resolveKey(key('Enter'), IDLE).action).toEqual({ type: 'open' });
  });
});

describe('the team’s commands (issue 22)', () => {
  const teamIds = ['assign', 'unassign', 'addNote', 'gotoAssigned'];
  const stub = new Proxy({}, { get: () => () => [] }) as CommandActions;

  it('do nothing outside a team, and run in one', () => {
    expect(resolveKey(key('a'), IDLE).action).toBeNull();
    expect(resolveKey(key('n'), IDLE).action).toBeNull();
    expect(resolveKey(key('a', { team: true }), IDLE).action).toEqual({ type: 'assign' });
    expect(resolveKey(key('n', { team: true }), IDLE).action).toEqual({ type: 'addNote' });
    expect(resolveKey(key('m', { team: true }), resolveKey(key('g', { team: true }), IDLE).state).action).toEqual({ type: 'gotoAssigned' });
    // While typing (a note) the letters are the field's.
    expect(resolveKey(key('a', { team: true, typing: true }), IDLE).action).toBeNull();
  });

  it('are left out of the palette and the help outside a team', () => {
    const solo = paletteEntries(appCommands, stub).map((entry) => entry.id);
    const team = paletteEntries(appCommands, stub, { ...PALETTE_CONTEXT, team: true }).map((entry) => entry.id);
    expect(solo.filter((id) => teamIds.includes(id))).toEqual([]);
    expect(team.filter((id) => teamIds.includes(id))).toEqual(teamIds);
    expect(SHORTCUTS.some((row) => row.label.startsWith('Assign'))).toBe(false);
    expect(TEAM_SHORTCUTS.filter((row) => /Assign|note/.test(row.label)).map((row) => row.keys)).toEqual([['a'], ['n'], ['g m']]);
  });
});
