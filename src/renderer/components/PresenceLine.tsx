// "Ann is replying" on the open item (issue 22): who else in the team is writing to it now. The
// line goes when they stop, or when their presence expires without a word (a closed laptop).
import { presenceLine } from '../logic/presenceWords.ts';
import { usePresenceStore } from '../stores/presenceStore.ts';
import { useNow } from './hooks.ts';

export function PresenceLine({ itemKey }: { itemKey: string }) {
  const present = usePresenceStore((state) => state.present);
  const me = usePresenceStore((state) => state.me);
  const now = useNow(1000);
  const line = presenceLine(present, me, itemKey, now);
  return (
    <span className="thread-presence" role="status">
      {line}
    </span>
  );
}
