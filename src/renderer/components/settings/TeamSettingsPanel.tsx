// Settings → Team (issue 22): the team's status in words (logic/teamHeadline.ts), and the form to
// join, change or leave a team: the team server's address, the workspace, your name in the team,
// this device's name, the password (into the vault in main; never shown again, the field says
// "saved" when one is kept) and the mode. The form says before sending that an address on another
// computer must use https (main checks it again). The same screen in the desktop app and the browser.
import { useId, useState } from 'react';
import { needsEncryption } from '../../../shared/domain/teamAddress.ts';
import { fmt } from '../../logic/format.ts';
import { type TeamStatus, teamHeadline } from '../../logic/teamHeadline.ts';
import { useClock } from '../../stores/clockStore.ts';
import { useTeamStatus, useTeamStatusStore } from '../../stores/teamStatusStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';
import { LiveUpdatesSection } from './LiveUpdatesSection.tsx';
import { TeamRefusals } from './TeamRefusals.tsx';
import './teamSettings.css';

const MINUTE_MS = 60_000;

export function TeamSettingsPanel() {
  const status = useTeamStatus();
  const minute = useClock((now) => Math.floor(now / MINUTE_MS) * MINUTE_MS);
  if (status === null) return <p className="muted">Asking the app about the team…</p>;
  const headline = teamHeadline(status, fmt, minute);
  // A new team set (joined, changed or left) starts the form again from what the app now holds.
  const formKey = [status.serverUrl, status.workspace, status.member, status.device].join('\n');
  return (
    <div className="settings-stack">
      <section className="settings-section" aria-labelledby="team-status-heading">
        <h3 id="team-status-heading">Your team</h3>
        <p className={`team-line is-${headline.tone}`} role="status">
          <span className="team-dot" aria-hidden="true" />
          <span>{headline.text}</span>
        </p>
        {headline.warning !== null && <p className="team-warning">{headline.warning}</p>}
        <p className="muted small">
          A team shares triage, labels, assignments and notes between your devices and the people who help you, and makes sure one comment gets one reply. Your
          service keys never leave this device.
        </p>
      </section>
      <TeamRefusals refused={status.refused} />
      <TeamForm key={formKey} status={status} />
      {/* Live updates need the team server: shown once this device joined (decision 0083). */}
      {status.joined && <LiveUpdatesSection key={`live\n${formKey}`} />}
    </div>
  );
}

function TeamForm({ status }: { status: TeamStatus }) {
  const configure = useTeamStatusStore((state) => state.configure);
  const setMode = useTeamStatusStore((state) => state.setMode);
  const leave = useTeamStatusStore((state) => state.leave);
  const teamSet = status.serverUrl !== null;
  const [serverUrl, setServerUrl] = useState(status.serverUrl ?? '');
  const [workspace, setWorkspace] = useState(status.workspace ?? '');
  const [member, setMember] = useState(status.member ?? '');
  const [device, setDevice] = useState(status.device ?? '');
  const [password, setPassword] = useState('');
  const [mode, setModeField] = useState<TeamStatus['mode']>(status.mode);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue>(null);
  const tlsId = useId();
  const passwordHintId = useId();

  const unencrypted = needsEncryption(serverUrl);
  const missing = [serverUrl, workspace, member, device].some((value) => value.trim() === '') || (!status.passwordSaved && password === '');

  async function join() {
    setBusy(true);
    setMessage(null);
    const answer = await configure({ serverUrl, workspace, member, device, mode, ...(password === '' ? {} : { password }) });
    setBusy(false);
    setPassword('');
    // On success the form starts again from the new team (its key changes); the status line says how it goes.
    if (!answer.ok) setMessage({ kind: 'error', text: answer.message });
  }

  async function chooseMode(next: TeamStatus['mode']) {
    setModeField(next);
    if (!teamSet) return;
    const answer = await setMode(next);
    setMessage(answer.ok ? { kind: 'ok', text: 'Saved: from the next reply on.' } : { kind: 'error', text: answer.message });
  }

  async function leaveTeam() {
    setBusy(true);
    setMessage(null);
    const answer = await leave();
    setBusy(false);
    if (!answer.ok) setMessage({ kind: 'error', text: answer.message });
  }

  return (
    <form
      className="form settings-form team-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!unencrypted && !missing) void join();
      }}
    >
      <div className="settings-row">
        <label className="settings-grow">
          Team server address
          <input
            type="url"
            value={serverUrl}
            placeholder="https://couch.example.org"
            autoComplete="off"
            aria-invalid={unencrypted}
            aria-describedby={unencrypted ? tlsId : undefined}
            onChange={(event) => setServerUrl(event.target.value)}
          />
        </label>
        <label>
          Workspace
          <input value={workspace} placeholder="agency" autoComplete="off" onChange={(event) => setWorkspace(event.target.value)} />
        </label>
      </div>
      {unencrypted && (
        <p className="form-message is-error" id={tlsId} role="alert">
          This server is on another computer, so its address must start with https://: your team’s work and your password then travel encrypted.
        </p>
      )}
      <div className="settings-row">
        <label>
          Your name in the team
          <input value={member} placeholder="ann" autoComplete="username" onChange={(event) => setMember(event.target.value)} />
        </label>
        <label>
          This device’s name
          <input value={device} placeholder="laptop" autoComplete="off" onChange={(event) => setDevice(event.target.value)} />
        </label>
        <label>
          Password
          <input
            type="password"
            value={password}
            placeholder={status.passwordSaved ? 'saved' : ''}
            autoComplete="current-password"
            aria-describedby={passwordHintId}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
      </div>
      <p className="muted small" id={passwordHintId}>
        {status.passwordSaved
          ? 'A password is saved on this device and is never shown again. Type one only to change it.'
          : 'Kept in this device’s keychain (in the browser: until the app stops) and sent only to the team server.'}
      </p>
      <fieldset>
        <legend>When the team server can’t be reached</legend>
        <label className="settings-check">
          <input type="radio" name="team-mode" checked={mode === 'team'} onChange={() => void chooseMode('team')} />
          Hold my replies (a team): nobody answers a comment someone else already answered
        </label>
        <label className="settings-check">
          <input type="radio" name="team-mode" checked={mode === 'solo'} onChange={() => void chooseMode('solo')} />
          Send them anyway (just my own devices): the app tells you when a reply went without checking
        </label>
      </fieldset>
      <FormMessage message={message} />
      <div className="form-actions">
        {teamSet && (
          <button type="button" className="button ghost" disabled={busy} onClick={() => void leaveTeam()}>
            Leave the team
          </button>
        )}
        <button type="submit" className="button primary" disabled={busy || unencrypted || missing}>
          {busy ? 'Joining…' : teamSet ? 'Save and reconnect' : 'Join the team'}
        </button>
      </div>
    </form>
  );
}
