// A post's comments on/off switch and the state of the change on its way, wherever the post is
// shown: "queued, will be sent when the connection is back", "sending…", or "failed: <the
// service's words>" with Retry and Cancel. Never silent: a refused command says why in a toast.
//
// One click never changes a client's live post (issue 19): the switch first asks, naming the post
// and the client, and only "Turn comments off/on" sends the change.
//
// While the switch's own command runs (it waits for the first try, up to a few seconds), the
// switch keeps showing what it showed before, with "Sending…": online, it then moves once the
// service has answered, so what it shows is what the service has.
import { useEffect, useRef, useState } from 'react';
import type { PostView } from '../../shared/domain/posts.ts';
import { cutAtWord } from '../../shared/format/formatter.ts';
import { call } from '../api/bridge.ts';
import { commentsToggleSupported, NETWORK_LABELS } from '../logic/composerRules.ts';
import { listenToCommentsSwitch, useCommentsSwitchStore, useLivePost } from '../stores/commentsSwitchStore.ts';
import { profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import './commentsSwitch.css';

type Command = 'posts.setComments' | 'posts.retryCommentsChange' | 'posts.cancelCommentsChange';

/** What the change on its way says, in words; null when there is none. */
export function commentsChangeText(post: PostView): string | null {
  const change = post.commentsChange;
  if (!change) return null;
  const what = change.enabled ? 'Comments on' : 'Comments off';
  if (change.state === 'sending') return `${what}: sending…`;
  if (change.state === 'failed') return `Failed: ${change.message ?? 'the service refused the change'}`;
  return `${what}: queued, will be sent when the connection is back`;
}

export function CommentsSwitch({ post, onChanged, compact = false }: { post: PostView; onChanged?: (post: PostView) => void; compact?: boolean }) {
  const live = useLivePost(post);
  const [busy, setBusy] = useState<{ shown: PostView } | null>(null);
  const [asking, setAsking] = useState(false);
  const profiles = useProfilesStore((state) => state.profiles);
  const keep = useRef<HTMLButtonElement | null>(null);
  const showToast = useUiStore((state) => state.showToast);
  const putPosts = useCommentsSwitchStore((state) => state.put);
  useEffect(() => listenToCommentsSwitch(), []);
  // The question takes the focus on its safe answer: Enter right after the click changes nothing.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);

  if (!commentsToggleSupported(post.platform)) return null;
  const shown = busy?.shown ?? live;
  const change = shown.commentsChange ?? null;
  const checked = change ? change.enabled : !shown.disableComments;
  const text = busy ? 'Sending…' : commentsChangeText(shown);

  async function run(command: Command) {
    if (busy) return;
    setBusy({ shown: live });
    const result = command === 'posts.setComments' ? await call(command, { postKey: post.key, enabled: !checked }) : await call(command, { postKey: post.key });
    setBusy(null);
    if (!result.ok) {
      showToast(result.error.message);
      return;
    }
    putPosts([result.data.post]);
    onChanged?.(result.data.post);
  }

  if (compact && !change && !busy) {
    return shown.disableComments ? <span className="badge comments-off-badge">Comments off</span> : null;
  }
  const turning = checked ? 'off' : 'on';
  const client = profileTitle(profiles, post.profileId);
  const excerpt = cutAtWord(shown.text, 60);
  return (
    <div className={`comments-switch${compact ? ' is-compact' : ''}`}>
      {!compact && (
        <label className="toggle">
          <input type="checkbox" checked={checked} aria-busy={busy !== null} onChange={() => setAsking(true)} />
          Comments on
        </label>
      )}
      {asking && (
        <div
          className="comments-switch-ask"
          role="alertdialog"
          aria-label={`Turn comments ${turning}?`}
          aria-describedby={`comments-ask-${post.key}`}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            event.preventDefault();
            setAsking(false);
          }}
        >
          <p id={`comments-ask-${post.key}`}>
            Turn comments {turning} on {client}’s {NETWORK_LABELS[post.platform]} post “{excerpt}”?{' '}
            {turning === 'off'
              ? 'People can no longer comment on it, and replies to its comments cannot be sent, until you turn them back on.'
              : 'People can comment on it again.'}
          </p>
          <span className="comments-switch-actions">
            <button
              type="button"
              className="button small primary"
              onClick={() => {
                setAsking(false);
                void run('posts.setComments');
              }}
            >
              Turn comments {turning}
            </button>
            <button ref={keep} type="button" className="button small ghost" onClick={() => setAsking(false)}>
              Keep comments {turning === 'off' ? 'on' : 'off'}
            </button>
          </span>
        </div>
      )}
      {text && (
        <span
          className={`comments-switch-state${change?.state === 'failed' && !busy ? ' is-error' : ''}`}
          role={change?.state === 'failed' && !busy ? 'alert' : 'status'}
        >
          {text}
        </span>
      )}
      {change && !busy && change.state !== 'sending' && (
        <span className="comments-switch-actions">
          {change.state === 'failed' && (
            <button type="button" className="button small primary" onClick={() => void run('posts.retryCommentsChange')}>
              Retry
            </button>
          )}
          <button
            type="button"
            className="button small ghost"
            onClick={() => void run('posts.cancelCommentsChange')}
            aria-label={`Cancel turning comments ${change.enabled ? 'on' : 'off'}`}
          >
            Cancel
          </button>
        </span>
      )}
    </div>
  );
}
