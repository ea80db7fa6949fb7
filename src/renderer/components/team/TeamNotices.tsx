// Two people decided about the same item at once, and the team's merge kept one (decision 0054):
// each of them is told here, once, until they dismiss it ("Bob snoozed this while you marked it
// done: it stays snoozed until Mon 23 Nov, 9:00"). Open shows the item.
import { fmt } from '../../logic/format.ts';
import { noticeWords } from '../../logic/teamWords.ts';
import { openRow } from '../../actions.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import { useTeamStore } from '../../stores/teamStore.ts';
import { useNow } from '../hooks.ts';
import { Notice } from '../Notice.tsx';

export function TeamNotices() {
  const notices = useTeamStore((state) => state.notices);
  const me = useTeamStore((state) => state.me);
  const dismiss = useTeamStore((state) => state.dismiss);
  const selectKey = useInboxStore((state) => state.selectKey);
  const now = useNow(60_000);
  if (notices.length === 0) return null;
  return (
    <>
      {notices.map((notice) => (
        <Notice key={notice.id} label="Decided at the same time">
          <p className="notice-message" role="status">
            {noticeWords(notice, me, fmt, now)}
          </p>
          <div className="notice-actions">
            <button
              type="button"
              className="button small"
              onClick={() => {
                selectKey(notice.itemKey);
                openRow(notice.itemKey);
              }}
            >
              Open it
            </button>
            <button type="button" className="button small" onClick={() => void dismiss(notice.id)}>
              Dismiss
            </button>
          </div>
        </Notice>
      ))}
    </>
  );
}
