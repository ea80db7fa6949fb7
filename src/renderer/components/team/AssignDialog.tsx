// `a` (or Assign to… in the palette): to whom the current item, or the items picked, go: a member
// of the team this device knows of, or nobody. 1–9 or the arrows and Enter choose; Esc closes. It
// names what it assigns, taken when it opens ("Assign james_outdoors’s comment to…"), and assigns that.
import { KeyCap } from '../CommandKey.tsx';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { assignTo } from '../../teamActions.ts';
import { memberName } from '../../logic/teamWords.ts';
import { useTeamStore } from '../../stores/teamStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { Dialog } from '../Dialog.tsx';
import { choiceMenuKey } from '../choiceMenuKeys.ts';
import { useMenuTarget } from '../useMenuTarget.ts';
import '../snooze/snoozeMenu.css';
import './itemTeam.css';

export function AssignDialog() {
  const setOverlay = useUiStore((state) => state.setOverlay);
  const focusList = useUiStore((state) => state.focusList);
  const members = useTeamStore((state) => state.members);
  const me = useTeamStore((state) => state.me);
  const load = useTeamStore((state) => state.load);
  const list = useRef<HTMLDivElement | null>(null);
  const { target, name } = useMenuTarget();
  // Members who joined since the window opened are listed too.
  useEffect(() => void load(), [load]);
  useEffect(() => list.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);

  // This member first: assigning to oneself is the most common choice.
  const choices: (string | null)[] = [...members.filter((name) => name === me), ...members.filter((name) => name !== me), null];

  function choose(assignee: string | null) {
    setOverlay(null);
    focusList();
    void assignTo(assignee, target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    choiceMenuKey(event, choices, choose, list.current);
  }

  return (
    <Dialog title={`Assign ${name} to`} className="snooze-menu">
      <div onKeyDown={onKeyDown}>
        <div className="dialog-head">
          <h2>Assign {name} to…</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => setOverlay(null)}>
            ×
          </button>
        </div>
        <div ref={list} className="snooze-choices assign-choices" role="group" aria-label="Team members">
          {choices.map((name, index) => (
            <button key={name ?? '(nobody)'} type="button" className="snooze-choice assign-choice" onClick={() => choose(name)}>
              {index < 9 && <KeyCap label={String(index + 1)} hidden />}
              <span className="snooze-label">{name === null ? 'Nobody (unassign)' : name === me ? `${name} (you)` : memberName(name, me)}</span>
            </button>
          ))}
        </div>
      </div>
    </Dialog>
  );
}
