// A command is the only way to act (issue 29, item 3; decision 0074): a button is a command drawn
// (its words, its key, when it can be pressed, what it does), a key on screen is read from its
// command, and one list of places feeds the `g` keys, the palette, the help, the sidebar, the
// toolbar's title and the empty lists.
import { describe, expect, it } from 'vitest';
import type { CommandActions } from '../../../src/renderer/commands/commandActions.ts';
import { commandKey, commandKeyAt, commandTooltip, placeKey, placeTooltip, withKey } from '../../../src/renderer/commands/commandKeys.ts';
import { paletteEntries } from '../../../src/renderer/commands/defineCommand.ts';
import { GOTO_PLACES, PLACES, placeOfList } from '../../../src/renderer/commands/places.ts';
import { appCommands } from '../../../src/renderer/commands/registry.ts';
import type { ListView } from '../../../src/renderer/logic/listFilter.ts';
import { SHORTCUTS, TEAM_SHORTCUTS } from '../../../src/renderer/logic/keymap.ts';

/** Actions that record what was asked of them: a button's run is then checked against its key's. */
function recorder(): { actions: CommandActions; calls: string[] } {
  const calls: string[] = [];
  const actions = new Proxy({} as CommandActions, {
    get:
      (_target, name: string) =>
      (...args: unknown[]) => {
        calls.push(args.length > 0 ? `${name}(${args.map((arg) => JSON.stringify(arg)).join(',')})` : name);
        return name === 'clients' ? [] : undefined;
      },
  });
  return { actions, calls };
}

function runCommand(id: string, args: object = {}): string[] {
  const command = appCommands.byId(id);
  if (!command?.run) throw new Error(`"${id}" runs nothing`);
  const { actions, calls } = recorder();
  command.run(args, actions);
  return calls;
}

describe('buttons are commands', () => {
  it('the toolbar buttons declare their words, key, condition and action, and run what their key runs', () => {
    const toolbar = { done: 'Done', toggleUnread: 'Read / unread', snooze: 'Snooze', selectAll: 'Select all', undo: 'Undo' };
    for (const [id, words] of Object.entries(toolbar)) {
      const command = appCommands.byId(id);
      expect(command?.button).toBe(words);
      expect(command?.enabled).not.toBeNull();
      const first = command?.bindings[0];
      if (first === undefined) throw new Error(`"${id}" has no key`);
      // The key's command and the button's are one: the same action runs.
      expect(appCommands.byKey(first.key)?.command).toBe(command);
    }
    // "Read / unread" runs what `u` runs (it used to call a second function, toggleCurrentRead).
    expect(runCommand('toggleUnread')).toEqual(['toggleUnread']);
    expect(appCommands.byKey('u')?.command.id).toBe('toggleUnread');
    expect(runCommand('markRead')).toEqual(['setRead(false)']);
    expect(runCommand('markUnread')).toEqual(['setRead(true)']);
  });

  it('Send is a command that runs: Ctrl/⌘ Enter submits the form being written, in one place', () => {
    expect(runCommand('send')).toEqual(['submitFocusedForm']);
    expect(appCommands.byKey('Mod+Enter')?.command.id).toBe('send');
  });

  it('writes each key from its command, as the help does', () => {
    expect(commandKey('done')).toBe('e');
    expect(commandKey('selectAll')).toBe('Shift A');
    expect(commandKey('send')).toBe('Ctrl/⌘ Enter');
    expect(commandKey('clearSelection')).toBeNull();
    expect(withKey('Mark done and move on', 'done')).toBe('Mark done and move on (e)');
    expect(withKey('Clear the selection', 'clearSelection')).toBe('Clear the selection');
    expect(commandTooltip('help')).toBe('Keyboard shortcuts (?)');
    expect(commandKeyAt('client', 2)).toBe('3');
    expect(commandKeyAt('client', 9)).toBeNull();
    expect(() => commandKey('no-such-command')).toThrow(/No command is called "no-such-command"/);
    // Every key a tooltip or hint shows is one the help lists.
    const listed = TEAM_SHORTCUTS.flatMap((row) => row.keys);
    for (const id of ['done', 'toggleUnread', 'snooze', 'selectAll', 'undo', 'send', 'back', 'select', 'help', 'palette', 'addNote', 'assign'])
      expect(listed).toContain(commandKey(id));
  });
});

describe('one list of places', () => {
  it('names every list the app shows, once', () => {
    const lists: ListView[] = ['needsReply', 'closingSoon', 'all', 'done', 'snoozed', 'outbox', 'hidden', 'assignedToMe'];
    for (const list of lists) expect(placeOfList(list)?.title).toBeTruthy();
    expect(new Set(PLACES.map((place) => place.view)).size).toBe(PLACES.length);
    expect(placeOfList('needsReply')?.view).toBe('inbox');
  });

  it('gives every place in the sidebar keys that go there, written the way the help writes them', () => {
    const help = TEAM_SHORTCUTS.flatMap((row) => row.keys);
    for (const place of PLACES.filter((candidate) => candidate.sidebar)) {
      const key = placeKey(place);
      expect(key, place.view).not.toBeNull();
      expect(help).toContain(key);
      expect(placeTooltip(place)).toContain(`(${key ?? ''})`);
    }
    // The team's place is only in the team's help.
    expect(SHORTCUTS.flatMap((row) => row.keys)).not.toContain(placeKey(PLACES.find((place) => place.view === 'assignedToMe') ?? PLACES[0]!));
  });

  it('feeds the g keys and the palette from the same list', () => {
    const { actions, calls } = recorder();
    const entries = paletteEntries(appCommands, actions);
    for (const place of GOTO_PLACES) {
      expect(appCommands.byKey(`g ${place.key}`)?.args).toEqual({ view: place.view });
      const entry = entries.find((candidate) => candidate.id === `goto-${place.view}`);
      expect(entry?.label).toBe(`Go to ${place.label}`);
      entry?.run();
      expect(calls.at(-1)).toBe(`gotoView(${JSON.stringify(place.view)})`);
    }
  });

  it('says what an empty list holds, and names a key only through a command', () => {
    expect(placeOfList('needsReply')?.empty?.text('comments')).toBe('Inbox zero: nothing needs a reply.');
    expect(placeOfList('all')?.empty?.text('messages')).toBe('No messages yet.');
    for (const place of PLACES) {
      const press = place.empty?.press;
      if (press !== undefined) expect(commandKey(press.command)).not.toBeNull();
      expect(place.empty?.text('items') ?? '').not.toMatch(/Press/);
    }
  });
});
