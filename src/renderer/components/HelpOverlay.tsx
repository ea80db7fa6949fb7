// `?`: every shortcut, in one calm table: the command registry's help lines.
import { CommandKey, KeyCap } from './CommandKey.tsx';
import { SHORTCUTS, TEAM_SHORTCUTS } from '../logic/keymap.ts';
import { useTeamStore } from '../stores/teamStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { Dialog } from './Dialog.tsx';

export function HelpOverlay() {
  const setOverlay = useUiStore((state) => state.setOverlay);
  const close = () => setOverlay(null);
  const shortcuts = useTeamStore((state) => state.joined) ? TEAM_SHORTCUTS : SHORTCUTS;
  return (
    <Dialog title="Keyboard shortcuts" className="help">
      <div className="dialog-head">
        <h2>Keyboard shortcuts</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <dl className="shortcut-list">
        {shortcuts.map((shortcut) => (
          <div key={shortcut.label} className="shortcut">
            <dt>
              {shortcut.keys.map((key, index) => (
                <span key={key}>
                  {index > 0 && <span className="muted"> or </span>}
                  <KeyCap label={key} />
                </span>
              ))}
            </dt>
            <dd>{shortcut.label}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        Shortcuts wait while you type in a field; <CommandKey command="back" /> and <CommandKey command="send" /> work there too.
      </p>
      <p className="muted small">
        Everything else (each client, the theme, grouping by post, saved replies, connecting an account) is in the command palette:{' '}
        <CommandKey command="palette" />, then type its name.
      </p>
    </Dialog>
  );
}
