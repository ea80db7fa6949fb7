// Ctrl/Cmd+K: every action and place by name, as the command registry lists them.
import { KeyCap } from './CommandKey.tsx';
import { useMemo, useState } from 'react';
import { appActions } from '../actions.ts';
import { PALETTE_CONTEXT, paletteEntries, type PaletteEntry } from '../commands/defineCommand.ts';
import { appCommands } from '../commands/registry.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useTeamStore } from '../stores/teamStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { Dialog } from './Dialog.tsx';
import { paletteMatches } from '../logic/paletteMatch.ts';

export function CommandPalette() {
  // The client entries are the profiles': a new one loaded lists it.
  const profiles = useProfilesStore((state) => state.profiles);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const currentOverlay = useUiStore((state) => state.currentOverlay);
  const focusList = useUiStore((state) => state.focusList);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const team = useTeamStore((state) => state.joined);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the entries read the profiles through the registry; a new list is the cue to ask again
  const commands = useMemo(() => paletteEntries(appCommands, appActions, { ...PALETTE_CONTEXT, team }), [profiles, team]);

  const matches = paletteMatches(commands, query);
  const current = Math.min(active, Math.max(0, matches.length - 1));

  function run(command: PaletteEntry | undefined) {
    if (!command) return;
    setOverlay(null);
    command.run();
    // Back to the list, unless the command opened a dialog of its own or went to the search field.
    if (currentOverlay() === null && command.id !== 'search') focusList();
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
            {command.hint && <KeyCap label={command.hint} />}
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
