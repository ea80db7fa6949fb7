// JSON of an answer, parsed only when its nesting is within a depth limit. JSON.parse itself copes
// with any depth, but everything after it recurses (the wire schemas, the redactor, JSON.stringify
// in logs and IPC) and would end in a RangeError deep inside the app. A scan of the text is cheap
// (one pass, no allocation) and stops at the first level too deep.

/**
 * The deepest nesting read. Legitimate answers are shallow: the comments answer is the deepest, two
 * levels per level of replies (a record and its `replies` array) under the top object and its
 * network array, and networks nest replies a few levels at most (Reddit's API stops at 10). 128
 * leaves room for 60 levels of replies and stays far below the depth at which the recursive replies
 * schema overflows the stack (about 2,000).
 */
export const MAX_ANSWER_DEPTH = 128;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; problem: 'not-json' | 'too-deep' };

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** Whether the text nests arrays and objects deeper than `maxDepth` (brackets in strings do not count). */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

export function parseAnswerJson(text: string, maxDepth = MAX_ANSWER_DEPTH): ParsedJson {
  if (nestsDeeperThan(text, maxDepth)) return { ok: false, problem: 'too-deep' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, problem: 'not-json' };
  }
}
