// Adding an account: a name, the service's address, the API key and, optionally, the X key pair.
// The core checks the key with the service before anything is kept, and its answer is shown here.
// One form for the first run ("Connect your account") and for Settings → Accounts.
import { type ReactNode, useId, useState } from 'react';
import { call } from '../api/bridge.ts';
import { FormMessage, type FormMessageValue } from './FormMessage.tsx';
import { hasXKeyPair, NO_X_PAIR, type XKeyPair, XKeyPairFields } from './XKeyPairFields.tsx';

export const DEFAULT_SERVICE_URL = 'https://api.ayrshare.com/api';

export interface AccountFormProps {
  submitLabel: string;
  /** After the service accepted the key and the account was saved. */
  onAdded: () => Promise<void> | void;
  /** Buttons beside the submit button (e.g. Cancel in a dialog); told whether an account was added. */
  extraActions?: (added: boolean) => ReactNode;
  /** The Name field takes the focus when the dialog opens. */
  autoFocus?: boolean;
}

/** Why the submit button is off while the key is empty (shown beside it, and its description). */
const NEEDS_KEY = 'Paste your API key to check it with the service.';

export function AccountForm({ submitLabel, onAdded, extraActions, autoFocus = false }: AccountFormProps) {
  const [title, setTitle] = useState('');
  const [baseUrl, setBaseUrl] = useState(DEFAULT_SERVICE_URL);
  const [apiKey, setApiKey] = useState('');
  const [xPair, setXPair] = useState<XKeyPair>(NO_X_PAIR);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const hintId = useId();
  const noKey = apiKey.trim() === '';

  async function submit() {
    setBusy(true);
    setMessage(null);
    const result = await call('accounts.add', {
      title: title.trim() === '' ? 'My account' : title,
      baseUrl: baseUrl.trim(),
      apiKey,
      ...(hasXKeyPair(xPair) ? { xCredentials: xPair } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setApiKey('');
    setXPair(NO_X_PAIR);
    setTitle('');
    await onAdded();
    setMessage({
      kind: 'ok',
      text: `Added ${result.data.account.title}: ${result.data.account.profileCount} profiles.${result.data.notice ? ` ${result.data.notice}` : ''}`,
    });
  }

  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="settings-row">
        <label>
          Name
          <input value={title} placeholder="My studio" data-autofocus={autoFocus ? '' : undefined} onChange={(event) => setTitle(event.target.value)} />
        </label>
        <label>
          Service address
          <input type="url" value={baseUrl} onChange={(event) => setBaseUrl(event.target.value)} required />
        </label>
      </div>
      <label>
        API key
        <input type="password" autoComplete="off" value={apiKey} onChange={(event) => setApiKey(event.target.value)} required />
      </label>
      <fieldset>
        <legend>X (Twitter) OAuth 1.0a key pair, optional: needed for comments on X</legend>
        <XKeyPairFields value={xPair} onChange={setXPair} />
      </fieldset>
      <FormMessage message={message} />
      <div className="form-actions">
        {noKey && (
          <span className="form-hint" id={hintId}>
            {NEEDS_KEY}
          </span>
        )}
        {extraActions?.(message?.kind === 'ok')}
        <button type="submit" className="button primary" disabled={busy || noKey} aria-describedby={noKey ? hintId : undefined}>
          {busy ? 'Checking with the service…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
