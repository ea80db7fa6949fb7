// Each store listens to the core's events in its own module (issue 29, item 3: liveUpdates.ts no
// longer reaches into nine stores). The bridge is faked at window.api, the Electron preload's
// object (the one mock the standards allow here): its `on` records listeners, its commands answer
// "not connected". An event then reaches every store that cares, and stopping removes every listener.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxRow } from '../../../../src/shared/domain/inbox.ts';
import { useCountsStore } from '../../../../src/renderer/stores/countsStore.ts';
import { useInboxStore } from '../../../../src/renderer/stores/inboxStore.ts';
import { startLiveUpdates } from '../../../../src/renderer/stores/liveUpdates.ts';
import { useStatusStore } from '../../../../src/renderer/stores/statusStore.ts';

const listeners = new Map<string, Set<(payload: unknown) => void>>();
const fakeApi = new Proxy(
  {
    on: (name: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  },
  {
    get: (target, name: string) =>
      name === 'on' ? target.on : async () => ({ ok: false, error: { code: 'internal', message: 'not connected in this test' } }),
  },
);

function emit(name: string, payload: unknown): void {
  for (const listener of listeners.get(name) ?? []) listener(payload);
}

function listening(): number {
  return [...listeners.values()].reduce((sum, set) => sum + set.size, 0);
}

const row = {
  key: 'instagram:c1',
  kind: 'comment',
  profileId: 'p',
  platform: 'instagram',
  socialCommentId: 'c1',
  socialPostId: 'p1',
  parentSocialCommentId: null,
  postExcerpt: 'Post',
  authorId: 'a',
  authorName: 'mia.makes',
  text: 'Hello',
  created: '2026-11-28T10:00:00Z',
  likeCount: 0,
  hidden: false,
  byAccount: false,
  unread: true,
  done: false,
  snoozedUntil: null,
  replied: false,
  labels: [],
  commentUrn: null,
  videoId: null,
} as InboxRow;

beforeAll(() => {
  (globalThis as { window?: unknown }).window = { api: fakeApi };
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('live updates, one listener per store', () => {
  it('delivers an event to each store that listens to it, and stops them all', () => {
    const stop = startLiveUpdates();
    // items.new: the list, the open thread and the status line each listen for themselves.
    expect(listeners.get('items.new')?.size).toBe(3);
    expect(listeners.get('accounts.changed')?.size).toBeGreaterThanOrEqual(4);

    useInboxStore.setState({ rows: [row] });
    emit('items.stateChanged', { items: [{ key: row.key, state: { unread: false, done: false, snoozedUntil: null, labels: ['vip'] } }], more: false });
    expect(useInboxStore.getState().rows[0]).toMatchObject({ unread: false, labels: ['vip'] });

    const counts = { total: { needsReply: 4 }, byProfile: {} };
    emit('inbox.countsChanged', counts);
    expect(useCountsStore.getState().counts).toEqual(counts);

    emit('store.recovered', { at: 1, reason: 'test' });
    expect(useStatusStore.getState().storeRecovery).toEqual({ at: 1, reason: 'test' });

    stop();
    expect(listening()).toBe(0);
  });
});
