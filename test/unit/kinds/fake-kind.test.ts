// A fourth inbox kind (beside the real third, reviews) ("mention", made up here) joins the core through its registries only — the
// descriptor registry (kinds/inboxKinds.ts), the item read/answer registry (app/kindItems.ts) and
// the bridge's (shared/domain/registeredKinds.ts) — and the core's generic paths then work for it:
// its sync's news, its rows, its notification, the one item read and the one answer command through
// the bridge's own checks, its column in the report. Nothing here edits a file of the core for it:
// what a real kind adds beyond this (its store tables, its sync job) is in docs/architecture.md,
// "Adding an inbox kind".
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher, type CommandHandlers } from '../../../src/main/core/bridge/createDispatcher.ts';
import type { BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';
import { EventHub } from '../../../src/main/core/bridge/eventHub.ts';
import { CoreEvents, type CoreEventsDeps } from '../../../src/main/core/app/coreEvents.ts';
import { kindItems, registerKindItems } from '../../../src/main/core/app/kindItems.ts';
import type { InboxKindDescriptor } from '../../../src/main/core/kinds/inboxKind.ts';
import { findInboxKindOfKey, inboxKindOfKey, inboxRowOfKey, registerInboxKind } from '../../../src/main/core/kinds/inboxKinds.ts';
import { NotificationPlanner } from '../../../src/main/core/notifications/notificationPlanner.ts';
import type { AppNotification } from '../../../src/main/core/ports.ts';
import { ReceivedColumns, OPEN, NO_RESPONSE, sourceCode } from '../../../src/main/core/report/receivedColumns.ts';
import { computeResponsiveness } from '../../../src/main/core/report/responsiveness.ts';
import { notificationText } from '../../../src/main/electron/notifier.ts';
import { type InboxItemKind, type InboxRow, InboxRowSchema } from '../../../src/shared/domain/inbox.ts';
import type { InboxItem } from '../../../src/shared/domain/inboxItem.ts';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import { registerBridgeKind } from '../../../src/shared/domain/registeredKinds.ts';
import { SteppingClock } from '../../support/steppingClock.ts';
import { SAMPLE_OUTPUTS } from '../bridge/contractSamples.ts';

const SECOND = 1_000;
const HOUR = 3_600_000;
/** The made-up kind's name: not one of this build's kinds, so it is cast where a name is typed. */
const MENTION = 'mention' as InboxItemKind;
const KEY = 'mention:google:r-1';
const T = Date.parse('2026-03-02T09:00:00Z');

/** The mentions the made-up kind's "store" has: its rows, as its own sync would have written them. */
const mentions = new Map<string, InboxRow>([
  [KEY, { ...SAMPLE_OUTPUTS['inbox.page'].rows[0]!, key: KEY, kind: MENTION, authorName: 'Rita', text: 'Lovely shop' }],
]);

const mentionKind: InboxKindDescriptor = {
  name: MENTION,
  code: 9,
  answeredBy: 'reply',
  words: { one: 'mention', other: 'mentions', news: (count, counted) => counted(count, { one: 'new mention', other: 'new mentions' }) },
  news: { count: 'each', firstFetch: 'summary', isNews: (_store, key) => mentions.get(key)?.byAccount !== true },
  searchIndex: 'mentions_fts',
  owns: (key) => key.startsWith('mention:'),
  parse: (key) => (key.startsWith('mention:') ? { platform: 'facebook', id: key.slice('mention:google:'.length) } : null),
  row: (_store, key) => mentions.get(key),
  searchMatch: () => ({ text: '', ranges: [], authorRanges: [], message: null }),
  answerSent: () => {},
  report: {
    addItems: (columns) => {
      // Two mentions: one answered after two hours, one still waiting.
      const channel = columns.channelOf('facebook', MENTION);
      columns.add(channel, T, OPEN, T + 2 * HOUR, sourceCode('outbox-confirmed'), 'mention:google:r-1');
      columns.add(channel, T + HOUR, OPEN, 0, NO_RESPONSE, 'mention:google:r-2');
    },
    waitingWords: () => ({ author: 'Rita' }),
  },
};

const answered: OutboxItemView[] = [];
const takeOut: (() => void)[] = [];
afterEach(() => {
  for (const out of takeOut.splice(0)) out();
});

function registerMentions(): void {
  takeOut.push(registerInboxKind(mentionKind));
  // The bridge's side: its keys, its item's data and its answer's rules, each its own.
  takeOut.push(
    registerBridgeKind({
      name: MENTION,
      ownsKey: (key) => key.startsWith('mention:'),
      data: z.object({ mention: InboxRowSchema }),
      answer: z.strictObject({ key: z.string(), text: z.string().max(280, 'An answer to a mention is at most 280 characters') }),
      noImageWords: 'An answer to a mention takes no image',
    }),
  );
  takeOut.push(
    registerKindItems(MENTION, () => ({
      read: (key) => ({ item: { kind: MENTION, data: { mention: mentions.get(key) } } as unknown as InboxItem, row: mentions.get(key)! }),
      answer: ({ key, text }) => {
        const item = { ...SAMPLE_OUTPUTS['answer.send'].item, answers: key, text };
        answered.push(item);
        return Promise.resolve(item);
      },
    })),
  );
}

describe('a fourth kind, registered through the registries only', () => {
  it('is found by its keys and reads its rows; taken back out, it is no kind again', () => {
    expect(findInboxKindOfKey(KEY)).toBeNull();
    registerMentions();
    expect(inboxKindOfKey(KEY)).toBe(mentionKind);
    expect(inboxRowOfKey({ thread: () => null, conversation: () => null }, KEY)?.authorName).toBe('Rita');
    // Its name and code are its own: a second registration under a taken name is refused.
    expect(() => registerInboxKind({ ...mentionKind, code: 10 })).toThrow(/already/);
    for (const out of takeOut.splice(0)) out();
    expect(findInboxKindOfKey(KEY)).toBeNull();
  });

  it('is read and answered through the one item read and the one answer command', async () => {
    registerMentions();
    const itemsOf = kindItems({} as never);
    const kind = inboxKindOfKey(KEY).name;
    expect(itemsOf(kind).read(KEY)).toMatchObject({ item: { kind: 'mention' }, row: { key: KEY } });
    const item = await itemsOf(kind).answer({ key: KEY, text: 'Thank you, Rita!' });
    expect(item).toMatchObject({ answers: KEY, text: 'Thank you, Rita!' });
    expect(answered.at(-1)).toBe(item);
    // Its answer is a task kind the outbox has (the descriptor names it).
    expect(mentionKind.answeredBy).toBe('reply');
  });

  it('is read and answered through the bridge, its own rules checked there', async () => {
    registerMentions();
    const itemsOf = kindItems({} as never);
    // The two commands as commandHandlers.ts answers them, behind the bridge's real checks.
    const handlers = {
      'inbox.item': ({ key }: { key: string }) => ({ ...itemsOf(inboxKindOfKey(key).name).read(key), outbox: [] }),
      'answer.send': async (input: { key: string; text: string }) => ({ item: await itemsOf(inboxKindOfKey(input.key).name).answer(input) }),
    } as unknown as CommandHandlers;
    const logged: string[] = [];
    const bridge = createDispatcher({
      handlers,
      subscribe: () => () => {},
      logger: { warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) },
    });
    const read = await bridge.invoke('inbox.item', { key: KEY });
    expect(read).toMatchObject({
      ok: true,
      data: { item: { kind: 'mention', data: { mention: { key: KEY, authorName: 'Rita' } } }, row: { key: KEY, kind: 'mention' } },
    });
    const sent = await bridge.invoke('answer.send', { key: KEY, text: 'Thank you, Rita!' });
    expect(sent).toMatchObject({ ok: true, data: { item: { answers: KEY, text: 'Thank you, Rita!' } } });
    // Its own limit and its own words for an image it does not take.
    const long = await bridge.invoke('answer.send', { key: KEY, text: 'x'.repeat(281) });
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('at most 280 characters') } });
    const image = await bridge.invoke('answer.send', { key: KEY, text: 'Thanks', mediaUrls: ['https://example.com/a.png'] });
    expect(image).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('takes no image') } });
    expect(logged).toEqual([]);
    // Taken back out, the bridge refuses its keys again.
    for (const out of takeOut.splice(0)) out();
    expect(await bridge.invoke('inbox.item', { key: KEY })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('turns its sync’s news into one new-items event and a notification in its own words', async () => {
    registerMentions();
    const clock = new SteppingClock();
    const shown: AppNotification[] = [];
    const planner = new NotificationPlanner({
      clock,
      notifier: { show: (notification) => shown.push(notification) },
      enabled: () => true,
      profileTitle: () => 'Bakery Bloom',
      preview: (key) => `${mentions.get(key)?.authorName ?? ''}: ${mentions.get(key)?.text ?? ''}`,
      gatherMs: 5 * SECOND,
    });
    const emitted: BridgeEvent[] = [];
    let countsMoved = 0;
    // The real hub: an event reaches the screen only once its payload passed the bridge's schema.
    const hub = new EventHub();
    hub.subscribe((event) => emitted.push(event));
    const deps = {
      hub,
      store: {},
      registry: { activeProfileIds: () => new Set(['p1']) },
      board: {},
      planner,
      countsChanged: () => countsMoved++,
      logger: undefined,
    } as unknown as CoreEventsDeps;
    const events = new CoreEvents(deps);
    events.sync({
      type: 'new-items',
      kind: 'mention',
      accountId: 'a1',
      profileId: 'p1',
      platform: 'facebook',
      keys: [KEY, 'mention:google:r-2'],
      firstFetch: false,
    });
    expect(emitted).toEqual([
      {
        name: 'items.new',
        payload: { kind: 'mention', accountId: 'a1', profileId: 'p1', platform: 'facebook', keys: [KEY, 'mention:google:r-2'], firstFetch: false },
      },
    ]);
    expect(countsMoved).toBe(1);
    await clock.runFor(10 * SECOND);
    expect(shown).toEqual([expect.objectContaining({ kind: 'new-items', profileId: 'p1', firstKey: KEY, preview: 'Rita: Lovely shop' })]);
    const [note] = shown;
    if (note?.kind !== 'new-items') throw new Error('no notification');
    expect(note.counts).toMatchObject({ mention: 2, comment: 0, conversation: 0 });
    expect(notificationText(note).title).toBe('Bakery Bloom: 2 new mentions');
    planner.close();
  });

  it('adds its column to the report: its items counted apart, per network and per kind', () => {
    registerMentions();
    const columns = new ReceivedColumns();
    mentionKind.report.addItems(columns, {} as never, 'p1', { start: T - HOUR, end: T + 24 * HOUR }, []);
    const report = computeResponsiveness({
      items: columns,
      period: { start: T - HOUR, end: T + 24 * HOUR },
      asOf: T + 24 * HOUR,
      settings: { timeZone: 'UTC', businessHours: null, responseTarget: null },
    });
    expect(report.byChannel).toEqual([expect.objectContaining({ network: 'facebook', kind: 'mention', received: 2, answered: 1, unanswered: 1 })]);
    expect(report.byKind?.map((figures) => [figures.kind, figures.totals.received, figures.firstResponse.medianMs])).toEqual([['mention', 2, 2 * HOUR]]);
  });
});
