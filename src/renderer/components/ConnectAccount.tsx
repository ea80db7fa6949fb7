// "Connect your account" at first run: the same form as Settings → Accounts, in a dialog that
// explains where the key comes from and closes once the account is added.
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { AccountForm } from './AccountForm.tsx';
import { Dialog } from './Dialog.tsx';

export function ConnectAccount() {
  const keyWarning = useStatusStore((state) => state.keyWarning);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const loadProfiles = useProfilesStore((state) => state.load);
  const close = () => setOverlay(null);

  return (
    <Dialog title="Connect your account" className="connect">
      <div className="dialog-head">
        <h2>Connect your account</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <p className="muted">
        Your social publishing service account: its address and your API key (in the service’s dashboard). The key is checked with the service before anything
        is saved.
      </p>
      {keyWarning && <p className="notice">{keyWarning}</p>}
      <AccountForm
        submitLabel="Check and connect"
        autoFocus
        onAdded={loadProfiles}
        extraActions={(added) => (
          <button type="button" className="button ghost" onClick={close}>
            {added ? 'Done' : 'Cancel'}
          </button>
        )}
      />
    </Dialog>
  );
}
