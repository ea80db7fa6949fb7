// "Track a post": a post none of the service's lists has (a youtube video of another channel a client
// appeared in) added by its link or id, so its numbers are fetched like the others'. The link is read
// as the user types (the same rules main checks again); the core answers whatever else is wrong.
import { useId, useState } from 'react';
import { parsePostReference, TRACKABLE_NETWORKS } from '../../shared/domain/trackedPosts.ts';
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { usePostThreadsStore } from '../stores/postThreadsStore.ts';
import './postThreads.css';

const PLACEHOLDERS: Partial<Record<Network, string>> = {
  youtube: 'https://youtu.be/… or youtube.com/watch?v=…',
  twitter: 'https://x.com/…/status/…',
};

export function TrackPostForm({ profileId, linked }: { profileId: string; linked: readonly Network[] }) {
  const networks = TRACKABLE_NETWORKS.filter((network) => linked.includes(network));
  const [open, setOpen] = useState(false);
  const [platform, setPlatform] = useState<Network | ''>('');
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const track = usePostThreadsStore((state) => state.track);
  const chosen: Network | undefined = platform !== '' && networks.includes(platform) ? platform : networks.includes('youtube') ? 'youtube' : networks[0];
  const parsed = chosen === undefined ? null : parsePostReference(chosen, reference);
  const typed = reference.trim() !== '';
  const problem = typed && parsed !== null && !parsed.ok ? parsed.reason : null;

  if (networks.length === 0) return null;
  if (!open) {
    return (
      <div className="track-post">
        <button type="button" className="button small" aria-expanded="false" onClick={() => setOpen(true)}>
          Track a post…
        </button>
        {done !== null && (
          <span className="track-post-done" role="status">
            {done}
          </span>
        )}
      </div>
    );
  }

  async function submit() {
    if (chosen === undefined || parsed === null || !parsed.ok || busy) return;
    setBusy(true);
    setError(null);
    const result = await track(profileId, chosen, reference);
    setBusy(false);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setReference('');
    setOpen(false);
    setDone(`Tracking the ${NETWORK_LABELS[chosen]} post ${result.post.socialPostId}: its numbers come within seconds.`);
  }

  return (
    <form
      className="track-post track-post-form"
      aria-label="Track a post by its link or id"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label>
        Network{' '}
        <select value={chosen ?? ''} onChange={(event) => setPlatform(event.target.value as Network)}>
          {networks.map((network) => (
            <option key={network} value={network}>
              {NETWORK_LABELS[network]}
            </option>
          ))}
        </select>
      </label>
      <label className="track-post-reference">
        Link or id{' '}
        <input
          type="text"
          value={reference}
          placeholder={chosen ? (PLACEHOLDERS[chosen] ?? 'the post’s id') : ''}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          autoComplete="off"
          // The form was opened to type here.
          autoFocus
          onChange={(event) => {
            setReference(event.target.value);
            setError(null);
          }}
        />
      </label>
      <button type="submit" className="button small primary" disabled={busy || !parsed?.ok}>
        {busy ? 'Tracking…' : 'Track'}
      </button>
      <button
        type="button"
        className="button ghost small"
        onClick={() => {
          setOpen(false);
          setError(null);
        }}
      >
        Cancel
      </button>
      <p id={`${id}-hint`} className={`track-post-hint${problem !== null ? ' is-problem' : ''}`}>
        {problem ??
          (parsed?.ok
            ? `Post id ${parsed.socialPostId}. Its numbers are fetched like the client’s own posts’; a video of another channel shows its title, with zeros.`
            : 'For a post the service does not list, e.g. a video of another channel the client appeared in.')}
      </p>
      {error !== null && (
        <p className="notice track-post-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
