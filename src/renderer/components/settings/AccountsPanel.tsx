// Accounts, profiles and keys: each account with its key's state in words (never the key, only its
// last 4 characters), replace or remove the keys, its profiles (name, colour, linked networks),
// a new profile through the service; the built-in sandbox reset or removed; a new account added
// after the service has checked its key.
import { useCallback, useEffect, useState } from 'react';
import type { AccountKeyStatus, AccountSummary, ProfileView, VaultProtection } from '../../../shared/domain/accounts.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { maskedKey, protectionWords } from '../../logic/webhookTools.ts';
import { profileColor, useProfilesStore } from '../../stores/profilesStore.ts';
import { AccountForm } from '../AccountForm.tsx';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { NetworkIcon } from '../NetworkIcon.tsx';
import { hasXKeyPair, NO_X_PAIR, type XKeyPair, XKeyPairFields } from '../XKeyPairFields.tsx';

type Message = FormMessageValue;

async function reload() {
  await useProfilesStore.getState().load();
}

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

function AccountCard({ account, profiles, onProtection }: { account: AccountSummary; profiles: ProfileView[]; onProtection: (protection: VaultProtection) => void }) {
  const [status, setStatus] = useState<AccountKeyStatus | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);

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

  async function remove() {
    setBusy(true);
    const result = await call('accounts.remove', { accountId: account.accountId });
    setBusy(false);
    if (!result.ok) setMessage({ kind: 'error', text: result.error.message });
    else await reload();
  }

  async function resetSandbox() {
    setBusy(true);
    const result = await call('accounts.resetSandbox', {});
    setBusy(false);
    setMessage(result.ok ? { kind: 'ok', text: 'The sandbox was reset: its sample clients and comments are back.' } : { kind: 'error', text: result.error.message });
    await reload();
    await loadStatus();
  }

  const headingId = `account-${account.accountId}`;
  return (
    <li className="settings-card" aria-labelledby={headingId}>
      <div className="settings-card-head">
        <div>
          <h4 id={headingId}>
            {account.title} {sandbox && <span className="settings-badge">Built-in sandbox</span>}
          </h4>
          <p className="muted settings-url">{account.baseUrl}</p>
        </div>
        <span className={`settings-badge ${account.online === false ? 'is-warn' : account.online ? 'is-ok' : ''}`}>
          {account.online === null ? 'Not checked yet' : account.online ? 'Online' : 'Not answering'}
        </span>
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
            <dt>Client profile keys</dt>
            <dd>{Object.values(status.profiles).filter((key) => key.configured).length} kept</dd>
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
            }}
          />
        ))}
      </ul>
      <CreateProfileForm accountId={account.accountId} onCreated={() => void loadStatus()} />
    </li>
  );
}

/** The built-in sandbox was removed: it can come back, fresh (where the host offers one). */
function BringBackSandbox() {
  const [message, setMessage] = useState<Message>(null);
  return (
    <div className="settings-actions">
      <button
        type="button"
        className="button small ghost"
        onClick={() =>
          void call('accounts.resetSandbox', {}).then(async (result) => {
            if (!result.ok) setMessage({ kind: 'error', text: result.error.message });
            else await reload();
          })
        }
      >
        Bring back the built-in sandbox
      </button>
      <FormMessage message={message} />
    </div>
  );
}

