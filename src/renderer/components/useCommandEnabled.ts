// Whether a command's button can be pressed, read from the stores its condition names
// (defineCommand.ts: CommandCondition). Every condition is read on each render, so the hooks are
// called in the same order whichever one a button asks for.
import type { CommandCondition } from '../commands/defineCommand.ts';
import { pickedKeys } from '../logic/selection.ts';
import { countOfView, currentTarget, useInboxStore } from '../stores/inboxStore.ts';
import { useCanUndo } from '../stores/undoLast.ts';

export function useCommandEnabled(condition: CommandCondition | null): boolean {
  // The items picked, else the open item (listed or not), else the highlighted row.
  const target = useInboxStore((state) => currentTarget(state).type !== 'none' || pickedKeys(state.selection).length > 0);
  const rows = useInboxStore((state) => countOfView(state) > 0);
  const undo = useCanUndo();
  if (condition === null) return true;
  return { target, rows, undo }[condition];
}
