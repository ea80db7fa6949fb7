// `h` (or the Snooze button): a small menu of when the comment comes back: later today, tomorrow
// morning, next week, or a day and time picked (issue 19; it starts at tomorrow 9:00). 1/2/3/4 or the
// arrows and Enter choose; Esc closes without snoozing. It names what it snoozes, taken when it
// opens ("Snooze james_outdoors’s comment until…"), and snoozes that (issue 27).
import { KeyCap } from '../CommandKey.tsx';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { snoozeUntil } from '../../actions.ts';
import { defaultPickedTime, pickedTime, pickerValue, snoozeChoices, type SnoozeChoice } from '../../logic/snoozeTimes.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { Dialog } from '../Dialog.tsx';
import { choiceMenuKey } from '../choiceMenuKeys.ts';
import { useMenuTarget } from '../useMenuTarget.ts';
import './snoozeMenu.css';
import { fmt } from '../../logic/format.ts';

export function SnoozeMenu() {
  const setOverlay = useUiStore((state) => state.setOverlay);
  const focusList = useUiStore((state) => state.focusList);
  const { target, name } = useMenuTarget();
  const choices = useMemo(() => snoozeChoices(new Date()), []);
  const list = useRef<HTMLDivElement | null>(null);
  const picker = useRef<HTMLInputElement | null>(null);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState(() => pickerValue(defaultPickedTime(new Date())));
  const [pickProblem, setPickProblem] = useState<string | null>(null);
  useEffect(() => {
    if (picking) picker.current?.focus();
  }, [picking]);
  // The first choice takes the focus (this runs after the dialog's own focus move).
  useEffect(() => list.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);

  function choose(choice: SnoozeChoice) {
    setOverlay(null);
    focusList();
    snoozeUntil(choice.until, `Snoozed until ${choice.label === 'Later today' ? choice.when : `${choice.label.toLowerCase()} (${choice.when})`}`, target);
  }

  function snoozePicked() {
    const answer = pickedTime(picked, new Date());
    if (!answer.ok) {
      setPickProblem(answer.reason);
      return;
    }
    setOverlay(null);
    focusList();
    snoozeUntil(answer.until, `Snoozed until ${fmt.dateTime(answer.until)}`, target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // In the date-time field, keys are the field's.
    if (event.target instanceof HTMLInputElement) return;
    if (event.key === String(choices.length + 1)) {
      event.preventDefault();
      setPicking(true);
      return;
    }
    choiceMenuKey(event, choices, choose, list.current);
  }

  return (
    <Dialog title={`Snooze ${name} until`} className="snooze-menu">
      <div className="snooze-body" onKeyDown={onKeyDown}>
        <div className="dialog-head">
          <h2>Snooze {name} until…</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => setOverlay(null)}>
            ×
          </button>
        </div>
        <div ref={list} className="snooze-choices" role="group" aria-label="When it comes back">
          {choices.map((choice, index) => (
            <button key={choice.id} type="button" className="snooze-choice" onClick={() => choose(choice)}>
              <KeyCap label={String(index + 1)} hidden />
              <span className="snooze-label">{choice.label}</span>
              <span className="snooze-when">{choice.when}</span>
            </button>
          ))}
          <button type="button" className="snooze-choice" aria-expanded={picking} onClick={() => setPicking(true)}>
            <KeyCap label={String(choices.length + 1)} hidden />
            <span className="snooze-label">Pick a day and time…</span>
          </button>
        </div>
        {picking && (
          <form
            className="snooze-pick"
            onSubmit={(event) => {
              event.preventDefault();
              snoozePicked();
            }}
          >
            <label>
              Until
              <input
                ref={picker}
                type="datetime-local"
                value={picked}
                aria-describedby={pickProblem ? 'snooze-pick-problem' : undefined}
                onChange={(event) => {
                  setPicked(event.target.value);
                  setPickProblem(null);
                }}
              />
            </label>
            <button type="submit" className="button primary small">
              Snooze
            </button>
            {pickProblem && (
              <p id="snooze-pick-problem" className="error-text small" role="alert">
                {pickProblem}
              </p>
            )}
          </form>
        )}
        <p className="muted small">It leaves Needs reply until then, waits in Snoozed, and comes back by itself.</p>
      </div>
    </Dialog>
  );
}
