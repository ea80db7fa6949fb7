// The list's size for the header (see logic/viewCount.ts): from the sidebar's counts, asked of the
// core again whenever the filter or the counts change (a triage, new comments), or a search's
// loaded results.
import { useEffect, useState } from 'react';
import { call } from '../api/bridge.ts';
import { countFromCounts } from '../logic/viewCount.ts';
import { useCountsStore } from '../stores/countsStore.ts';
import { countOfView, inClosingSoon, useInboxStore } from '../stores/inboxStore.ts';
import { coreFilter } from '../stores/triageStore.ts';

/** How many items the list has (`atLeast`: more than that, a search with pages still to load); null while not known. */
export type ViewCount = { exact: number } | { atLeast: number };

export function useViewCount(): ViewCount | null {
  const filter = useInboxStore((state) => state.filter);
  // A row kept only because it is open is not among the view's items (nor a search's results).
  const loaded = useInboxStore((state) => (state.ready ? countOfView(state) : null));
  const more = useInboxStore((state) => state.next !== null);
  const counts = useCountsStore((state) => state.counts);
  const countedKind = useCountsStore((state) => state.kind);
  const fromCounts = countFromCounts(filter, counts, countedKind);
  const asks = fromCounts === 'ask' && filter.view !== 'outbox' && !inClosingSoon(filter);
  const [asked, setAsked] = useState<{ filter: typeof filter; count: number } | null>(null);

  useEffect(() => {
    if (!asks) return;
    let current = true;
    void call('inbox.viewSize', { filter: coreFilter(filter) }).then((result) => {
      if (current && result.ok) setAsked({ filter, count: result.data.count });
    });
    return () => {
      current = false;
    };
  }, [asks, filter, counts]);

  // Closing soon is one answer of the core, no pages: its rows are all of it.
  if (inClosingSoon(filter)) return loaded === null ? null : { exact: loaded };
  if (filter.view === 'outbox' && filter.text.trim() === '') return null;
  if (fromCounts === 'loaded') return loaded === null ? null : more ? { atLeast: loaded } : { exact: loaded };
  if (fromCounts !== 'ask') return fromCounts === null ? null : { exact: fromCounts };
  return asked?.filter === filter ? { exact: asked.count } : null;
}
