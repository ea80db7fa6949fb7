// A menu or dialog that acts on items (Snooze until…, Assign to…) takes its target when it opens
// and names it ("Snooze james_outdoors’s comment until…"): what it names is what it changes, even
// if the list changes while it is open (issue 27, one target: logic/target.ts).
import { useState } from 'react';
import { targetName, type ActionTarget } from '../logic/target.ts';
import { currentTarget, useInboxStore } from '../stores/inboxStore.ts';
import { useThreadStore } from '../stores/threadStore.ts';

export function useMenuTarget(): { target: ActionTarget; name: string } {
  const [taken] = useState(() => {
    const target = currentTarget();
    const thread = useThreadStore.getState();
    // The open item may not be listed (opened from a notification, from Posts): the pane's own row names it.
    const shown = thread.row;
    return { target, name: targetName(target, useInboxStore.getState().rows, shown) };
  });
  return taken;
}
