// A fourth inbox kind (beside the real third, reviews) ("mention", made up here) joins the screen through its registries only — its
// view (kinds/kindViews.ts registerKindView) and its pane (components/kindPanes.tsx
// registerKindPane) — and the screen's generic paths then work for it: the open item is its
// `{kind, data}` from the one item read, the pane is its own, its rows group and select as its view
// says, its answer goes through the one answer command, and the report names its column in its
// words. The bridge here is a stand-in for the Electron preload's window.api.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItemKind, InboxRow } from '../../../../src/shared/domain/inbox.ts';
import type { ClientReport, KindFigures, ResponsivenessView } from '../../../../src/shared/domain/clientReport.ts';
import { commentView } from '../../../../src/renderer/kinds/commentView.ts';
import type { KindView } from '../../../../src/renderer/kinds/kindView.ts';
import { kindView, kindViewOfKey, registerKindView } from '../../../../src/renderer/kinds/kindViews.ts';
import { kindPane, registerKindPane } from '../../../../src/renderer/components/kindPanes.tsx';
import { displayItems, groupKeyOf } from '../../../../src/renderer/logic/listState.ts';
import { selectPostOf } from '../../../../src/renderer/logic/selection.ts';
import { kindFigures } from '../../../../src/renderer/logic/reportFigures.ts';
import { waitingLines } from '../../../../src/renderer/logic/reportWords.ts';
import { createFormatter } from '../../../../src/shared/format/formatter.ts';
import { useThreadStore } from '../../../../src/renderer/stores/threadStore.ts';
import { useComposerStore } from '../../../../src/renderer/stores/composerStore.ts';

const MENTION = 'mention' as InboxItemKind;
const KEY = 'mention:google:r-1';

const mentionView: KindView = {
  ...commentView,
  kind: MENTION,
  answer: 'reply',
  ownsKey: (key) => key.startsWith('mention:'),
  networkOfKey: () => 'google',
  messaging: false,
  onAPost: false,
  listGroup: { key: 'mention', excerpt: 'Mentions' },
  words: {
    ...commentView.words,
    one: 'mention',
    many: 'mentions',
    listNoun: 'mentions',
    report: { kindTitle: 'Mentions', channel: ' mentions', csvChannel: ' mentions', waitingItem: 'mention' },
  },
  composer: { ...commentView.composer, takesImage: false },
};

function MentionPane(): never {
  throw new Error('not rendered in this test');
}

const row = {
  key: KEY,
  kind: MENTION,
  profileId: 'p1',
  platform: 'facebook',
  socialPostId: '',
  postExcerpt: '',
  publicationKey: undefined,
  authorName: 'Rita',
} as unknown as InboxRow;

/** What the stand-in bridge was asked, by command. */
const asked: { name: string; input: unknown }[] = [];
const takeOut: (() => void)[] = [];

beforeEach(() => {
  takeOut.push(registerKindView(mentionView), registerKindPane(MENTION, MentionPane));
  const answers: Record<string, (input: unknown) => unknown> = {
    'inbox.item': () => ({ ok: true, data: { item: { kind: MENTION, data: { stars: 5, text: 'Lovely shop' } }, row, outbox: [] } }),
    'answer.send': (input) => ({
      ok: true,
      data: { item: { id: 'o9', answers: KEY, kind: 'reply', state: 'queued', text: (input as { text: string }).text } },
    }),
  };
  const api = new Proxy(
    {},
    {
      get: (_target, name: string) => (input: unknown) => {
        asked.push({ name, input });
        return Promise.resolve(answers[name]?.(input) ?? { ok: false, error: { code: 'internal', message: 'not in this test' } });
      },
    },
  );
  (globalThis as { window?: unknown }).window = { api };
});

afterEach(() => {
  for (const out of takeOut.splice(0)) out();
  delete (globalThis as { window?: unknown }).window;
  asked.splice(0);
});

describe('a fourth kind on screen, registered through the registries only', () => {
  it('opens as {kind, data} from the one item read, shown by its own pane', async () => {
    expect(kindViewOfKey(KEY)).toBe(mentionView);
    await useThreadStore.getState().load(KEY);
    expect(asked).toEqual([{ name: 'inbox.item', input: { key: KEY } }]);
    expect(useThreadStore.getState().item).toEqual({ kind: 'mention', data: { stars: 5, text: 'Lovely shop' } });
    expect(useThreadStore.getState().row?.key).toBe(KEY);
    expect(kindPane(kindViewOfKey(KEY).kind)).toBe(MentionPane);
  });

  it('groups and selects its rows as its view says (on no post: a group of its own, no post to select)', () => {
    expect(groupKeyOf(row)).toBe('mention');
    expect(displayItems([row, row], true)[0]).toMatchObject({ kind: 'header', postKey: 'mention', excerpt: 'Mentions', count: 2 });
    expect(selectPostOf([row], row)).toEqual(selectPostOf([], { ...row, kind: 'conversation' }));
  });

  it('sends its answer through the one answer command, without an image it does not take', async () => {
    useComposerStore.getState().update(KEY, { text: 'Thank you, Rita!', imageUrl: 'https://example.com/a.png' });
    expect(await useComposerStore.getState().send(KEY)).toBe(true);
    expect(asked).toEqual([{ name: 'answer.send', input: { key: KEY, text: 'Thank you, Rita!' } }]);
  });

  it('names its column and its waiting items in the report in its own words', () => {
    const figures = (kind: InboxItemKind) =>
      ({
        kind,
        totals: { received: 1, answered: 1, unanswered: 0, hidden: 0, deleted: 0 },
        firstResponse: { medianMs: 1, p90Ms: 1 },
        target: null,
      }) as KindFigures;
    const report = { current: { byKind: [figures('comment'), figures(MENTION)] }, previous: { byKind: [] } } as unknown as ClientReport;
    expect(kindFigures(report).map((each) => [each.kind, each.words, each.now?.totals.received ?? null])).toEqual([
      ['comment', 'Comments', 1],
      ['conversation', 'Direct messages', null],
      ['mention', 'Mentions', 1],
    ]);
    const view = {
      slowestUnanswered: [{ id: KEY, network: 'facebook', kind: MENTION, createdAt: Date.parse('2026-10-31T09:00:00Z'), ageMs: 60_000, author: 'Rita' }],
      counts: { timeZone: 'UTC', businessHours: null },
    } as unknown as ResponsivenessView;
    expect(waitingLines(view, createFormatter({ timeZone: 'UTC' }), 1)[0]?.where).toMatch(/^Facebook mention, /);
    expect(kindView(MENTION)).toBe(mentionView);
  });
});
