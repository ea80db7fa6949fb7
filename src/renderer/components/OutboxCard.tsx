// A reply or a direct message in the outbox, wherever it is shown (thread, chat, Outbox view): its
// text and its state in words, the undo countdown while it waits to go, and Retry / Edit / Cancel
// when it failed.
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { call } from '../api/bridge.ts';
import { stateDetail, stateLabel, undoSecondsLeft } from '../logic/outboxLabels.ts';
import { useComposerStore } from '../stores/composerStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { useNow } from './hooks.ts';

async function act(command: 'outbox.retry' | 'outbox.cancel' | 'outbox.remove', id: string): Promise<void> {
  const result = await call(command, { id });
  if (!result.ok) useUiStore.getState().showToast(result.error.message);
  else if ('item' in result.data) useOutboxStore.getState().put(result.data.item);
}

export function OutboxCard({ item, context }: { item: OutboxItemView; context?: string }) {
  const now = useNow(500);
  const label = stateLabel(item);
  const detail = stateDetail(item, now);
  const undoLeft = undoSecondsLeft(item, now);
  const what = item.kind === 'message' ? 'Your message' : 'Your reply';

  async function undo() {
    const result = await call('outbox.undo', { id: item.id });
    if (!result.ok) {
      useUiStore.getState().showToast(result.error.message);
      return;
    }
    useOutboxStore.getState().put(result.data.item);
    useComposerStore.getState().update(item.answers, { text: result.data.text, editing: null });
    useUiStore.getState().focusComposer();
  }

  function edit() {
    useComposerStore.getState().update(item.answers, { text: item.text, editing: item.id });
    useUiStore.getState().focusComposer();
  }

  return (
    <article className={`outbox-card state-${item.state}`} aria-label={`${what}: ${label}`}>
      <header className="outbox-head">
        <span className="outbox-who">
          {what}
          {context ? ` · ${context}` : ''}
        </span>
        <span className={`badge badge-${item.state}`}>{label}</span>
      </header>
      <p className="outbox-text">{item.text}</p>
      {detail && <p className={item.state === 'failed' ? 'outbox-detail is-error' : 'outbox-detail'}>{detail}</p>}
      <div className="outbox-actions">
        {undoLeft > 0 && (
          <button type="button" className="button small" onClick={() => void undo()}>
            Undo ({undoLeft})
          </button>
        )}
        {item.state === 'failed' && (
          <>
            <button type="button" className="button small primary" onClick={() => void act('outbox.retry', item.id)}>
              Retry
            </button>
            <button type="button" className="button small" onClick={edit}>
              Edit
            </button>
            <button type="button" className="button small ghost" onClick={() => void act('outbox.cancel', item.id)}>
              Cancel
            </button>
          </>
        )}
        {item.state === 'waiting' && (
          <>
            <button type="button" className="button small" onClick={() => void act('outbox.retry', item.id)}>
              Try now
            </button>
            <button type="button" className="button small ghost" onClick={() => void act('outbox.cancel', item.id)}>
              Cancel
            </button>
          </>
        )}
        {item.state === 'queued' && undoLeft === 0 && (
          <button type="button" className="button small ghost" onClick={() => void act('outbox.cancel', item.id)}>
            Cancel
          </button>
        )}
      </div>
    </article>
  );
}
