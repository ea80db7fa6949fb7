// The screen's own commands: the palette, the help, Settings, the theme, and the dialogs the
// palette reaches by name (connecting an account, the saved replies).
import { defineCommand } from './defineCommand.ts';

export const palette = defineCommand({
  id: 'palette',
  label: 'Command palette',
  keys: ['Mod+k', 'Mod+K'],
  palette: false,
  when: () => true,
  run: (_args, actions) => actions.toggleOverlay('palette'),
});

export const settings = defineCommand({
  id: 'settings',
  label: 'Settings: accounts, keys, webhooks',
  // The desktop convention; it works in a text field too, since a modifier is held.
  keys: ['Mod+,'],
  palette: false,
  when: () => true,
  run: (_args, actions) => actions.toggleOverlay('settings'),
});

export const help = defineCommand({
  id: 'help',
  label: 'Keyboard shortcuts',
  help: 'This help',
  keys: ['?'],
  when: (context) => !context.typing,
  run: (_args, actions) => actions.toggleOverlay('help'),
});

const THEMES = [
  { theme: 'system', label: 'Theme: follow the system' },
  { theme: 'light', label: 'Theme: light' },
  { theme: 'dark', label: 'Theme: dark' },
] as const;

export const theme = defineCommand({
  id: 'theme',
  label: 'Theme',
  help: false,
  palette: (actions) => THEMES.map(({ theme, label }) => ({ id: `theme-${theme}`, label, run: () => actions.setTheme(theme) })),
  run: null,
});

export const connect = defineCommand({ id: 'connect', label: 'Connect your account', run: (_args, actions) => actions.openOverlay('connect') });

export const savedReplies = defineCommand({ id: 'saved-replies', label: 'Edit saved replies', run: (_args, actions) => actions.openOverlay('savedReplies') });
