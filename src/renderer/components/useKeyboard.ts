// One keydown listener for the whole window: the key map finds the command, this runs it.
import { useEffect } from 'react';
import { appActions } from '../actions.ts';
import { appCommands } from '../commands/registry.ts';
import { IDLE, isTypingTarget, resolveKey, type KeyState } from '../logic/keymap.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { inTeam } from '../stores/teamStore.ts';

export function useKeyboard(): void {
  // The dialog on top when a key arrives, read then (a handler's getter, not a render's value).
  const currentOverlay = useUiStore((state) => state.currentOverlay);
  useEffect(() => {
    let state: KeyState = IDLE;
    let gTimer: ReturnType<typeof setTimeout> | null = null;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const result = resolveKey(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          typing: isTypingTarget(target),
          inComposer: target instanceof HTMLTextAreaElement && target.classList.contains('composer-text'),
          onControl: target instanceof HTMLElement && target.closest('button, a, select, [role="dialog"]') !== null,
          overlay: currentOverlay(),
          team: inTeam(),
        },
        state,
      );
      state = result.state;
      if (gTimer !== null) clearTimeout(gTimer);
      if (state.pendingG) gTimer = setTimeout(() => (state = IDLE), 1500);
      const action = result.action;
      if (action === null) return;
      const command = appCommands.byId(action.type);
      // A key a component owns (Ctrl/⌘ Enter in the composer) is left to it.
      if (!command?.run) return;
      event.preventDefault();
      command.run(action, appActions);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [currentOverlay]);
}
