// A new client profile of an account, created through the service.
import { useState } from 'react';
import { call } from '../../api/bridge.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';

export function CreateProfileForm({ accountId, onCreated }: { accountId: string; onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState<FormMessageValue>(null);
  const [busy, setBusy] = useState(false);
  const loadProfiles = useProfilesStore((state) => state.load);
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
          await loadProfiles();
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
