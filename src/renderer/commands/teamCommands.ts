// The team's commands (issue 22): only in a team workspace (`team: true`), where `a` assigns the
// current item (or those picked), `n` writes its note, and `g m` goes to what is assigned to you.
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
