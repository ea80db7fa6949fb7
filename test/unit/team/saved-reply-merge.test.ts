// The pieces of decision 0063 that need no server: a form's save applied against what it was opened
// with (saved replies and a client's report settings), and the order keys a save writes.
import { describe, expect, it } from 'vitest';
import { editedClientSettings } from '../../../src/main/core/app/clientSettingsEdit.ts';
import { editedReplies } from '../../../src/main/core/app/savedRepliesEdit.ts';
import { orderKeysToWrite } from '../../../src/main/core/app/savedReplyOrder.ts';
import type { ClientSettings } from '../../../src/shared/domain/clientSettings.ts';

const reply = (id: string, title = id, text = `${id}, {name}.`) => ({ id, title, text });

describe('the saved replies editor’s save against the list it opened with', () => {
  it('applies only the person’s changes: another device’s rename, new reply and removal stay', () => {
    const opened = [reply('a'), reply('b'), reply('c')];
    const current = [reply('a', 'A renamed'), reply('b'), reply('d')]; // c removed elsewhere, d added, a renamed
    const saved = [reply('a'), reply('b', 'b', 'New text, {name}.'), reply('c'), reply('e')]; // b edited, e added
    expect(editedReplies(opened, saved, current)).toEqual([reply('a', 'A renamed'), reply('b', 'b', 'New text, {name}.'), reply('d'), reply('e')]);
  });

  it('removes what the person removed, and keeps a reply removed elsewhere that the person edited', () => {
    const opened = [reply('a'), reply('b')];
    expect(editedReplies(opened, [reply('b', 'b', 'Edited, {name}.')], [reply('a'), reply('c')])).toEqual([reply('c'), reply('b', 'b', 'Edited, {name}.')]);
  });
});

describe('a client’s settings form saved against the settings it opened with', () => {
  it('keeps a field changed elsewhere that the person did not touch', () => {
    const opened: ClientSettings = { timeZone: 'Europe/Berlin', businessHours: null, responseTarget: null };
    const current = { ...opened, timeZone: 'Asia/Tokyo' };
    const saved = { ...opened, responseTarget: { minutes: 60, clock: 'wall' as const } };
    expect(editedClientSettings(opened, saved, current)).toEqual({
      timeZone: 'Asia/Tokyo',
      businessHours: null,
      responseTarget: { minutes: 60, clock: 'wall' },
    });
  });
});

describe('order keys', () => {
  it('numbers a list the team has no keys for', () => {
    expect([...orderKeysToWrite(['a', 'b', 'c'], new Map())]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('writes a key only for the new or moved reply, between its neighbours', () => {
    const known = new Map([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
    expect([...orderKeysToWrite(['a', 'new', 'b', 'c'], known)]).toEqual([['new', 0.5]]);
    expect([...orderKeysToWrite(['c', 'a', 'b'], known)]).toEqual([['c', -1]]);
    expect([...orderKeysToWrite(['a', 'b', 'c', 'new'], known)]).toEqual([['new', 3]]);
    expect(orderKeysToWrite(['a', 'b', 'c'], known).size).toBe(0);
  });

  it('numbers the list again when halving a gap no longer gives a new number', () => {
    const known = new Map([
      ['a', 1],
      ['b', 1 + Number.EPSILON],
    ]);
    expect([...orderKeysToWrite(['a', 'new', 'b'], known)]).toEqual([
      ['a', 0],
      ['new', 1],
      ['b', 2],
    ]);
  });
});
