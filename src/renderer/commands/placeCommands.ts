// Going places: `g` and a letter to a view, 1 to 9 to a client; the palette names each.
import { defineCommand } from './defineCommand.ts';
import { GOTO_PLACES, type GotoView } from './places.ts';

export const goTo = defineCommand<{ view: GotoView }>({
  id: 'goto',
  label: 'Go to a place',
  paletteFirst: true,
  keys: GOTO_PLACES.map((place) => ({ key: `g ${place.key}`, args: { view: place.view } })),
  palette: (actions) =>
    GOTO_PLACES.map((place) => ({ id: `goto-${place.view}`, label: `Go to ${place.label}`, hint: `g ${place.key}`, run: () => actions.gotoView(place.view) })),
  help: GOTO_PLACES.map((place) => ({ keys: [`g ${place.key}`], label: `Go to ${place.label}` })),
  run: ({ view }, actions) => actions.gotoView(view),
});

const CLIENT_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const client = defineCommand<{ index: number }>({
  id: 'client',
  label: 'Switch client',
  paletteFirst: true,
  keys: CLIENT_KEYS.map((key, index) => ({ key, args: { index } })),
  palette: (actions) => [
    { id: 'all-clients', label: 'Show all clients', run: () => actions.showAllClients() },
    ...actions.clients().map((profile, index) => ({
      id: `client-${profile.profileId}`,
      label: `Show ${profile.title}`,
      ...(index < CLIENT_KEYS.length ? { hint: CLIENT_KEYS[index] } : {}),
      run: () => actions.showClient(index),
    })),
  ],
  help: [{ keys: ['1 … 9'], label: 'Switch client' }],
  run: ({ index }, actions) => actions.switchClient(index),
});
