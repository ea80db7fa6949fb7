// Reply in place, to a comment or in a conversation of direct messages: the network's rules before
// sending (for a message, its reply window: Send is off once it has closed, and the note says why),
// saved replies, @mention help, one image where the network takes one with a reply,
// Ctrl/Cmd+Enter to send. What is sent shows at once as "Queued".
import { useEffect, useRef, useState } from 'react';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { composerRules, draftProblems, fillTemplate, messageRules } from '../logic/composerRules.ts';
import { useComposerStore } from '../stores/composerStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { useNow } from './hooks.ts';

/** A conversation's window may close while its composer is open: its rules are looked at again this often. */
const WINDOW_CHECK_MS = 1000;
/** A comment's rules do not change with time. */
const NO_CLOCK_MS = 3_600_000;

export function Composer({ row }: { row: InboxRow }) {
  const draft = useComposerStore((state) => state.drafts[row.key]);
  const update = useComposerStore((state) => state.update);
  const send = useComposerStore((state) => state.send);
  const sending = useComposerStore((state) => state.sending);
  const error = useComposerStore((state) => state.error);
  const composerFocus = useUiStore((state) => state.composerFocus);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [savedOpen, setSavedOpen] = useState(false);
  const savedReplies = useSettingsStore((state) => state.settings.savedReplies);
  const text = draft?.text ?? '';
  const imageUrl = draft?.imageUrl ?? '';
  const editing = draft?.editing ?? null;
  const isMessage = row.kind === 'conversation';
  const now = useNow(isMessage ? WINDOW_CHECK_MS : NO_CLOCK_MS);
  const rules = isMessage ? messageRules(row, now) : composerRules(row);
  const noun = isMessage ? 'Message' : 'Reply';
  const problems = draftProblems(rules, text, imageUrl);
  const canSend = rules.canReply && problems.length === 0 && !sending;

  // A pending request (r, Edit, Undo) is taken once, also by a composer that appears just after;
  // a composer that appears for the next comment otherwise leaves the focus in the list.
  useEffect(() => {
    if (useInboxStore.getState().openKey !== row.key) return;
    if (useUiStore.getState().takeComposerFocus()) textarea.current?.focus();
  }, [composerFocus, row.key]);

  async function submit() {
    if (!canSend) return;
    const ok = await send(row.key);
    if (ok) {
      useUiStore.getState().showToast(editing ? `${noun} edited` : `${noun} queued`);
      useUiStore.getState().focusList();
    }
  }

  const imageProblem = problems.find((problem) => problem.field === 'image' && imageUrl.trim() !== '');
  return (
    <form
      className="composer"
      aria-label={isMessage ? `Write to ${row.authorName}` : 'Reply to this comment'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {rules.blockedReason && <p className="composer-note is-warning">{rules.blockedReason}</p>}
      {rules.filledIn.length > 0 && (
        <ul className="composer-facts">
          {rules.filledIn.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}
      {editing && <p className="composer-note">Editing a {rules.noun} from the outbox: sending saves the new text (a failed one is queued again).</p>}
      <textarea
        ref={textarea}
        aria-label={noun}
        className="composer-text"
        placeholder={isMessage ? `Message ${row.authorName}…` : `Reply to ${row.authorName}…`}
        rows={3}
        value={text}
        onChange={(event) => update(row.key, { text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.stopPropagation();
            void submit();
          }
        }}
      />
      {rules.imageAllowed && (
        <input
          type="url"
          className="composer-image"
          aria-label="Image URL (optional, one image)"
          placeholder="Image URL (optional, one image)"
          value={imageUrl}
          onChange={(event) => update(row.key, { imageUrl: event.target.value })}
        />
      )}
      {imageProblem && <p className="composer-note is-warning">{imageProblem.message}</p>}
      {!isMessage && (
        <p className="composer-help">
          {rules.mentionHelp}
          {!rules.imageAllowed && ' Images can go with replies on Facebook and LinkedIn only.'}
        </p>
      )}
      {error && (
        <p className="composer-note is-error" role="alert">
          {error}
        </p>
      )}
      <div className="composer-bar">
        <div className="saved">
          <button
            type="button"
            className="button small ghost"
            aria-expanded={savedOpen}
            aria-controls={`saved-${row.key}`}
            onClick={() => setSavedOpen(!savedOpen)}
          >
            Saved replies
          </button>
          {savedOpen && (
            <ul className="saved-list" id={`saved-${row.key}`} aria-label="Saved replies">
              {savedReplies.map((saved, index) => (
                <li key={`${index}:${saved.title}`}>
                  <button
                    type="button"
                    onClick={() => {
                      const filled = fillTemplate(saved.text, row.authorName);
                      update(row.key, { text: text.trim() === '' ? filled : `${text} ${filled}` });
                      setSavedOpen(false);
                      textarea.current?.focus();
                    }}
                  >
                    <span className="saved-title">{saved.title}</span>
                    <span className="saved-preview">{fillTemplate(saved.text, row.authorName)}</span>
                  </button>
                </li>
              ))}
              <li className="saved-manage">
                <button
                  type="button"
                  onClick={() => {
                    setSavedOpen(false);
                    useUiStore.getState().setOverlay('savedReplies');
                  }}
                >
                  Edit saved replies…
                </button>
              </li>
            </ul>
          )}
        </div>
        <span className="composer-hint">
          <kbd>Ctrl</kbd>/<kbd>⌘</kbd> <kbd>Enter</kbd>
        </span>
        <button type="submit" className="button primary" disabled={!canSend}>
          Send
        </button>
      </div>
    </form>
  );
}
