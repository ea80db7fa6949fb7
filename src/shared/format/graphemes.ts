// Cutting a text for a preview without breaking a character a person sees as one (issue 27, item
// 15): an emoji with a skin tone, a flag, a family joined by zero-width joiners, an accented letter
// written as two code points. Cut by UTF-16 units (String.slice) or by code points, "🙋🏽‍♀️" became
// half an emoji and "�" on screen; Intl.Segmenter gives the grapheme clusters. Pure.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The text's grapheme clusters, in order. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** At most `max` graphemes, with "…" in the last place when anything was cut. */
export function cutGraphemes(text: string, max: number): string {
  const parts = graphemes(text);
  if (parts.length <= max) return text;
  return `${parts.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/** The nearest grapheme boundary at or before this UTF-16 index (a cut there breaks nothing). */
export function graphemeStartAtOrBefore(text: string, index: number): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  let start = 0;
  for (const part of segmenter.segment(text)) {
    if (part.index > index) break;
    start = part.index;
  }
  return start;
}
