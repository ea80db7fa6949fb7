// The Outbox view: replies and direct messages on their way (queued, sending, waiting) and those
// that failed, then the latest sent ones; each card says to whom, where and when, and opens its
// comment or conversation from inside the card.
import { useMemo } from 'react';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { shownInLists } from '../logic/outboxLabels.ts';
import { OutboxCard } from './OutboxCard.tsx';

const RANK = { failed: 0, waiting: 1, queued: 1, sending: 1, sent: 2, cancelled: 3 } as const;

export function OutboxList() {
  const items = useOutboxStore((state) => state.items);
  const profileId = useInboxStore((state) => state.filter.profileId);
  const openKey = useInboxStore((state) => state.openKey);
  const open = useInboxStore((state) => state.open);
  const list = useMemo(
    () =>
      Object.values(items)
        .filter((item) => shownInLists(item) && (profileId === null || item.profileId === profileId))
        .sort((a, b) => RANK[a.state] - RANK[b.state] || b.created - a.created),
    [items, profileId],
  );
  if (list.length === 0) {
    return (
      <div className="list-wrap">
        <div className="list-empty">
          <p>The outbox is empty: every reply and message has gone out.</p>
        </div>
      </div>
    );
  }
  return (
    <div className="list-wrap">
      <ul className="outbox-list" aria-label="Outbox">
        {list.map((item) => (
          <li key={item.id} className={openKey === item.answers ? 'is-open' : ''}>
            <OutboxCard item={item} showWhere onOpen={() => open(item.answers)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
