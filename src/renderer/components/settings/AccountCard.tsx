// One account in the settings: its key's state in words (never the key, only its last 4
// characters), replace or remove its keys (the built-in sandbox: reset it), and its profiles.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AccountKeyStatus, AccountSummary, ProfileView, VaultProtection } from '../../../shared/domain/accounts.ts';
import { call } from '../../api/bridge.ts';
import { maskedKey } from '../../logic/webhookTools.ts';
import { accountLine, clientKeysLine, serviceWhere } from '../../logic/accountWords.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { useStatusStore } from '../../stores/statusStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { CreateProfileForm } from './CreateProfileForm.tsx';
import { ProfileRow } from './ProfileRow.tsx';
import { ReplaceKeysForm } from './ReplaceKeysForm.tsx';

export function AccountCard({
  account,
  profiles,
  onProtection,
}: {
  account: AccountSummary;
  profiles: ProfileView[];
  onProtection: (protection: VaultProtection) => void;
}) {
  const [status, setStatus] = useState<AccountKeyStatus | null>(null);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const [busy, setBusy] = useState(false);
  // Opened from a notice asking for this account's key: at its card, on the form where the key goes.
  const askedFor = useUiStore((state) => (state.keysFor?.accountId === account.accountId ? state.keysFor : null));
  const [replacing, setReplacing] = useState(askedFor?.replace ?? false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const cardRef = useRef<HTMLLIElement | null>(null);
  const loadProfiles = useProfilesStore((state) => state.load);
  const recheckKeyProblem = useStatusStore((state) => state.recheckKeyProblem);
  useEffect(() => {
    if (askedFor === null) return;
    // After the dialog has put the focus on its first control (its own effect runs after this one).
    const frame = requestAnimationFrame(() => {
      const card = cardRef.current;
      const field = askedFor.replace ? card?.querySelector<HTMLInputElement>('input[type="password"]') : null;
      if (field) field.focus();
      else card?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [askedFor]);

  const loadStatus = useCallback(async () => {
    const result = await call('accounts.keyStatus', { accountId: account.accountId });
    if (result.ok) {
      setStatus(result.data);
      onProtection(result.data.protection);
    }
  }, [account.accountId, onProtection]);
  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);

  const sandbox = account.kind === 'sandbox';
  const connectivity = useStatusStore((state) => state.connectivity);
  const states = useStatusStore((state) => state.states);
  // The same answer as the sidebar's status line: never "Not checked yet" beside "Up to date".
  const line = accountLine(account.accountId, account.online, connectivity, states);

  async function remove() {
    setBusy(true);
    const result = await call('accounts.remove', { accountId: account.accountId });
    setBusy(false);
    if (!result.ok) setMessage({ kind: 'error', text: result.error.message });
    else await loadProfiles();
  }

  async function resetSandbox() {
    setBusy(true);
    const result = await call('accounts.resetSandbox', {});
    setBusy(false);
    setMessage(
      result.ok ? { kind: 'ok', text: 'The sandbox was reset: its sample clients and comments are back.' } : { kind: 'error', text: result.error.message },
    );
    await loadProfiles();
    await loadStatus();
  }

  const headingId = `account-${account.accountId}`;
  return (
    <li ref={cardRef} className="settings-card" aria-labelledby={headingId}>
      <div className="settings-card-head">
        <div>
          <h4 id={headingId}>
            {account.title} {sandbox && <span className="settings-badge">Built-in sandbox</span>}
          </h4>
          <p className="muted settings-url" title={account.baseUrl}>
            {serviceWhere(account.baseUrl, sandbox)}
          </p>
        </div>
        <span className={`settings-badge ${line.tone === 'warn' ? 'is-warn' : line.tone === 'ok' ? 'is-ok' : ''}`}>{line.text}</span>
      </div>

      {status && (
        <dl className="settings-keys">
          <div>
            <dt>API key</dt>
            <dd>{maskedKey(status.apiKey)}</dd>
          </div>
          <div>
            <dt>X (Twitter) key pair</dt>
            <dd>{maskedKey(status.x)}</dd>
          </div>
          <div>
            <dt>Client keys</dt>
            <dd>{clientKeysLine(Object.values(status.profiles).filter((key) => key.configured).length, Object.values(status.profiles).length)}</dd>
          </div>
        </dl>
      )}

      <div className="settings-actions">
        {sandbox ? (
          <button type="button" className="button small" disabled={busy} onClick={() => void resetSandbox()}>
            Reset the sandbox
          </button>
        ) : (
          <button type="button" className="button small" aria-expanded={replacing} onClick={() => setReplacing(!replacing)}>
            Replace keys
          </button>
        )}
        {confirmRemove ? (
          <>
            <span className="settings-confirm">Remove {account.title} and its keys from this computer?</span>
            <button type="button" className="button small danger" disabled={busy} onClick={() => void remove()}>
              Yes, remove
            </button>
            <button type="button" className="button small ghost" onClick={() => setConfirmRemove(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="button small ghost" onClick={() => setConfirmRemove(true)}>
            Remove account
          </button>
        )}
      </div>
      <FormMessage message={message} />
      {replacing && !sandbox && (
        <ReplaceKeysForm
          account={account}
          xConfigured={status?.x.configured ?? false}
          onDone={(next) => {
            setStatus(next);
            onProtection(next.protection);
            setReplacing(false);
            setMessage({ kind: 'ok', text: 'Keys updated.' });
            // The notice asking for this key goes away (the core no longer holds the problem).
            void recheckKeyProblem();
          }}
        />
      )}

      <h5 className="settings-subheading">Profiles</h5>
      <ul className="settings-profiles">
        {profiles.map((profile) => (
          <ProfileRow
            key={profile.profileId}
            profile={profile}
            profileKey={!sandbox && !profile.isPrimary ? (status?.profiles[profile.profileId] ?? { configured: false, last4: null }) : null}
            onKeyStatus={(next) => {
              setStatus(next);
              onProtection(next.protection);
              void recheckKeyProblem();
            }}
          />
        ))}
      </ul>
      <CreateProfileForm accountId={account.accountId} onCreated={() => void loadStatus()} />
    </li>
  );
}
