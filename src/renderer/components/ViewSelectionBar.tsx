// The bar of a selection of a whole view (Shift+A): how many comments it holds, the actions that
// apply to all of them (the same commands, and keys, as for one) and the way out. Comments that came
// in after the selection are listed above it and said to be left out: a sweep only takes what the
// person saw counted.
import { useInboxStore } from '../stores/inboxStore.ts';
import { kindView } from '../kinds/kindViews.ts';
import { coveredBy, type ViewSnapshot } from '../logic/selection.ts';
import { fmt } from '../logic/format.ts';
import { CommandButton } from './CommandButton.tsx';

export function ViewSelectionBar({ selection }: { selection: ViewSnapshot }) {
  const newer = useInboxStore((state) => {
    let count = 0;
    // Newest first: the rows the selection does not cover are at the top.
    for (const row of state.rows) {
      if (coveredBy(selection, row)) break;
      count += 1;
    }
    return count;
  });
  const inDone = selection.filter.view === 'done' && selection.filter.text.trim() === '';
  const count = fmt.number(selection.count);

  return (
    <div className="bulk view-selection" role="group" aria-label="Selected comments">
      <span className="bulk-count" role="status">
        {selection.count === 1 ? `The 1 ${kindView(selection.filter.kind ?? undefined).words.one} in this view selected` : `All ${count} in this view selected`}
        {newer > 0 && ` · ${fmt.number(newer)} newer not included`}
      </span>
      <CommandButton
        command="done"
        label={inDone ? 'Back to the inbox' : 'Mark done'}
        tooltip={inDone ? 'Move them all back to the inbox' : 'Mark them all done'}
        showKey
      />
      <CommandButton command="toggleUnread" tooltip="Mark them all read, or all unread when none of them is" showKey />
      <CommandButton command="snooze" tooltip="Snooze them all" showKey />
      <CommandButton command="clearSelection" className="button ghost small" />
    </div>
  );
}
