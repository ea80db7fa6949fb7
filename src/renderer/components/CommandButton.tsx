// A button is a command drawn (decision 0074, VS Code's menu item is the model): its words, its
// tooltip with its key, its key cap, whether it can be pressed and what it does all come from the
// command in the registry, so the toolbar's "Read / unread" runs exactly what `u` runs.
import { appActions } from '../actions.ts';
import { withKey } from '../commands/commandKeys.ts';
import { appCommands } from '../commands/registry.ts';
import { CommandKey } from './CommandKey.tsx';
import { useCommandEnabled } from './useCommandEnabled.ts';

interface Props {
  command: string;
  /** The words where the context changes them ("Back to the inbox" in Done); the key and the action stay the command's. */
  label?: string;
  tooltip?: string;
  /** Show the key on the button, not only in its tooltip. */
  showKey?: boolean;
  className?: string;
}

export function CommandButton({ command: id, label, tooltip, showKey = false, className = 'button small' }: Props) {
  const command = appCommands.byId(id);
  if (command === undefined) throw new Error(`No command is called "${id}"`);
  const enabled = useCommandEnabled(command.enabled);
  const { run } = command;
  return (
    <button
      type="button"
      className={className}
      disabled={!enabled || run === null}
      title={withKey(tooltip ?? command.tooltip, id)}
      onClick={() => run?.(command.bindings[0]?.args ?? {}, appActions)}
    >
      {label ?? command.button}
      {showKey && (
        <>
          {' '}
          <CommandKey command={id} />
        </>
      )}
    </button>
  );
}
