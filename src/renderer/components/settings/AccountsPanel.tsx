// Accounts, profiles and keys: how the keys are kept (said once), each account (AccountCard.tsx),
// the built-in sandbox brought back when it was removed, and a new account added after the service
// has checked its key.
import { useState } from 'react';
import type { VaultProtection } from '../../../shared/domain/accounts.ts';
import { call } from '../../api/bridge.ts';
import { protectionWords } from '../../logic/webhookTools.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { AccountForm } from '../AccountForm.tsx';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { AccountCard } from './AccountCard.tsx';

export function AccountsPanel() {
  const accounts = useProfilesStore((state) => state.accounts);
  const profiles = useProfilesStore((state) => state.profiles);
  // How the keys are kept is the same for every account (one vault): said once, above them.
  const [protection, setProtection] = useState<VaultProtection | null>(null);
  return (
    <div className="settings-stack">
      <section aria-labelledby="accounts-heading" className="settings-section">
        <h3 id="accounts-heading">Accounts</h3>
        {protection && (
          <div className={`settings-security ${protection.kind === 'memory' ? 'is-warn' : 'is-ok'}`} role="note" aria-label="Security of the keys">
            <strong>{protectionWords(protection)}</strong>
            {protection.warning && <span> {protection.warning}</span>}
          </div>
        )}
        {accounts.length === 0 && <p className="muted">No account yet.</p>}
        {accounts.length > 0 && !accounts.some((account) => account.kind === 'sandbox') && <BringBackSandbox />}
        <ul className="settings-cards">
          {accounts.map((account) => (
            <AccountCard
              key={account.accountId}
              account={account}
              profiles={profiles.filter((profile) => profile.accountId === account.accountId)}
              onProtection={setProtection}
            />
          ))}
        </ul>
      </section>
      <AddAccountForm />
    </div>
  );
}

/** The built-in sandbox was removed: it can come back, fresh (where the host offers one). */
function BringBackSandbox() {
  const [message, setMessage] = useState<FormMessageValue>(null);
  const loadProfiles = useProfilesStore((state) => state.load);
  return (
    <div className="settings-actions">
      <button
        type="button"
        className="button small ghost"
        onClick={() =>
          void call('accounts.resetSandbox', {}).then(async (result) => {
            if (!result.ok) setMessage({ kind: 'error', text: result.error.message });
            else await loadProfiles();
          })
        }
      >
        Bring back the built-in sandbox
      </button>
      <FormMessage message={message} />
    </div>
  );
}

function AddAccountForm() {
  const loadProfiles = useProfilesStore((state) => state.load);
  return (
    <section aria-labelledby="add-account-heading" className="settings-section">
      <h3 id="add-account-heading">Add an account</h3>
      <p className="muted">The API key is checked with the service before anything is saved. It is never shown again, only its last 4 characters.</p>
      <AccountForm submitLabel="Check and add" onAdded={loadProfiles} />
    </section>
  );
}
