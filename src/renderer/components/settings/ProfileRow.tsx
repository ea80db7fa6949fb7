// One profile of an account in the settings: its name and colour (edited in place), its
// Profile-Key's state (set or replaced, never shown), and the networks linked to it.
import { useState } from 'react';
import type { AccountKeyStatus, ProfileView } from '../../../shared/domain/accounts.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { maskedKey } from '../../logic/webhookTools.ts';
import { profileColor, useProfilesStore } from '../../stores/profilesStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { NetworkIcon } from '../NetworkIcon.tsx';
import { profileKind } from '../../logic/accountWords.ts';

export function ProfileRow({
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
  const loadProfiles = useProfilesStore((state) => state.load);
  const [title, setTitle] = useState(profile.title);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const color = profileColor(allProfiles, profile.profileId);

  async function save(patch: { title?: string; color?: string }) {
    const result = await call('profiles.update', { profileId: profile.profileId, ...patch });
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setMessage(null);
    await loadProfiles();
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
          {profileKind(profile.isPrimary)}
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
