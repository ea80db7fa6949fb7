// Webhooks per profile: what is registered, register one of the eight actions on an https://
// address (checked as it is typed), unregister, set or rotate the signing secret (made here, shown
// once, copyable, never again), and a tool that says whether a delivery's signature matches.
import { useCallback, useEffect, useState } from 'react';
import type { WebhookAction } from '../../../shared/networks.ts';
import { call } from '../../api/bridge.ts';
import { newWebhookSecret, WEBHOOK_ACTION_HELP, webhookUrlProblem } from '../../logic/webhookTools.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';
import { FormMessage, type FormMessageValue } from '../FormMessage.tsx';

type Message = FormMessageValue;

function actionLabel(action: string): string {
  return WEBHOOK_ACTION_HELP.find((entry) => entry.action === action)?.label ?? action;
}

export function WebhooksPanel() {
  const profiles = useProfilesStore((state) => state.profiles);
  const [profileId, setProfileId] = useState<string>('');
  const current = profiles.find((profile) => profile.profileId === profileId) ?? profiles[0];

  useEffect(() => {
    if (current && current.profileId !== profileId) setProfileId(current.profileId);
  }, [current, profileId]);

  if (!current) return <p className="muted">Add an account first: webhooks belong to a profile.</p>;
  return (
    <div className="settings-stack">
      <label className="settings-profile-pick">
        Profile
        <select value={current.profileId} onChange={(event) => setProfileId(event.target.value)}>
          {profiles.map((profile) => (
            <option key={profile.profileId} value={profile.profileId}>
              {profile.title}
            </option>
          ))}
        </select>
      </label>
      <ProfileWebhooks key={current.profileId} profileId={current.profileId} title={current.title} />
    </div>
  );
}

