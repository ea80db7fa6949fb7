// The exact number of items a list holds, for its header: the same number as the sidebar's. The
// sidebar's counts (inbox.counts, kept live) cover a view of a client or of all of them; a list the
// counts do not cover (Unread only, one network) is counted by the core (inbox.viewSize); a search
// by its loaded results.
import type { InboxCounts, InboxItemKind } from '../../shared/domain/inbox.ts';

/** The parts of the list's filter (inboxStore's ListFilter) that decide how it is counted. */
interface CountedFilter {
  view: 'needsReply' | 'all' | 'done' | 'snoozed' | 'hidden' | 'outbox' | 'closingSoon' | 'assignedToMe';
  profileId: string | null;
  platform: string | null;
  unreadOnly: boolean;
  kind: InboxItemKind | null;
  text: string;
}

/**
 * The count from the sidebar's counts; 'ask' when they do not cover this list (the core counts it);
 * 'loaded' for a search (counting every hit of a common word costs seconds on a large inbox and
 * would hold up the next keystroke's page: the rows loaded say it, "more than" while pages remain);
 * null while the counts are not there yet, or count another kind than the list shows.
 */
export function countFromCounts(filter: CountedFilter, counts: InboxCounts | null, countedKind: InboxItemKind | null): number | 'ask' | 'loaded' | null {
  if (filter.text.trim() !== '') return 'loaded';
  if (filter.unreadOnly || filter.platform !== null) return 'ask';
  if (filter.view === 'outbox' || filter.view === 'closingSoon') return 'ask';
  if (counts === null || countedKind !== filter.kind) return null;
  const scoped = filter.profileId === null ? counts.total : counts.byProfile[filter.profileId];
  return scoped?.[filter.view] ?? 0;
}
