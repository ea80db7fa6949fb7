// Hostile texts at the bridge, through the core as a host builds it and the real sandbox: a reply or a
// direct message whose text holds a lone surrogate (half of an emoji) or nothing but invisible
// characters is refused by the dispatcher with a typed error and a reason in words, and nothing is
// queued (the outbox stays empty, the sandbox's ledger has no write). A text with real emoji (pairs,
// joiner sequences, variation selectors) beside visible words goes through, as a positive control.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxRow } from '../../src/shared/domain/inbox.ts';
import { AppRig } from '../integration/app/appHarness.ts';

// [what it is, the text]
const BROKEN: [string, string][] = [
  ['a lone high surrogate at the end', 'Thanks so much \uD83D'],
  ['a lone low surrogate at the start', '\uDE00 see you soon'],
  ['two halves in the wrong order', 'Great \uDE00\uD83D work'],
  ['a lone surrogate alone', '\uD83D'],
];
const INVISIBLE: [string, string][] = [
  ['a zero-width space', '\u200B'],
  ['zero-width spaces and joiners', '\u200B\u200C\u200D\u2060'],
  ['a byte-order mark and a zero-width space', '\uFEFF\u200B'],
  ['direction marks', '\u200E\u200F\u202A\u202C'],
  ['spaces around a zero-width space', '  \u200B\u00A0 '],
  ['a soft hyphen and a variation selector', '\u00AD\uFE0F'],
  ['Hangul fillers and a braille blank', '\u3164\u115F\u2800'],
  ['tag characters', '\u{E0041}\u{E0042}'],
];
const FINE = 'Thanks 😀 👩‍💻 ❤️ see you \u200Bsoon';

let rig: AppRig;
let comment: InboxRow;
let conversation: InboxRow;

beforeAll(async () => {
  rig = await AppRig.start();
  const rows = await rig.until('a comment and a conversation to answer', async () => {
    const comments = await rig.call('inbox.page', { filter: { view: 'needsReply', kind: 'comment' }, limit: 500 });
    const conversations = await rig.call('inbox.page', { filter: { kind: 'conversation' }, limit: 500 });
    const c = comments.rows.find((row) => !row.byAccount && (row.platform === 'facebook' || row.platform === 'instagram'));
    const d = conversations.rows.find((row) => row.platform === 'twitter');
    return c && d ? { c, d } : null;
  });
  comment = rows.c;
  conversation = rows.d;
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

/** An answer to the comment (a reply) or to the conversation (a direct message), through the one answer command. */
async function refused(answering: 'reply' | 'message', text: string): Promise<string> {
  const input = { key: answering === 'reply' ? comment.key : conversation.key, text };
  const result = await rig.invoke('answer.send', input);
  if (result.ok) throw new Error(`answer.send queued ${JSON.stringify(text)}`);
  expect(result.error.code).toBe('invalid-input');
  return result.error.message;
}

describe('texts that are not writing are refused at the bridge, before anything is queued', () => {
  it.each(BROKEN)('a broken character: %s', async (_, text) => {
    expect(await refused('reply', text)).toContain('This reply holds a broken character (half of an emoji or a symbol');
    expect(await refused('message', text)).toContain('This message holds a broken character');
    expect((await rig.call('outbox.list', {})).items).toEqual([]);
  });

  it.each(INVISIBLE)('only invisible characters: %s', async (_, text) => {
    const reply = await refused('reply', text);
    // Text that trims to nothing is "empty", as before; the rest says it holds only invisible characters.
    expect(reply).toMatch(text.trim() === '' ? /A reply must not be empty/ : /This reply holds only invisible characters/);
    expect(await refused('message', text)).toMatch(text.trim() === '' ? /A message must not be empty/ : /This message holds only invisible characters/);
    expect((await rig.call('outbox.list', {})).items).toEqual([]);
  });

  it('nothing reached the service, and real emoji beside words still go out', async () => {
    expect((await rig.ledger()).filter((entry) => entry.kind === 'comment.reply' || entry.kind === 'message.send')).toEqual([]);
    const reply = (await rig.call('answer.send', { key: comment.key, text: FINE })).item;
    const message = (await rig.call('answer.send', { key: conversation.key, text: FINE })).item;
    expect((await rig.call('outbox.list', {})).items.map((item) => item.id).sort()).toEqual([reply.id, message.id].sort());
  });
});
