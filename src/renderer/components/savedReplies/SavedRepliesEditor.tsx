// The saved replies the person keeps: add, edit, remove, then Save (one settings.update with the
// whole list and the list as it was opened: main applies only what the person changed, so a change
// another device made meanwhile stays; decision 0063). `{name}` in a text becomes the comment
// author's first name when it is used. Each reply keeps its id; a new one gets a random id here.
import { useState } from 'react';
import { newSavedReplyId, SAVED_REPLY_LIMITS, type SavedReply } from '../../../shared/savedReplies.ts';
import { call } from '../../api/bridge.ts';
import { useSettingsStore } from '../../stores/settingsStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { Dialog } from '../Dialog.tsx';
import './savedReplies.css';

/** What is wrong with the list, in words; empty when it can be saved. */
export function savedRepliesProblems(replies: readonly SavedReply[]): string[] {
  const problems: string[] = [];
  replies.forEach((reply, index) => {
    const which = reply.title.trim() || `Saved reply ${index + 1}`;
    if (reply.title.trim() === '') problems.push(`Saved reply ${index + 1} needs a title.`);
    if (reply.text.trim() === '') problems.push(`“${which}” needs a text.`);
    if (reply.title.length > SAVED_REPLY_LIMITS.title) problems.push(`“${which}”: the title is longer than ${SAVED_REPLY_LIMITS.title} characters.`);
    if (reply.text.length > SAVED_REPLY_LIMITS.text) problems.push(`“${which}”: the text is longer than ${SAVED_REPLY_LIMITS.text} characters.`);
  });
  if (replies.length > SAVED_REPLY_LIMITS.count) problems.push(`At most ${SAVED_REPLY_LIMITS.count} saved replies.`);
  return problems;
}

export function SavedRepliesEditor() {
  const stored = useSettingsStore((state) => state.settings.savedReplies);
  const setSettings = useSettingsStore((state) => state.set);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const showToast = useUiStore((state) => state.showToast);
  // The list as it was opened, sent with the edited one (the stored list may change while this is open).
  const [opened] = useState(stored);
  const [replies, setReplies] = useState<SavedReply[]>(() => stored.map((reply) => ({ ...reply })));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const problems = savedRepliesProblems(replies);
  const close = () => setOverlay(null);

  const change = (id: string, patch: Partial<SavedReply>) => setReplies((list) => list.map((reply) => (reply.id === id ? { ...reply, ...patch } : reply)));

  async function save() {
    setTried(true);
    if (problems.length > 0) return;
    setSaving(true);
    setError(null);
    const savedReplies = replies.map(({ id, title, text }) => ({ id, title: title.trim(), text: text.trim() }));
    const result = await call('settings.update', { savedReplies, savedRepliesOpened: opened });
    setSaving(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    setSettings(result.data);
    close();
    showToast('Saved replies saved');
  }

  return (
    <Dialog title="Saved replies" className="saved-replies-editor">
      <div className="dialog-head">
        <h2>Saved replies</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <p className="muted small">
        Write <code>{'{name}'}</code> where the author’s first name should go: “Thanks, {'{name}'}!” becomes “Thanks, Maya!”.
      </p>
      {replies.length === 0 && <p className="muted">No saved replies. Add one below.</p>}
      <ol className="saved-editor-list">
        {replies.map((reply, index) => (
          <li key={reply.id} className="saved-editor-item">
            <label className="saved-editor-field">
              <span>Title</span>
              <input
                type="text"
                value={reply.title}
                maxLength={SAVED_REPLY_LIMITS.title + 20}
                aria-invalid={tried && reply.title.trim() === ''}
                onChange={(event) => change(reply.id, { title: event.target.value })}
              />
            </label>
            <label className="saved-editor-field">
              <span>Text</span>
              <textarea
                rows={2}
                value={reply.text}
                aria-invalid={tried && reply.text.trim() === ''}
                onChange={(event) => change(reply.id, { text: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="button small ghost saved-editor-remove"
              aria-label={`Remove ${reply.title.trim() || `saved reply ${index + 1}`}`}
              onClick={() => setReplies((list) => list.filter((other) => other.id !== reply.id))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {tried && problems.length > 0 && (
        <ul className="saved-editor-problems error-text" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="saved-editor-actions">
        <button
          type="button"
          className="button small"
          disabled={replies.length >= SAVED_REPLY_LIMITS.count}
          onClick={() => setReplies((list) => [...list, { id: newSavedReplyId(), title: '', text: '' }])}
        >
          Add a saved reply
        </button>
        <span className="saved-editor-spacer" />
        <button type="button" className="button small ghost" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button small primary" disabled={saving} onClick={() => void save()}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </Dialog>
  );
}
