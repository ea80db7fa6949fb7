// The team's commands (issue 22): only in a team workspace (`team: true`), where `a` assigns the
// current item (or those picked), `n` writes its note, and `g m` goes to what is assigned to you;
// and Settings → Team → Live updates turned on or off (decision 0083), buttons and palette lines.
import { defineCommand } from './defineCommand.ts';

export const assign = defineCommand({
  id: 'assign',
  label: 'Assign to…',
  help: 'Assign to a member of the team (or to nobody)',
  keys: ['a'],
  team: true,
  run: (_args, actions) => actions.assign(),
});

export const unassign = defineCommand({ id: 'unassign', label: 'Unassign', team: true, run: (_args, actions) => actions.unassign() });

export const addNote = defineCommand({
  id: 'addNote',
  label: 'Add a note for the team',
  keys: ['n'],
  team: true,
  run: (_args, actions) => actions.addNote(),
});

export const gotoAssigned = defineCommand({
  id: 'gotoAssigned',
  label: 'Go to Assigned to me',
  keys: ['g m'],
  team: true,
  run: (_args, actions) => actions.gotoView('assignedToMe'),
});

export const liveUpdatesOn = defineCommand({
  id: 'liveUpdatesOn',
  label: 'Get new comments and messages as they come (live updates)',
  button: 'Turn on live updates',
  tooltip: 'Register your team server’s event address with the service for every client',
  team: true,
  run: (_args, actions) => actions.turnLiveUpdates(true),
});

export const liveUpdatesOff = defineCommand({
  id: 'liveUpdatesOff',
  label: 'Stop live updates (the app keeps checking on its own)',
  button: 'Turn off live updates',
  tooltip: 'Unregister your team server’s event address for every client',
  team: true,
  run: (_args, actions) => actions.turnLiveUpdates(false),
});
