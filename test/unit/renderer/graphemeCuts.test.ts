// Issue 27, item 15: a preview cut an emoji in half ("…next time you're in �…"). Every cut of a
// text for the screen falls between grapheme clusters: emoji with skin tones, joiners and flags stay whole.
import { describe, expect, it } from 'vitest';
import { cutAtWord } from '../../../src/shared/format/formatter.ts';
import { cutGraphemes, graphemes } from '../../../src/shared/format/graphemes.ts';
import { aroundFirstMatch } from '../../../src/renderer/logic/aroundFirstMatch.ts';

const WAVE = '🙋🏽‍♀️'; // a person, a skin tone, a joiner, a sign, a variation selector: one on screen
const FLAG = '🇬🇧';

/** No lone surrogate and no emoji piece at either end: the text is made of whole graphemes of the original. */
function whole(cut: string, original: string): void {
  expect(/\p{Cs}/u.test(cut), 'a lone half of a surrogate pair').toBe(false);
  const known = new Set([...graphemes(original), '…']);
  for (const part of graphemes(cut)) expect(known.has(part) || part === ' ', `"${part}" is a whole grapheme of the text`).toBe(true);
}

describe('cutting text between graphemes', () => {
  it('cuts to a number of graphemes, never inside an emoji', () => {
    const text = `see you next time you're in ${WAVE}${WAVE} again`;
    for (let max = 25; max <= 33; max += 1) {
      const cut = cutGraphemes(text, max);
      expect(graphemes(cut).length).toBeLessThanOrEqual(max);
      whole(cut, text);
    }
    expect(cutGraphemes('short', 10)).toBe('short');
  });

  it('cuts at a word, and inside a long word only between graphemes', () => {
    const flags = FLAG.repeat(20);
    const cut = cutAtWord(flags, 7);
    whole(cut, flags);
    expect(cut).toBe(`${FLAG.repeat(6)}…`);
    expect(cutAtWord(`hello ${WAVE}${WAVE}${WAVE} world`, 9)).toBe('hello…');
  });

  it('starts a search excerpt on a grapheme when there is no space to start at', () => {
    const text = `${WAVE.repeat(20)}match`;
    const first = text.indexOf('match');
    const { text: shown, ranges } = aroundFirstMatch(text, [[first, first + 5]]);
    whole(shown, text);
    const [from, to] = ranges[0] ?? [0, 0];
    expect(shown.slice(from, to)).toBe('match');
  });
});