function ProfileWebhooks({ profileId, title }: { profileId: string; title: string }) {
  const [hooks, setHooks] = useState<{ action: WebhookAction; url: string }[] | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [action, setAction] = useState<WebhookAction>('comments');
  const [url, setUrl] = useState('https://');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const result = await call('webhooks.list', { profileId });
    if (result.ok) setHooks(result.data.webhooks);
    else setMessage({ kind: 'error', text: result.error.message });
  }, [profileId]);
  useEffect(() => {
    void load();
  }, [load]);

  const urlProblem = webhookUrlProblem(url);
  const untouched = url === 'https://';

  async function register() {
    setBusy(true);
    setMessage(null);
    const result = await call('webhooks.register', { profileId, action, url: url.trim() });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setHooks(result.data.webhooks);
    setMessage({ kind: 'ok', text: `Registered: ${actionLabel(action)} events go to ${url.trim()}.` });
    setUrl('https://');
  }

  async function unregister(which: WebhookAction) {
    const result = await call('webhooks.unregister', { profileId, action: which });
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setHooks(result.data.webhooks);
    setMessage({ kind: 'ok', text: `Unregistered: ${actionLabel(which)}.` });
  }

  const meaning = WEBHOOK_ACTION_HELP.find((entry) => entry.action === action)?.meaning ?? '';
  return (
    <>
      <section className="settings-section" aria-labelledby="hooks-heading">
        <h3 id="hooks-heading">Registered webhooks of {title}</h3>
        {hooks === null && <p className="muted">Asking the service…</p>}
        {hooks?.length === 0 && <p className="muted">No webhook registered.</p>}
        {hooks && hooks.length > 0 && (
          <ul className="settings-hooks" aria-label="Registered webhooks">
            {hooks.map((hook) => (
              <li key={hook.action}>
                <span className="settings-badge">{actionLabel(hook.action)}</span>
                <code className="settings-hook-url">{hook.url}</code>
                <button type="button" className="button small ghost" onClick={() => void unregister(hook.action)}>
                  Unregister {actionLabel(hook.action)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="form settings-inline-form"
          aria-label="Register a webhook"
          onSubmit={(event) => {
            event.preventDefault();
            if (urlProblem === null) void register();
          }}
        >
          <div className="settings-row">
            <label>
              Action
              <select value={action} onChange={(event) => setAction(event.target.value as WebhookAction)} aria-describedby="hook-action-meaning">
                {WEBHOOK_ACTION_HELP.map((entry) => (
                  <option key={entry.action} value={entry.action}>
                    {entry.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="settings-grow">
              Address (https://)
              <input
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                aria-invalid={!untouched && urlProblem !== null}
                aria-describedby="hook-url-check"
                spellCheck={false}
              />
            </label>
          </div>
          <p id="hook-action-meaning" className="muted settings-hint">
            {meaning}
          </p>
          <p id="hook-url-check" className={`settings-hint ${!untouched && urlProblem ? 'settings-invalid' : 'muted'}`} aria-live="polite">
            {untouched ? 'The service calls this address over HTTPS with each event.' : (urlProblem ?? 'This address can be registered.')}
          </p>
          <FormMessage message={message} />
          <div className="form-actions">
            <button type="submit" className="button small primary" disabled={busy || urlProblem !== null}>
              Register
            </button>
          </div>
        </form>
        <details className="settings-details">
          <summary>What each action means</summary>
          <dl className="settings-action-help">
            {WEBHOOK_ACTION_HELP.map((entry) => (
              <div key={entry.action}>
                <dt>{entry.label}</dt>
                <dd>{entry.meaning}</dd>
              </div>
            ))}
          </dl>
        </details>
      </section>
      <SigningSecret profileId={profileId} />
      <VerifyTool profileId={profileId} />
    </>
  );
}

function SigningSecret({ profileId }: { profileId: string }) {
  const [shown, setShown] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [copied, setCopied] = useState(false);

  async function rotate() {
    const secret = newWebhookSecret();
    setMessage(null);
    const result = await call('webhooks.setSecret', { profileId, secret });
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.error.message });
      return;
    }
    setCopied(false);
    setShown(secret);
  }

  return (
    <section className="settings-section" aria-labelledby="secret-heading">
      <h3 id="secret-heading">Signing secret</h3>
      <p className="muted">
        With a secret set, the service signs each delivery. A new secret is made on this computer, shown once here to copy into your receiver, and never shown
        again. Setting a new one replaces the old one at once.
      </p>
      {shown ? (
        <div className="settings-secret" role="group" aria-label="The new signing secret">
          <code data-testid="webhook-secret">{shown}</code>
          <button
            type="button"
            className="button small"
            onClick={() => {
              void navigator.clipboard?.writeText(shown).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button type="button" className="button small ghost" onClick={() => setShown(null)}>
            I have kept it: hide
          </button>
        </div>
      ) : (
        <button type="button" className="button small" onClick={() => void rotate()}>
          Set a new signing secret
        </button>
      )}
      <FormMessage message={message} />
    </section>
  );
}

function VerifyTool({ profileId }: { profileId: string }) {
  const [body, setBody] = useState('');
  const [timestamp, setTimestamp] = useState('');
  const [signature, setSignature] = useState('');
  const [answer, setAnswer] = useState<{ matches: boolean; reason: string } | null>(null);

  return (
    <section className="settings-section" aria-labelledby="verify-heading">
      <h3 id="verify-heading">Verify a delivery</h3>
      <p className="muted">
        Each delivery carries two headers: <code>X-Authorization-Timestamp</code> (when it was sent, in Unix seconds) and{' '}
        <code>X-Authorization-Content-SHA256</code> (the signature: the HMAC-SHA256 of the raw body, keyed with the profile’s signing secret, in lower-case
        hexadecimal). Your receiver computes the same HMAC over the body exactly as received and compares; a late timestamp means a replay. Paste a delivery
        here to check it against this profile’s secret.
      </p>
      <form
        className="form"
        aria-label="Verify a delivery"
        onSubmit={(event) => {
          event.preventDefault();
          void call('webhooks.verify', { profileId, body, timestamp, signature }).then((result) =>
            setAnswer(result.ok ? result.data : { matches: false, reason: result.error.message }),
          );
        }}
      >
        <label>
          Body (exactly as received)
          <textarea className="settings-textarea" value={body} onChange={(event) => setBody(event.target.value)} rows={4} spellCheck={false} />
        </label>
        <div className="settings-row">
          <label>
            X-Authorization-Timestamp
            <input value={timestamp} onChange={(event) => setTimestamp(event.target.value)} spellCheck={false} />
          </label>
          <label className="settings-grow">
            X-Authorization-Content-SHA256
            <input value={signature} onChange={(event) => setSignature(event.target.value)} spellCheck={false} />
          </label>
        </div>
        {answer && (
          <p className={`form-message ${answer.matches ? 'is-ok' : 'is-error'}`} role="status">
            {answer.reason}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button small primary" disabled={body === '' || signature.trim() === ''}>
            Verify
          </button>
        </div>
      </form>
    </section>
  );
}
