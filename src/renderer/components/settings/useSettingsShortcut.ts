// Ctrl/⌘ , opens the settings (the desktop convention), and closes them again; it works in a text
// field too, since a modifier is held.
import { useEffect } from 'react';
import { useUiStore } from '../../stores/uiStore.ts';

export function useSettingsShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key !== ',') return;
      event.preventDefault();
      const ui = useUiStore.getState();
      ui.setOverlay(ui.overlay === 'settings' ? null : 'settings');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
