// The team's actions (issue 22), behind the commands (commands/teamCommands.ts) and the buttons:
// assign the target (the items picked, else the open item, else the highlighted row: one target,
// logic/target.ts) to a member or to nobody, and add a note to the open item. Each is undone with
// `z`, as triage is.
import { call } from './api/bridge.ts';
import { targetKeys, type ActionTarget } from './logic/target.ts';
import { currentTarget, targetItemKey, useInboxStore } from './stores/inboxStore.ts';
import { inTeam, useTeamStore } from './stores/teamStore.ts';
import { useTriageStore } from './stores/triageStore.ts';
import { useUiStore } from './stores/uiStore.ts';

/** The items an assignment is for; null (with a toast saying why) when none can be. */
function assignable(target: ActionTarget = currentTarget()): string[] | null {
  if (!inTeam()) return null;
  if (target.type === 'view') {
    useUiStore.getState().showToast('A whole view cannot be assigned at once: pick the items with x, then assign them');
    return null;
  }
  const keys = targetKeys(target);
  return keys.length === 0 ? null : keys;
}

/** `a`: asks to whom (the assign dialog). */
export function openAssign(): void {
  if (assignable() === null) return;
  useUiStore.getState().setOverlay('assign');
}

/** Assigns the target the dialog named (or, from the palette, the target now) to this member, or to nobody. */
export async function assignTo(assignee: string | null, target: ActionTarget = currentTarget()): Promise<void> {
  const keys = assignable(target);
  if (keys === null) return;
  const inbox = useInboxStore.getState();
  inbox.patchRows(keys, { assignee: assignee ?? undefined });
  if (keys.length > 1) inbox.clearSelection();
  const result = await call('inbox.assign', { keys, assignee });
  if (!result.ok) {
    useUiStore.getState().showToast(`Could not assign that: ${result.error.message}`);
    void useInboxStore.getState().refresh();
    return;
  }
  const me = useTeamStore.getState().me;
  const label = assignee === null ? 'Unassigned' : `Assigned to ${assignee === me ? 'you' : assignee}`;
  useTriageStore.getState().remember({ token: result.data.undoToken, keys, label });
  useUiStore.getState().showToast(keys.length === 1 ? label : `${label} (${keys.length})`, true);
  const open = useInboxStore.getState().openKey;
  if (open !== null && keys.includes(open)) void useTeamStore.getState().loadItem(open);
}

/** `n`: the open item's note field takes the focus (the highlighted row opens first when nothing is open). */
export function addNote(): void {
  if (!inTeam()) return;
  const inbox = useInboxStore.getState();
  const key = targetItemKey(inbox);
  if (key === null) return;
  // (Opened as it is: actions.ts's openRow would also mark it read, and actions.ts calls these.)
  if (inbox.openKey !== key) inbox.open(key);
  useTeamStore.getState().focusNote();
}
