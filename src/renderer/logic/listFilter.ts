// What the list shows: a view, narrowed by client, network, unread and kind, or a search.
import type { InboxItemKind, InboxView } from '../../shared/domain/inbox.ts';
import type { Network } from '../../shared/networks.ts';

export type ListView = InboxView | 'outbox' | 'closingSoon';

export interface ListFilter {
  view: ListView;
  profileId: string | null;
  platform: Network | null;
  unreadOnly: boolean;
  /** Comments only, conversations only, or null for all ("All"). */
  kind: InboxItemKind | null;
  /** A search: non-empty means the list shows search results over every view. */
  text: string;
}
