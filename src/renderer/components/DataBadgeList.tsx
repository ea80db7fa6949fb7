// The honest-data badges of a post's numbers (backfilled, recovered, not owned, …), drawn the same
// wherever numbers are shown: the metric panel, a thread's tweets, the client report's top posts.
import type { DataBadge } from '../logic/postMetrics.ts';

export function DataBadgeList({ badges, label = 'About these numbers' }: { badges: readonly DataBadge[]; label?: string }) {
  if (badges.length === 0) return null;
  return (
    <ul className="data-badges" aria-label={label}>
      {badges.map((badge) => (
        <li key={badge.kind} className={`data-badge data-badge-${badge.kind}`} title={badge.detail} data-badge={badge.kind}>
          {badge.text}
        </li>
      ))}
    </ul>
  );
}
