// The open comment's thread or conversation follows the core's events (stores/liveUpdates.ts starts
// this): new items (under posts, or the open one), a reply to it sent, its state changed anywhere. One
// reload per 400 ms at most; only the thread store is read and written here.
import { on } from '../api/bridge.ts';
import { kindView } from '../kinds/kindViews.ts';
import { throttle } from './throttle.ts';
import { useThreadStore } from './threadStore.ts';

export function listenForThread(): (() => void)[] {
  const openKey = () => useThreadStore.getState().key;
  const refreshThread = throttle(() => {
    const key = openKey();
    if (key !== null) void useThreadStore.getState().load(key);
  }, 400);
  return [
    // New items: the open item when it is among them, or when they sit under posts (a new comment
    // may be a reply in the open thread).
    on('items.new', (value) => {
      if (kindView(value.kind).onAPost || value.keys.includes(openKey() ?? '')) refreshThread();
    }),
    on('outbox.changed', (change) => {
      if (change.kind !== 'removed' && change.item.state === 'sent' && openKey() === change.item.answers) refreshThread();
    }),
    on('items.stateChanged', ({ items, more }) => {
      if (more || items.some((item) => item.key === openKey())) refreshThread();
    }),
  ];
}
