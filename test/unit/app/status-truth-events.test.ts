// Issue 27, items 3–5: what the sync tells the renderer through the core's events. A client whose
// messaging is off is not a failing sync (no sync.problem: the status stays green); a failure is;
// a first complete fetch is passed on as sync.fetched, checked against the bridge's schema.
import { describe, expect, it } from 'vitest';
import { EventHub } from '../../../src/main/core/bridge/eventHub.ts';
import { CoreEvents, type CoreEventsDeps } from '../../../src/main/core/app/coreEvents.ts';
import { StatusBoard } from '../../../src/main/core/app/statusBoard.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import type { BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';

function rig() {
  const hub = new EventHub();
  const seen: BridgeEvent[] = [];
  hub.subscribe((event) => seen.push(event));
  // The sync's errors and progress use none of the store, registry or planner: they stay unreachable.
  const unused = new Proxy({}, { get: () => () => expect.unreachable('not used by these events') });
  const events = new CoreEvents({
    hub,
    board: new StatusBoard(),
    store: unused,
    registry: unused,
    planner: unused,
    countsChanged: () => undefined,
    logger: undefined,
  } as unknown as CoreEventsDeps);
  return { events, seen };
}

const refusal = (code: number): SyncEvent => ({
  type: 'sync-error',
  accountId: 'acc',
  profileId: 'p-yoga',
  error: { kind: 'messaging', message: 'Direct messages of this profile are not synced: messaging is not enabled', status: 403, code },
});

describe('the status the core tells', () => {
  it('messaging switched off for a client is its setting, not a sync problem', () => {
    const { events, seen } = rig();
    events.sync(refusal(361));
    expect(seen.filter((event) => event.name === 'sync.problem')).toEqual([]);
  });

  it('another refusal of messages, or a failing service, is a sync problem', () => {
    const { events, seen } = rig();
    events.sync(refusal(362));
    events.sync({ type: 'sync-error', accountId: 'acc', profileId: 'p-yoga', error: { kind: 'service', message: 'HTTP 503', status: 503 } });
    expect(seen.filter((event) => event.name === 'sync.problem')).toHaveLength(2);
  });

  it('a first complete fetch goes to the renderer as sync.fetched', () => {
    const { events, seen } = rig();
    events.sync({ type: 'first-fetch', accountId: 'acc', profileId: 'p-yoga', fetched: { comment: 5, conversation: null }, checked: true });
    expect(seen).toEqual([
      { name: 'sync.fetched', payload: { accountId: 'acc', profileId: 'p-yoga', firstFetched: { comment: 5, conversation: null }, checked: true } },
    ]);
  });
});
