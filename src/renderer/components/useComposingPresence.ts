// The composer's part of "Ann is replying" (issue 22): in a team, main is told which item the
// person is writing to (`team.composing`) when they start typing and again at most every 20 s while
// they go on (main takes a minute without a word as stopped: app/teamPresence.ts), and that they
// stopped (null) when the text is cleared or sent, or the composer closes or shows another item.
// Nothing outside a team.
import { useEffect, useRef } from 'react';
import { call } from '../api/bridge.ts';
import { usePresenceStore } from '../stores/presenceStore.ts';

/** How often typing is told again (main's silence limit is a minute). */
const RETELL_MS = 20_000;

export function useComposingPresence(itemKey: string, text: string): void {
  const inTeam = usePresenceStore((state) => state.me !== null);
  const told = useRef<{ itemKey: string; at: number } | null>(null);

  useEffect(() => {
    if (!inTeam) return;
    if (text.trim() === '') {
      if (told.current === null) return;
      told.current = null;
      void call('team.composing', { itemKey: null });
      return;
    }
    const now = Date.now();
    if (told.current?.itemKey === itemKey && now - told.current.at < RETELL_MS) return;
    told.current = { itemKey, at: now };
    void call('team.composing', { itemKey });
  }, [inTeam, itemKey, text]);

  // The composer closes or shows another item: whatever was told stops.
  useEffect(
    () => () => {
      if (told.current === null) return;
      told.current = null;
      void call('team.composing', { itemKey: null });
    },
    [itemKey],
  );
}
