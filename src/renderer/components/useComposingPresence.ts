// The composer's part of "Ann is replying" (issue 22): in a team, main is told which item the
// person is writing to (`team.composing`) when they start typing, and that they stopped (null) when
// the text is cleared or sent, the composer closes or shows another item, or they stop typing for a
// minute. Told once per start (main rewrites the presence while it lasts); nothing outside a team.
import { useEffect, useRef } from 'react';
import { call } from '../api/bridge.ts';
import { useTeamStore } from '../stores/teamStore.ts';

/** After this long without a keystroke the person is no longer "replying". */
const IDLE_MS = 60_000;

export function useComposingPresence(itemKey: string, text: string): void {
  const inTeam = useTeamStore((state) => state.me !== null);
  const told = useRef<string | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!inTeam) return;
    const stop = () => {
      if (told.current === null) return;
      told.current = null;
      void call('team.composing', { itemKey: null });
    };
    if (idle.current !== null) clearTimeout(idle.current);
    idle.current = null;
    if (text.trim() === '') {
      stop();
      return;
    }
    if (told.current !== itemKey) {
      told.current = itemKey;
      void call('team.composing', { itemKey });
    }
    idle.current = setTimeout(stop, IDLE_MS);
  }, [inTeam, itemKey, text]);

  // The composer closes or shows another item: whatever was told stops.
  useEffect(
    () => () => {
      if (idle.current !== null) clearTimeout(idle.current);
      idle.current = null;
      if (told.current === null) return;
      told.current = null;
      void call('team.composing', { itemKey: null });
    },
    [itemKey],
  );
}
