// One keydown listener for the whole window, through the pure keyboard map.
import { useEffect } from 'react';
import { perform } from '../actions.ts';
import { IDLE, isTypingTarget, resolveKey, type KeyState } from '../logic/keymap.ts';
import { useUiStore } from '../stores/uiStore.ts';

export function useKeyboard(): void {
  useEffect(() => {
    let state: KeyState = IDLE;
    let gTimer: ReturnType<typeof setTimeout> | null = null;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const typing = isTypingTarget(target);
      const overlay = useUiStore.getState().overlay;
      const result = resolveKey({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, typing }, state);
      state = result.state;
      if (gTimer !== null) clearTimeout(gTimer);
      if (state.pendingG) gTimer = setTimeout(() => (state = IDLE), 1500);
      const action = result.action;
      if (action === null) return;
      // Inside a dialog only its own keys, Esc, the palette and help toggles count.
      if (overlay !== null && !['back', 'palette', 'help'].includes(action.type)) return;
      // Enter on a focused button or link is that control's.
      if (action.type === 'open' && target instanceof HTMLElement && target.closest('button, a, select, [role="dialog"]')) return;
      if (action.type === 'send') return;
      // In a text field only the reply box's own Ctrl/⌘ ; opens the saved replies.
      if (action.type === 'savedReply' && typing && !(target instanceof HTMLTextAreaElement && target.classList.contains('composer-text'))) return;
      event.preventDefault();
      perform(action);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
