// What a reply or a direct message's text must be before it is queued, said in words: one rule for
// the bridge (which refuses the command, so nothing reaches the outbox) and the composer (which
// says it before Send). Two kinds of text look like something and are not:
//   - a lone surrogate: half of a character outside the basic plane (most emoji), left by a paste
//     cut in the middle or a broken input method. It is not valid Unicode: the service would
//     reject it, or worse, post a replacement character where the person saw an emoji;
//   - a text of invisible characters only (zero-width spaces, joiners, direction marks, a
//     byte-order mark, blank fillers): it passes a "not empty" check but posts nothing readable.

/**
 * Characters that show nothing on their own: white space of every kind, control and format
 * characters (zero-width space and joiners, word joiner, direction marks, byte-order mark, soft
 * hyphen, tag characters), variation selectors, the combining grapheme joiner, and the blank
 * fillers that render as empty (Hangul fillers, braille blank).
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Variation_Selector}\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** A lone surrogate: in a `u` regular expression, half of a pair that has no other half. */
const LONE_SURROGATE = /\p{Cs}/u;

export type WrittenNoun = 'reply' | 'message';

/** Whether the text holds a half of a character (a lone surrogate). */
export function hasBrokenCharacter(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Whether the text has characters but none a reader would see. */
export function onlyInvisible(text: string): boolean {
  return text.length > 0 && text.replace(INVISIBLE, '') === '';
}

/**
 * Why this text cannot go out, in the person's words, or null when it can. Empty text is the
 * caller's own rule (each says it its own way); this is what comes after it.
 */
export function writtenTextProblem(text: string, noun: WrittenNoun): string | null {
  if (hasBrokenCharacter(text)) {
    return `This ${noun} holds a broken character (half of an emoji or a symbol, often left by a cut-off paste): delete it and type it again`;
  }
  if (text.trim() !== '' && onlyInvisible(text)) return `This ${noun} holds only invisible characters: write something the person can read`;
  return null;
}
