// Replacing an account's keys: a new API key and/or the X (Twitter) key pair, checked with the
// service before they are kept; or the X key pair removed.
import { useState } from 'react';
import type { AccountKeyStatus, AccountSummary } from '../../../shared/domain/accounts.ts';
import { call } from '../../api/bridge.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { hasXKeyPair, NO_X_PAIR, type XKeyPair, XKeyPairFields } from '../XKeyPairFields.tsx';

export function ReplaceKeysForm({
  account,
  xConfigured,
  onDone,
}: {
  account: AccountSummary;
  xConfigured: boolean;
  onDone: (status: AccountKeyStatus) => void;
}) {
  const [apiKey, setApiKey] = useState('');
  const [xPair, setXPair] = useState<XKeyPair>(NO_X_PAIR);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const [busy, setBusy] = useState(false);

  async function submit(removeX: boolean) {
    setBusy(true);
    setMessage(null);
    const result = await call('accounts.updateKeys', {
      accountId: account.accountId,
      ...(apiKey.trim() !== '' ? { apiKey } : {}),
      ...(removeX ? { xCredentials: null } : hasXKeyPair(xPair) ? { xCredentials: xPair } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setApiKey('');
    setXPair(NO_X_PAIR);
    onDone(result.data);
  }

  return (
    <form
      className="form settings-inline-form"
      aria-label={`Replace the keys of ${account.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <label>
        New API key (checked with the service first)
        <input type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} />
      </label>
      <XKeyPairFields value={xPair} onChange={setXPair} />
      <FormMessage message={message} />
      <div className="form-actions">
        {xConfigured && (
          <button type="button" className="button small ghost" disabled={busy} onClick={() => void submit(true)}>
            Remove the X key pair
          </button>
        )}
        <button type="submit" className="button small primary" disabled={busy || (apiKey.trim() === '' && !hasXKeyPair(xPair))}>
          {busy ? 'Checking…' : 'Save keys'}
        </button>
      </div>
    </form>
  );
}
