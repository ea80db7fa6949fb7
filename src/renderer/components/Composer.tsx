// Reply in place, to a comment or in a conversation of direct messages: the network's rules before
// sending (for a message, its reply window: Send is off once it has closed, and the note says why),
// saved replies, @mention help, one image where the network takes one with a reply,
// Ctrl/Cmd+Enter to send. What is sent shows at once as "Queued".
import { choiceMenuKey } from './choiceMenuKeys.ts';
import { CommandKey } from './CommandKey.tsx';
import { useEffect, useRef, useState } from 'react';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { draftProblems, fillTemplate } from '../logic/composerRules.ts';
import { kindView } from '../kinds/kindViews.ts';
import { useCommentsSwitchStore } from '../stores/commentsSwitchStore.ts';
import { advanceAfterSend } from '../actions.ts';
import { useComposerStore } from '../stores/composerStore.ts';
import { openItemOf, useThreadStore } from '../stores/threadStore.ts';
import { useSettingsStore } from '../stores/settingsStore.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { useNow } from './hooks.ts';
import { useComposingPresence } from './useComposingPresence.ts';

export function Composer({ row }: { row: InboxRow }) {
  const draft = useComposerStore((state) => state.drafts[row.key]);
  const update = useComposerStore((state) => state.update);
  const send = useComposerStore((state) => state.send);
  const sending = useComposerStore((state) => state.sending);
  const error = useComposerStore((state) => state.error);
  const composerFocus = useUiStore((state) => state.composerFocus);
  const savedRequest = useUiStore((state) => state.savedRepliesRequest);
  const takeComposerFocus = useUiStore((state) => state.takeComposerFocus);
  const takeSavedReplies = useUiStore((state) => state.takeSavedReplies);
  const showToast = useUiStore((state) => state.showToast);
  const focusList = useUiStore((state) => state.focusList);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const isOpen = useInboxStore((state) => state.isOpen);
  const keyAfter = useInboxStore((state) => state.keyAfter);
  const savedList = useRef<HTMLUListElement | null>(null);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [savedOpen, setSavedOpen] = useState(false);
  const savedReplies = useSettingsStore((state) => state.settings.savedReplies);
  const text = draft?.text ?? '';
  const imageUrl = draft?.imageUrl ?? '';
  const editing = draft?.editing ?? null;
  const view = kindView(row.kind);
  const now = useNow(view.composer.recheckMs);
  const rules = view.composer.rules(row, now);
  const noun = view.words.composerNoun;
  const problems = draftProblems(rules, text, imageUrl);
  const commentsOff = useCommentsOff(row);
  const canSend = rules.canReply && !commentsOff && problems.length === 0 && !sending;
  useComposingPresence(row.key, text);

  // A pending request (r, Edit, Undo) is taken once, also by a composer that appears just after;
  // a composer that appears for the next comment otherwise leaves the focus in the list.
  useEffect(() => {
    if (!isOpen(row.key)) return;
    if (takeComposerFocus()) textarea.current?.focus();
  }, [composerFocus, row.key, isOpen, takeComposerFocus]);

  // `;` or Ctrl/⌘ ; (issue 19): the saved replies open with the focus on the first, to pick from the keyboard.
  useEffect(() => {
    if (!isOpen(row.key) || !view.composer.savedReplies) return;
    if (takeSavedReplies()) setSavedOpen(true);
  }, [savedRequest, row.key, view, isOpen, takeSavedReplies]);
  useEffect(() => {
    if (savedOpen) savedList.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [savedOpen]);

  /** A saved reply into the text (after what is there), the list closed, the focus back in the text. */
  function insertSaved(saved: { text: string }) {
    const filled = fillTemplate(saved.text, row.authorName);
    update(row.key, { text: text.trim() === '' ? filled : `${text} ${filled}` });
    setSavedOpen(false);
    textarea.current?.focus();
  }

  async function submit() {
    if (!canSend) return;
    const next = keyAfter(row.key);
    const ok = await send(row.key);
    if (ok) {
      showToast(editing ? `${noun} edited` : `${noun} queued`);
      focusList();
      // Auto-advance (a setting, on by default): the next item opens, unless another was opened meanwhile.
      advanceAfterSend(row.key, next);
    }
  }

  const imageProblem = problems.find((problem) => problem.field === 'image' && imageUrl.trim() !== '');
  // Why Send is off for a text that is there (too long, a broken character, only invisible ones); a blank box needs no words.
  const textProblem = text.trim() === '' ? undefined : problems.find((problem) => problem.field === 'text');
  return (
    <form
      className="composer"
      aria-label={view.words.composerLabel(row.authorName)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {rules.blockedReason && <p className="composer-note is-warning">{rules.blockedReason}</p>}
      {!rules.blockedReason && commentsOff && (
        <p className="composer-note is-warning" id={`comments-off-${row.key}`}>
          Comments are off on this post, so a reply cannot be posted. Turn them on above to reply.
        </p>
      )}
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
        placeholder={view.words.placeholder(row.authorName)}
        rows={3}
        disabled={commentsOff}
        aria-describedby={commentsOff ? `comments-off-${row.key}` : undefined}
        value={text}
        onChange={(event) => update(row.key, { text: event.target.value })}
      />
      {textProblem && <p className="composer-note is-warning">{textProblem.message}</p>}
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
      {view.composer.showsHelp && (
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
            <ul
              ref={savedList}
              className="saved-list"
              id={`saved-${row.key}`}
              aria-label="Saved replies"
              onKeyDown={(event) => {
                // The keys of every menu of choices (1–9, arrows, j/k; Enter is the button's own); Esc goes back to the text.
                if (choiceMenuKey(event, savedReplies, insertSaved, savedList.current)) return;
                if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  setSavedOpen(false);
                  textarea.current?.focus();
                }
              }}
            >
              {savedReplies.map((saved, index) => (
                <li key={`${index}:${saved.title}`}>
                  <button type="button" onClick={() => insertSaved(saved)}>
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
                    setOverlay('savedReplies');
                  }}
                >
                  Edit saved replies…
                </button>
              </li>
            </ul>
          )}
        </div>
        <span className="composer-hint">
          <CommandKey command="send" />
        </span>
        <button type="submit" className="button primary" disabled={!canSend}>
          Send
        </button>
      </div>
    </form>
  );
}

/**
 * Whether the comment's post has its comments off (or on their way off): the service refuses a
 * reply then, so the composer says so before anything is typed (issue 19). Read from the open
 * thread's post, as its comments switch shows it.
 */
function useCommentsOff(row: InboxRow): boolean {
  const post = useThreadStore((state) => (kindView(row.kind).onAPost && state.row?.key === row.key ? (openItemOf(state.item, 'comment')?.post ?? null) : null));
  const live = useCommentsSwitchStore((state) => (post ? state.views[post.key] : undefined)) ?? post;
  if (!live) return false;
  return live.disableComments || live.commentsChange?.enabled === false;
}
