// The keys of a menu of numbered choices (Snooze until…, Assign to…, the composer's saved replies):
// the one handler every such menu uses; 1–9 choose the n-th choice;
// the arrows and j/k move the focus round the menu's buttons (Enter then presses the focused one).
import type { KeyboardEvent } from 'react';

/** Handles the key when it is one of the menu's; returns whether it was. */
export function choiceMenuKey<T>(event: KeyboardEvent, choices: readonly T[], choose: (choice: T) => void, menu: HTMLElement | null): boolean {
  const number = Number(event.key);
  const chosen = Number.isInteger(number) && number >= 1 ? choices[number - 1] : undefined;
  if (chosen !== undefined) {
    event.preventDefault();
    choose(chosen);
    return true;
  }
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'j' || event.key === 'k') {
    event.preventDefault();
    const buttons = [...(menu?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = event.key === 'ArrowDown' || event.key === 'j' ? 1 : -1;
    buttons[(at + step + buttons.length) % buttons.length]?.focus();
    return true;
  }
  return false;
}
