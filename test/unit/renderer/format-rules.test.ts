// One formatter for every date, time and number on screen (issue 19, item 10): the renderer formats
// through `fmt` (src/renderer/logic/format.ts, over src/shared/format/formatter.ts), never with its
// own `toLocaleString`, `toLocaleDateString`, `toLocaleTimeString`, `new Intl.DateTimeFormat` or
// `new Intl.NumberFormat`, each of which wrote dates its own way ("1 Oct 2026" beside "27/11/2026,
// 12:53:05" beside "12:50pm"). The client report's files included.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../..');
const renderer = join(repo, 'src/renderer');

/** Files that may still format on their own: none now (the client report's moved onto the formatter too). */
const NOT_YET = new Set<string>();

const RULES: { pattern: RegExp; says: string }[] = [
  { pattern: /\.toLocale(?:Date|Time)?String\s*\(/g, says: 'toLocale*String' },
  { pattern: /\bIntl\s*\.\s*(?:DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules)\b/g, says: 'an Intl formatter of its own' },
  { pattern: /\.toISOString\s*\(\s*\)\s*\.\s*slice\s*\(/g, says: 'a date cut from an ISO string' },
];

/** The code without its comments (a comment may name what it no longer does). */
function code(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Where a source formats on its own: "line 12: toLocale*String". */
function offences(source: string): string[] {
  const lines = code(source).split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    for (const rule of RULES) {
      rule.pattern.lastIndex = 0;
      if (rule.pattern.test(line)) found.push(`line ${index + 1}: ${rule.says}`);
    }
  });
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe('one formatter in the renderer', () => {
  it('finds each way of formatting on one’s own, and not the formatter or a comment', () => {
    expect(offences('const a = n.toLocaleString("en-GB");')).toEqual(['line 1: toLocale*String']);
    expect(offences('x\nconst d = new Date(ms).toLocaleDateString();')).toEqual(['line 2: toLocale*String']);
    expect(offences('const t = when.toLocaleTimeString([], { hour: "2-digit" });')).toEqual(['line 1: toLocale*String']);
    expect(offences('const f = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });')).toEqual(['line 1: an Intl formatter of its own']);
    expect(offences('const f = new Intl.NumberFormat("en-GB");')).toEqual(['line 1: an Intl formatter of its own']);
    expect(offences('const day = new Date(ms).toISOString().slice(0, 10);')).toEqual(['line 1: a date cut from an ISO string']);
    expect(offences('const shown = fmt.dateTime(ms); // not toLocaleString("en-GB")')).toEqual([]);
    expect(offences('/* new Intl.DateTimeFormat() */ const zones = Intl.supportedValuesOf("timeZone");')).toEqual([]);
    expect(offences('const letters = name.toLocaleUpperCase(); const attr = new Date(ms).toISOString();')).toEqual([]);
  });

  it('is how every renderer file formats, but the report files being moved onto it', () => {
    const found = sources(renderer)
      .map((path) => relative(repo, path).split('\\').join('/'))
      .filter((path) => !NOT_YET.has(path))
      .flatMap((path) => offences(readFileSync(join(repo, path), 'utf8')).map((offence) => `${path} ${offence}`));
    expect(found).toEqual([]);
  });
});
