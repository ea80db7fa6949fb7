// Comments / Messages / Everything: what the list shows (the filter's kind); `m` goes round them.
import { KIND_CHOICES } from '../../logic/itemKinds.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import './messages.css';

export function KindSwitch() {
  const kind = useInboxStore((state) => state.filter.kind);
  return (
    <div className="kind-switch" role="group" aria-label="Show comments, messages or both (m)">
      {KIND_CHOICES.map((choice) => (
        <button
          key={choice.label}
          type="button"
          aria-pressed={kind === choice.kind}
          title={`${choice.title} (m)`}
          onClick={() => useInboxStore.getState().setFilter({ kind: choice.kind })}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
