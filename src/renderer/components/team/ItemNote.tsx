// The item's note, shared with the team (the last one written stands: decision 0054). Edited here;
// saved with the button or the send command's key (a form: commands/listCommands.ts `send` submits
// the form the focus is in); who wrote it last, and when, is said under it.
import { useEffect, useRef, useState } from 'react';
import { withKey } from '../../commands/commandKeys.ts';
import type { TeamItem } from '../../../shared/domain/teamItem.ts';
import { call } from '../../api/bridge.ts';
import { fmt } from '../../logic/format.ts';
import { memberName } from '../../logic/teamWords.ts';
import { useTeamStore } from '../../stores/teamStore.ts';
import { useTriageStore } from '../../stores/triageStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import { useNow } from '../hooks.ts';

export function ItemNote({ item }: { item: TeamItem }) {
  const me = useTeamStore((state) => state.me);
  const noteFocus = useTeamStore((state) => state.noteFocus);
  const loadItem = useTeamStore((state) => state.loadItem);
  const remember = useTriageStore((state) => state.remember);
  const showToast = useUiStore((state) => state.showToast);
  const focusList = useUiStore((state) => state.focusList);
  const [draft, setDraft] = useState(item.note ?? '');
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const now = useNow(60_000);
  // A note that arrives from the team replaces the field's text, unless it is being edited.
  useEffect(() => {
    if (document.activeElement !== field.current) setDraft(item.note ?? '');
  }, [item.note]);
  useEffect(() => {
    if (noteFocus > 0) field.current?.focus();
  }, [noteFocus]);

  const last = [...item.history].reverse().find((entry) => entry.act.kind === 'change' && entry.act.field === 'note');
  const changed = draft.trim() !== (item.note ?? '');

  async function save() {
    setSaving(true);
    const result = await call('inbox.setNote', { key: item.key, note: draft });
    setSaving(false);
    if (!result.ok) {
      showToast(`The note was not saved: ${result.error.message}`);
      return;
    }
    const label = draft.trim() === '' ? 'Note removed' : 'Note saved';
    remember({ token: result.data.undoToken, keys: [item.key], label });
    showToast(label, true);
    field.current?.blur();
    focusList();
    await loadItem(item.key);
  }

  return (
    <form
      className="item-note"
      aria-label="Note for the team"
      onSubmit={(event) => {
        event.preventDefault();
        if (changed && !saving) void save();
      }}
    >
      <label className="item-team-heading" htmlFor="item-note-field">
        Note for the team
      </label>
      <textarea
        id="item-note-field"
        ref={field}
        className="item-note-field"
        rows={2}
        maxLength={10_000}
        placeholder={withKey('What the team should know about this', 'addNote')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="item-note-foot">
        <span className="muted small">
          {last ? `${memberName(last.who, me, true)} wrote it last on ${last.device} · ${fmt.chatTime(last.at, now)}` : 'Everyone in the team sees it.'}
        </span>
        <button type="submit" className="button small" disabled={!changed || saving}>
          {saving ? 'Saving…' : 'Save note'}
        </button>
      </div>
    </form>
  );
}
