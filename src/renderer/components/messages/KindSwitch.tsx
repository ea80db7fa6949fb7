// All / Comments / Messages / Reviews: what the list shows (the filter's kind); `m` goes round them.
import { withKey } from '../../commands/commandKeys.ts';
import { KIND_CHOICES } from '../../logic/itemKinds.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import './messages.css';

export function KindSwitch() {
  const kind = useInboxStore((state) => state.filter.kind);
  const setFilter = useInboxStore((state) => state.setFilter);
  return (
    <div className="kind-switch" role="group" aria-label={withKey('Show comments, messages, reviews or all', 'kind')}>
      {KIND_CHOICES.map((choice) => (
        <button
          key={choice.label}
          type="button"
          aria-pressed={kind === choice.kind}
          title={withKey(choice.title, 'kind')}
          onClick={() => setFilter({ kind: choice.kind })}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
