// Ctrl/Cmd+K: every action and place by name.
import { useMemo, useState } from 'react';
import { gotoView, markDone, snooze, switchClient, toggleUnread } from '../actions.ts';
import { KIND_CHOICES } from '../logic/itemKinds.ts';
import { GOTO_PLACES } from '../logic/keymap.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { useTriageStore } from '../stores/triageStore.ts';
import { undoLast } from '../stores/undoLast.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { Dialog } from './Dialog.tsx';

interface Command {
  id: string;
  label: string;
  hint?: string;
  run(): void;
}

export function CommandPalette() {
  const profiles = useProfilesStore((state) => state.profiles);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const commands = useMemo<Command[]>(() => {
    const ui = useUiStore.getState();
    const inbox = useInboxStore.getState();
    return [
      // The places, from the keymap's own list (the same keys `?` lists).
      ...GOTO_PLACES.map((place) => ({ id: `goto-${place.view}`, label: `Go to ${place.label}`, hint: `g ${place.key}`, run: () => gotoView(place.view) })),
      ...KIND_CHOICES.map((choice) => ({
        id: `kind-${choice.kind ?? 'everything'}`,
        label: `Show ${choice.title.toLowerCase()} (${choice.label})`,
        hint: 'm',
        run: () => inbox.setFilter({ kind: choice.kind }),
      })),
      { id: 'all-clients', label: 'Show all clients', run: () => inbox.setFilter({ profileId: null }) },
      ...profiles.map((profile, index) => ({
        id: `client-${profile.profileId}`,
        label: `Show ${profile.title}`,
        ...(index < 9 ? { hint: String(index + 1) } : {}),
        run: () => {
          if (useInboxStore.getState().filter.profileId !== profile.profileId) switchClient(index);
        },
      })),
      { id: 'select-all', label: 'Select everything in this view', hint: 'Shift A', run: () => void useTriageStore.getState().selectView() },
      { id: 'done', label: 'Mark done', hint: 'e', run: markDone },
      { id: 'unread', label: 'Toggle unread', hint: 'u', run: toggleUnread },
      { id: 'snooze', label: 'Snooze…', hint: 'h', run: snooze },
      { id: 'undo', label: 'Undo the last send or triage action', hint: 'z', run: () => void undoLast() },
      { id: 'search', label: 'Search', hint: '/', run: () => ui.focusSearch() },
      { id: 'group', label: 'Group by post on / off', run: () => inbox.setGrouped(!useInboxStore.getState().grouped) },
      { id: 'unread-only', label: 'Unread only on / off', run: () => inbox.setFilter({ unreadOnly: !useInboxStore.getState().filter.unreadOnly }) },
      { id: 'theme-system', label: 'Theme: follow the system', run: () => void useSettingsStore.getState().setTheme('system') },
      { id: 'theme-light', label: 'Theme: light', run: () => void useSettingsStore.getState().setTheme('light') },
      { id: 'theme-dark', label: 'Theme: dark', run: () => void useSettingsStore.getState().setTheme('dark') },
      { id: 'connect', label: 'Connect your account', run: () => ui.setOverlay('connect') },
      { id: 'saved-replies', label: 'Edit saved replies', run: () => ui.setOverlay('savedReplies') },
      { id: 'help', label: 'Keyboard shortcuts', hint: '?', run: () => ui.setOverlay('help') },
    ];
  }, [profiles]);

  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = commands.filter((command) => words.every((word) => command.label.toLowerCase().includes(word)));
  const current = Math.min(active, Math.max(0, matches.length - 1));

  function run(command: Command | undefined) {
    if (!command) return;
    const ui = useUiStore.getState();
    ui.setOverlay(null);
    command.run();
    if (useUiStore.getState().overlay === null && command.id !== 'search') ui.focusList();
  }

  return (
    <Dialog title="Command palette" className="palette">
      <input
        className="palette-input"
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        aria-activedescendant={matches.length > 0 ? `palette-${current}` : undefined}
        aria-label="Command"
        placeholder="Type a command…"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive(Math.min(current + 1, matches.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(Math.max(current - 1, 0));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            run(matches[current]);
          }
        }}
      />
      <ul id="palette-list" className="palette-list" role="listbox" aria-label="Commands">
        {matches.map((command, index) => (
          <li
            key={command.id}
            id={`palette-${index}`}
            role="option"
            aria-selected={index === current}
            className={index === current ? 'is-current' : ''}
            onMouseEnter={() => setActive(index)}
            onClick={() => run(command)}
          >
            <span>{command.label}</span>
            {command.hint && <kbd>{command.hint}</kbd>}
          </li>
        ))}
        {matches.length === 0 && (
          <li className="muted palette-none" role="option" aria-selected="false" aria-disabled="true">
            No command matches
          </li>
        )}
      </ul>
    </Dialog>
  );
}
