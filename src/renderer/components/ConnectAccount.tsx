// "Connect your account": the service's address, the API key, and the X key pair when the account
// links X. The key is checked with the service before anything is kept; its answer is shown.
import { useState } from 'react';
import { call } from '../api/bridge.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { Dialog } from './Dialog.tsx';

export function ConnectAccount() {
  const [title, setTitle] = useState('My studio');
  const [baseUrl, setBaseUrl] = useState('https://');
  const [apiKey, setApiKey] = useState('');
  const [xKey, setXKey] = useState('');
  const [xSecret, setXSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const keyWarning = useStatusStore((state) => state.keyWarning);
  const close = () => useUiStore.getState().setOverlay(null);

  async function submit() {
    setBusy(true);
    setMessage(null);
    const withX = xKey.trim() !== '' || xSecret.trim() !== '';
    const result = await call('accounts.add', {
      title,
      baseUrl: baseUrl.trim(),
      apiKey,
      ...(withX ? { xCredentials: { key: xKey, secret: xSecret } } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setApiKey('');
    setXSecret('');
    void useProfilesStore.getState().load();
    setMessage({
      kind: 'ok',
      text: `Connected: ${result.data.account.title}, ${result.data.account.profileCount} profiles.${result.data.notice ? ` ${result.data.notice}` : ''}`,
    });
  }

  return (
    <Dialog title="Connect your account" className="connect">
      <div className="dialog-head">
        <h2>Connect your account</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <p className="muted">
        Your social publishing service account: its address and your API key (in the service’s dashboard). The key is checked with the service before
        anything is saved.
      </p>
      {keyWarning && <p className="notice">{keyWarning}</p>}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label>
          Name
          <input value={title} onChange={(event) => setTitle(event.target.value)} required />
        </label>
        <label>
          Service address
          <input type="url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} placeholder="https://…/api" required />
        </label>
        <label>
          API key
          <input type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} required />
        </label>
        <fieldset>
          <legend>X (Twitter) key pair, optional: needed to reply on X</legend>
          <label>
            X API key
            <input type="password" autoComplete="off" value={xKey} onChange={(event) => setXKey(event.target.value)} />
          </label>
          <label>
            X API secret
            <input type="password" autoComplete="off" value={xSecret} onChange={(event) => setXSecret(event.target.value)} />
          </label>
        </fieldset>
        {message && (
          <p className={message.kind === 'error' ? 'form-message is-error' : 'form-message is-ok'} role="alert">
            {message.text}
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="button ghost" onClick={close}>
            {message?.kind === 'ok' ? 'Done' : 'Cancel'}
          </button>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Checking…' : 'Check and connect'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
