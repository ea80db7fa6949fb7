// Formula defusing in the one CSV field writer: a cell a spreadsheet could run as a formula starts
// with an apostrophe, also when the sign hides behind characters a person cannot see or comes in
// its full-width or small form. Both CSVs the app writes (posts, client report) go through it.
import { describe, expect, it } from 'vitest';
import { csvField, looksLikeFormula } from '../../../src/renderer/logic/csvField.ts';
import { postsCsv } from '../../../src/renderer/logic/postMetrics.ts';
import type { PostSummary } from '../../../src/shared/domain/posts.ts';

// [what it is, the cell's text, what the CSV holds]
const DEFUSED: [string, string, string][] = [
  ['equals', '=1+1', "'=1+1"],
  ['plus', '+1', "'+1"],
  ['minus', '-1', "'-1"],
  ['at', '@SUM(A1)', "'@SUM(A1)"],
  ['tab', '\t=1', "'\t=1"],
  ['carriage return', '\r=1', '"\'\r=1"'],
  ['spaces before', '  =1+1', "'  =1+1"],
  ['a no-break space before', '\u00A0=HYPERLINK("x")', '"\'\u00A0=HYPERLINK(""x"")"'],
  ['a narrow no-break space before', '\u202F+1', "'\u202F+1"],
  ['a byte-order mark before', '\uFEFF=1', "'\uFEFF=1"],
  ['a zero-width space before', '\u200B=1', "'\u200B=1"],
  ['a zero-width joiner before', '\u200D@x', "'\u200D@x"],
  ['a word joiner before', '\u2060-1', "'\u2060-1"],
  ['a line break before', '\n=1', '"\'\n=1"'],
  ['a line separator before', '\u2028=1', "'\u2028=1"],
  ['a mix before', ' \u00A0\u200B\uFEFF\t=1', "' \u00A0\u200B\uFEFF\t=1"],
  ['full-width equals', '\uFF1D1+1', "'\uFF1D1+1"],
  ['full-width plus', '\uFF0B1', "'\uFF0B1"],
  ['full-width minus', '\uFF0D1', "'\uFF0D1"],
  ['full-width at', '\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
  ['small equals', '\uFE661', "'\uFE661"],
  ['a space, then full-width equals', ' \uFF1D1', "' \uFF1D1"],
];

// Text that only looks close: left as it is.
const LEFT_ALONE: [string, unknown, string][] = [
  ['plain text', 'Thanks a lot', 'Thanks a lot'],
  ['a sign inside', 'a=b', 'a=b'],
  ['an email address', 'ada@example.com', 'ada@example.com'],
  ['a negative number (a number, not text)', -3, '-3'],
  ['an em dash first', '— great post', '— great post'],
  ['nothing', null, ''],
  ['spaces only', '  ', '"  "'],
];

describe('CSV formula defusing', () => {
  it.each(DEFUSED)('defuses a formula sign: %s', (_, text, expected) => {
    expect(looksLikeFormula(text)).toBe(true);
    expect(csvField(text)).toBe(expected);
  });

  it.each(LEFT_ALONE)('leaves alone: %s', (_, value, expected) => {
    if (typeof value === 'string') expect(looksLikeFormula(value)).toBe(false);
    expect(csvField(value)).toBe(expected);
  });

  it('the posts CSV defuses a post text that hides its formula behind a no-break space', () => {
    const post: PostSummary = {
      post: {
        key: 'twitter:t1',
        profileId: 'p1',
        platform: 'twitter',
        socialPostId: 't1',
        servicePostId: null,
        text: '\u00A0=HYPERLINK("https://evil.example","Click")',
        url: null,
        created: '2026-03-05T10:00:00Z',
        disableComments: false,
      },
      commentCount: 0,
      lastCommentAt: null,
      latest: null,
      flags: { notOwned: false, preBusiness: false, notFoundAt: null },
    };
    const row = postsCsv([post], { from: null, to: null }, 'Bloom Bakery').split('\r\n')[1] ?? '';
    expect(row).toContain(`"'\u00A0=HYPERLINK(""https://evil.example"",""Click"")"`);
  });
});
