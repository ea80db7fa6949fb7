// The list's exact size for the header (see logic/viewCount.ts): from the sidebar's counts, or asked
// of the core again whenever the filter or the counts change (a triage, new comments).
import { useEffect, useState } from 'react';
import { call } from '../api/bridge.ts';
import { countFromCounts } from '../logic/viewCount.ts';
import { useCountsStore } from '../stores/countsStore.ts';
import { inClosingSoon, useInboxStore } from '../stores/inboxStore.ts';
import { coreFilter } from '../stores/triageStore.ts';

const COUNT_AFTER_TYPING_MS = 250;

/** The number of items of the list, or null while it is not known (the outbox has its own list). */
export function useViewCount(): number | null {
  const filter = useInboxStore((state) => state.filter);
  const closingSoonRows = useInboxStore((state) => (inClosingSoon(state.filter) && state.ready ? state.rows.length : null));
  const counts = useCountsStore((state) => state.counts);
  const countedKind = useCountsStore((state) => state.kind);
  const fromCounts = countFromCounts(filter, counts, countedKind);
  const asks = fromCounts === 'ask' && filter.view !== 'outbox' && !inClosingSoon(filter);
  const [asked, setAsked] = useState<{ filter: typeof filter; count: number } | null>(null);

  useEffect(() => {
    if (!asks) return;
    let current = true;
    // Counting every hit of a search costs more than its first page: asked once the typing pauses,
    // so that it never holds up the page of the next keystroke.
    const timer = setTimeout(
      () =>
        void call('inbox.viewSize', { filter: coreFilter(filter) }).then((result) => {
          if (current && result.ok) setAsked({ filter, count: result.data.count });
        }),
      filter.text.trim() === '' ? 0 : COUNT_AFTER_TYPING_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [asks, filter, counts]);

  if (inClosingSoon(filter)) return closingSoonRows;
  if (filter.view === 'outbox' && filter.text.trim() === '') return null;
  if (fromCounts !== 'ask') return fromCounts;
  return asked?.filter === filter ? asked.count : null;
}
