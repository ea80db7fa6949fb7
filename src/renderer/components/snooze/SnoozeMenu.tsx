// `h` (or the Snooze button): a small menu of when the comment comes back: later today, tomorrow
// morning, next week. 1/2/3 or the arrows and Enter choose; Esc closes without snoozing.
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { snoozeUntil } from '../../actions.ts';
import { snoozeChoices, type SnoozeChoice } from '../../logic/snoozeTimes.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { Dialog } from '../Dialog.tsx';
import './snoozeMenu.css';

export function SnoozeMenu() {
  const choices = useMemo(() => snoozeChoices(new Date()), []);
  const list = useRef<HTMLDivElement | null>(null);
  // The first choice takes the focus (this runs after the dialog's own focus move).
  useEffect(() => list.current?.querySelector<HTMLButtonElement>('button')?.focus(), []);

  function choose(choice: SnoozeChoice) {
    useUiStore.getState().setOverlay(null);
    useUiStore.getState().focusList();
    snoozeUntil(choice.until, `Snoozed until ${choice.label === 'Later today' ? choice.when : `${choice.label.toLowerCase()} (${choice.when})`}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const number = Number(event.key);
    const chosen = Number.isInteger(number) && number >= 1 ? choices[number - 1] : undefined;
    if (chosen !== undefined) {
      event.preventDefault();
      choose(chosen);
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'j' || event.key === 'k') {
      event.preventDefault();
      const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const step = event.key === 'ArrowDown' || event.key === 'j' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  }

  return (
    <Dialog title="Snooze until" className="snooze-menu">
      <div className="snooze-body" onKeyDown={onKeyDown}>
        <div className="dialog-head">
          <h2>Snooze until…</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => useUiStore.getState().setOverlay(null)}>
            ×
          </button>
        </div>
        <div ref={list} className="snooze-choices" role="group" aria-label="When it comes back">
          {choices.map((choice, index) => (
            <button key={choice.id} type="button" className="snooze-choice" onClick={() => choose(choice)}>
              <kbd aria-hidden="true">{index + 1}</kbd>
              <span className="snooze-label">{choice.label}</span>
              <span className="snooze-when">{choice.when}</span>
            </button>
          ))}
        </div>
        <p className="muted small">It leaves Needs reply until then, waits in Snoozed, and comes back by itself.</p>
      </div>
    </Dialog>
  );
}
