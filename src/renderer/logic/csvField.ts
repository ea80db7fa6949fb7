// One CSV field, for every CSV the app writes (the posts export, the client report). A cell that a
// spreadsheet would read as a formula is defused with a leading apostrophe ("CSV injection"): a
// comment or a post's text is written by strangers, and `=HYPERLINK(…)` or `@SUM(…)` in a cell runs
// when the freelancer opens the file. Spreadsheets skip characters a person cannot see before they
// look for the formula sign, and some take the full-width and small forms of the signs too, so the
// check looks past those (spaces, no-break spaces, a byte-order mark, zero-width characters, line
// breaks) rather than at the first character alone.

/** The characters that start a formula, in their ASCII, full-width and small forms. */
const FORMULA_SIGNS = '=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B';

/**
 * What a cell may begin with, unseen, before its formula sign: white space of every kind (the
 * no-break space, the byte-order mark and line breaks included), control characters, and the
 * invisible format characters (zero-width space, joiners, word joiner, direction marks).
 */
const FORMULA_START = new RegExp(`^[\\s\\p{Cc}\\p{Cf}]*[${FORMULA_SIGNS}]`, 'u');

/** Whether a spreadsheet could take this text for a formula. */
export function looksLikeFormula(text: string): boolean {
  // A tab or carriage return first is defused too, as before: some spreadsheets act on them alone.
  return FORMULA_START.test(text) || /^[\t\r]/.test(text);
}

/** One CSV field: quoted when it holds a comma, a quote, a line break or leading/trailing space; quotes doubled. Formula-looking text is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  if (typeof value === 'string' && looksLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