function ReplaceKeysForm({ account, xConfigured, onDone }: { account: AccountSummary; xConfigured: boolean; onDone: (status: AccountKeyStatus) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [xPair, setXPair] = useState<XKeyPair>(NO_X_PAIR);
  const [message, setMessage] = useState<Message>(null);
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

function ProfileRow({
  profile,
  profileKey,
  onKeyStatus,
}: {
  profile: ProfileView;
  /** A user profile of a real account: its Profile-Key's state; null for the primary or the sandbox's. */
  profileKey: { configured: boolean; last4: string | null } | null;
  onKeyStatus: (status: AccountKeyStatus) => void;
}) {
  const [keyInput, setKeyInput] = useState('');
  const [replacingKey, setReplacingKey] = useState(false);
  const allProfiles = useProfilesStore((state) => state.profiles);
  const [title, setTitle] = useState(profile.title);
  const [message, setMessage] = useState<Message>(null);
  const color = profileColor(allProfiles, profile.profileId);

  async function save(patch: { title?: string; color?: string }) {
    const result = await call('profiles.update', { profileId: profile.profileId, ...patch });
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setMessage(null);
    await reload();
  }

  const nameId = `profile-name-${profile.profileId}`;
  return (
    <li className="settings-profile">
      <input
        type="color"
        className="settings-color"
        aria-label={`Colour of ${profile.title}`}
        value={color}
        onChange={(event) => void save({ color: event.target.value })}
      />
      <div className="settings-profile-main">
        <label htmlFor={nameId} className="visually-hidden">
          Name of {profile.title}
        </label>
        <input
          id={nameId}
          className="settings-name"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => {
            if (title.trim() !== '' && title.trim() !== profile.title) void save({ title: title.trim() });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
          }}
        />
        <span className="muted settings-profile-kind">
          {profile.isPrimary ? 'Primary profile' : 'User profile'}
          {profileKey && ` · Profile-Key ${maskedKey(profileKey)}`}
        </span>
        {profileKey?.configured && !replacingKey && (
          <button type="button" className="button small ghost" onClick={() => setReplacingKey(true)}>
            Replace the Profile-Key
          </button>
        )}
        {profileKey && (!profileKey.configured || replacingKey) && (
          <form
            className="settings-row settings-profile-key"
            onSubmit={(event) => {
              event.preventDefault();
              void call('profiles.setKey', { profileId: profile.profileId, profileKey: keyInput }).then((result) => {
                if (!result.ok) {
                  setMessage({ kind: 'error', text: result.error.message });
                  return;
                }
                setKeyInput('');
                setReplacingKey(false);
                setMessage({ kind: 'ok', text: 'Profile-Key saved.' });
                onKeyStatus(result.data);
              });
            }}
          >
            <input
              type="password"
              autoComplete="off"
              aria-label={`Profile-Key of ${profile.title}`}
              placeholder={profileKey.configured ? 'Replace the Profile-Key' : 'Paste the Profile-Key'}
              value={keyInput}
              onChange={(event) => setKeyInput(event.target.value)}
            />
            <button type="submit" className="button small" disabled={keyInput.trim() === ''}>
              Save key
            </button>
          </form>
        )}
        <FormMessage message={message} />
      </div>
      <ul className="settings-networks" aria-label={`Networks linked to ${profile.title}`}>
        {profile.linkedNetworks.length === 0 && <li className="muted">No network linked</li>}
        {profile.linkedNetworks.map((network) => (
          <li key={network} title={NETWORK_LABELS[network]}>
            <NetworkIcon network={network} size={14} />
            <span>{NETWORK_LABELS[network]}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function CreateProfileForm({ accountId, onCreated }: { accountId: string; onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `new-profile-${accountId}`;
  return (
    <form
      className="settings-create-profile"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        void call('profiles.create', { accountId, title }).then(async (result) => {
          setBusy(false);
          if (!result.ok) {
            setMessage({ kind: 'error', text: result.error.message });
            return;
          }
          setTitle('');
          setMessage({ kind: 'ok', text: `Profile “${result.data.profile.title}” created.` });
          await reload();
          onCreated();
        });
      }}
    >
      <label htmlFor={inputId}>New client profile</label>
      <div className="settings-row">
        <input id={inputId} value={title} placeholder="Client name" onChange={(event) => setTitle(event.target.value)} />
        <button type="submit" className="button small" disabled={busy || title.trim() === ''}>
          Create through the service
        </button>
      </div>
      <FormMessage message={message} />
    </form>
  );
}

function AddAccountForm() {
  return (
    <section aria-labelledby="add-account-heading" className="settings-section">
      <h3 id="add-account-heading">Add an account</h3>
      <p className="muted">The API key is checked with the service before anything is saved. It is never shown again, only its last 4 characters.</p>
      <AccountForm submitLabel="Check and add" onAdded={reload} />
    </section>
  );
}
