// The last action, briefly, with Undo where it can be undone.
import { useEffect } from 'react';
import { undoLast } from '../stores/undoLast.ts';
import { useUiStore } from '../stores/uiStore.ts';

export function Toast() {
  const toast = useUiStore((state) => state.toast);
  const clear = useUiStore((state) => state.clearToast);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => clear(toast.id), 5000);
    return () => clearTimeout(timer);
  }, [toast, clear]);
  return (
    <div className="toast-region" aria-live="polite">
      {toast && (
        <div className="toast">
          <span>{toast.text}</span>
          {toast.undoable && (
            <button type="button" className="link-button" onClick={() => void undoLast()}>
              Undo <kbd>z</kbd>
            </button>
          )}
        </div>
      )}
    </div>
  );
}
