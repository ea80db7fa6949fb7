// `z`, the toolbar's Undo and the toast's Undo take back what was done last, as Gmail and Superhuman
// do: a reply or message just sent, while its undo window is open (its text goes back into the
// composer, nothing leaves the machine), else the last triage action (triageStore.ts).
import { taskWordsOf } from '../kinds/kindViews.ts';
import { useEffect, useState } from 'react';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { call } from '../api/bridge.ts';
import { undoSecondsLeft } from '../logic/outboxLabels.ts';
import { useComposerStore } from './composerStore.ts';
import { useInboxStore } from './inboxStore.ts';
import { useOutboxStore } from './outboxStore.ts';
import { useTriageStore } from './triageStore.ts';
import { useUiStore } from './uiStore.ts';

/** The send that `z` would take back now: sent last (after the last triage action) and still inside its undo window. */
export function undoableSend(now: number): OutboxItemView | null {
  const last = useOutboxStore.getState().lastSent;
  if (last === null) return null;
  const triage = useTriageStore.getState().history.at(-1);
  if (triage !== undefined && triage.at > last.at) return null;
  const item = useOutboxStore.getState().items[last.id];
  return item !== undefined && undoSecondsLeft(item, now) > 0 ? item : null;
}

/** Takes a send back within its undo window: its text returns to its composer, which gets the focus (a removal carries none: nothing to put back). */
export async function undoSend(item: OutboxItemView): Promise<boolean> {
  const result = await call('outbox.undo', { id: item.id });
  if (!result.ok) {
    useUiStore.getState().showToast(result.error.message);
    return false;
  }
  const words = taskWordsOf(item.kind);
  useOutboxStore.getState().put(result.data.item);
  if (useOutboxStore.getState().lastSent?.id === item.id) useOutboxStore.setState({ lastSent: null });
  if (useInboxStore.getState().openKey !== item.answers) useInboxStore.getState().open(item.answers);
  if (words.carriesText) {
    useComposerStore.getState().update(item.answers, { text: result.data.text, editing: null });
    useUiStore.getState().focusComposer();
  }
  useUiStore.getState().showToast(words.undone);
  return true;
}

/** Undoes what was done last: the send inside its window, else the last triage action. */
export async function undoLast(): Promise<void> {
  const item = undoableSend(Date.now());
  if (item !== null) {
    await undoSend(item);
    return;
  }
  await useTriageStore.getState().undo();
}

/** Whether `z` can undo anything now; turns false by itself when the send's undo window closes. */
export function useCanUndo(): boolean {
  const triage = useTriageStore((state) => state.history.at(-1)?.at ?? null);
  const last = useOutboxStore((state) => state.lastSent);
  const item = useOutboxStore((state) => (last === null ? undefined : state.items[last.id]));
  const endsAt = item?.state === 'queued' && item.attempts === 0 ? item.sendAfter : null;
  // The window whose end has passed: a timer marks it, so nothing reads the clock during render.
  const [ended, setEnded] = useState<number | null>(null);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = setTimeout(() => setEnded(endsAt), Math.max(0, endsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [endsAt]);
  const sendOpen = last !== null && endsAt !== null && ended !== endsAt && (triage === null || last.at >= triage);
  return triage !== null || sendOpen;
}
