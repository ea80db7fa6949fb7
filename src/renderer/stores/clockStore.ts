// One clock for every reply-window countdown on screen: the list's rows and the open conversation's
// pane read the same "now", so they never disagree (each had its own timer, the list's ticking every
// 30 s: its countdown lagged the pane's by up to a minute). It ticks every second while something
// reads it; a row subscribes to the words it shows, so it renders again only when they change.
import { useEffect } from 'react';
import { create } from 'zustand';

const TICK_MS = 1000;

export const useClockStore = create<{ now: number }>(() => ({ now: Date.now() }));

let readers = 0;
let timer: ReturnType<typeof setInterval> | null = null;

function tick(): void {
  useClockStore.setState({ now: Date.now() });
}

/** What `select` makes of the shared clock's "now"; the component renders again when that changes. */
export function useClock<T>(select: (now: number) => T): T {
  useEffect(() => {
    readers += 1;
    if (timer === null) {
      tick();
      timer = setInterval(tick, TICK_MS);
    }
    return () => {
      readers -= 1;
      if (readers === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  }, []);
  return useClockStore((state) => select(state.now));
}
