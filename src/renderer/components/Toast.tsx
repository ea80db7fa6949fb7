// The last action, briefly, with Undo where it can be undone, and Open where it is about another item
// (a reply of yours the team held).
import { CommandButton } from './CommandButton.tsx';
import { useEffect } from 'react';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useUiStore } from '../stores/uiStore.ts';

export function Toast() {
  const toast = useUiStore((state) => state.toast);
  const clear = useUiStore((state) => state.clearToast);
  const selectKey = useInboxStore((state) => state.selectKey);
  const open = useInboxStore((state) => state.open);
  /** Opens the comment or conversation the toast is about (as a notification's click does) and puts the toast away. */
  const openItem = (key: string, toastId: number) => {
    selectKey(key);
    open(key);
    clear(toastId);
  };
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
          {toast.openKey !== undefined && (
            <button type="button" className="link-button" onClick={() => openItem(toast.openKey ?? '', toast.id)}>
              Open
            </button>
          )}
          {toast.undoable && <CommandButton command="undo" className="link-button" showKey />}
        </div>
      )}
    </div>
  );
}
