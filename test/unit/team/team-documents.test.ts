// What the workspace accepts from the team server: each document checked for size and depth
// before its shape, its id matching what it holds, one author per change; refused one by one.
import { describe, expect, it } from 'vitest';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import { changeDocId, contentDocId, MAX_DOCUMENT_DEPTH, readTeamDocument } from '../../../src/main/core/team/teamDocuments.ts';
import { TeamDocumentRefused } from '../../../src/main/core/team/teamErrors.ts';

const hlc = formatStamp(1_800_000_000_000, 0, 'laptop');
const change = { id: 'c1', itemKey: 'facebook:c1', field: 'done', from: false, to: true, who: 'ann', device: 'laptop', at: 1 };
const good = { _id: changeDocId('facebook:c1', hlc), _rev: '1-a', kind: 'change', who: 'ann', device: 'laptop', hlc, seen: [], change };

function refusal(raw: unknown): string {
  try {
    readTeamDocument(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(TeamDocumentRefused);
    return (error as Error).message;
  }
  throw new Error('it was accepted');
}

describe('documents from the team server', () => {
  it('accepts a well-formed change and leaves documents it does not read alone', () => {
    expect(readTeamDocument(good)).toMatchObject({ kind: 'change', who: 'ann' });
    expect(readTeamDocument({ _id: '_design/team', validate_doc_update: 'function () {}' })).toBeNull();
    expect(readTeamDocument({ _id: 'settings:saved-replies', anything: true })).toBeNull();
    expect(readTeamDocument({ ...good, _deleted: true })).toBeNull();
  });

  it('refuses a change whose id names another item, or with two authors', () => {
    expect(refusal({ ...good, _id: changeDocId('facebook:other', hlc) })).toContain('name does not match');
    expect(refusal({ ...good, change: { ...change, who: 'bob' } })).toContain('two different authors');
  });

  it('refuses wrong shapes, huge and deep documents without walking them in full', () => {
    expect(refusal({ ...good, seen: 'not a list' })).toContain('shape');
    expect(refusal({ ...good, hlc: 'yesterday' })).toContain('shape');
    expect(refusal({ ...good, padding: 'x'.repeat(300_000) })).toContain('too large');
    // Many small values count as much as one long text: a long list, or an object of many keys.
    expect(refusal({ ...good, seen: Array.from({ length: 70_000 }, () => 1) })).toContain('too large');
    expect(refusal({ ...good, extra: Object.fromEntries(Array.from({ length: 30_000 }, (_, key) => [`k${key}`, 1])) })).toContain('too large');
    expect(readTeamDocument({ ...good, extra: Object.fromEntries(Array.from({ length: 1_000 }, (_, key) => [`k${key}`, [1, 'a']])) })).toMatchObject({
      kind: 'change',
    });
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = { deeper: deep };
    expect(refusal({ ...good, deep })).toContain('nested too deeply');
    let justDeepEnough: unknown = 'bottom';
    for (let level = 0; level < MAX_DOCUMENT_DEPTH - 2; level += 1) justDeepEnough = { deeper: justDeepEnough };
    expect(readTeamDocument({ ...good, extra: justDeepEnough })).toMatchObject({ kind: 'change' });
    expect(refusal(null)).toContain('not a document');
  });
});

describe('shared content from the team server', () => {
  const comment = {
    platform: 'facebook',
    socialCommentId: 'c9',
    socialPostId: 'p1',
    parentSocialCommentId: null,
    authorId: 'u1',
    authorName: 'Mia',
    text: 'Lovely!',
    created: '2026-11-27T10:00:00.000Z',
    likeCount: 0,
    hidden: false,
    raw: { commentId: 'c9' },
  };
  const content = {
    _id: contentDocId('profile-1@abc', '001800000000000.000001.laptop'),
    kind: 'content',
    who: 'ann',
    device: 'laptop',
    scope: 'profile-1@abc',
    at: 1,
    writes: [{ op: 'comments', postKey: 'facebook:p1', rows: [comment], polledAt: 1, firstFetch: false }],
  };

  it('reads a well-formed content document with its writes', () => {
    expect(readTeamDocument(content)).toMatchObject({ kind: 'content', scope: 'profile-1@abc', writes: [{ op: 'comments', rows: [{ text: 'Lovely!' }] }] });
  });

  it('refuses one whose id names another profile, a bad write, or no writes, each on its own', () => {
    expect(refusal({ ...content, _id: contentDocId('profile-2@abc', '001800000000000.000001.laptop') })).toContain('name does not match');
    expect(
      refusal({ ...content, writes: [{ op: 'comments', postKey: 'facebook:p1', rows: [{ ...comment, likeCount: 'many' }], polledAt: 1, firstFetch: false }] }),
    ).toContain('shape');
    expect(refusal({ ...content, writes: [{ op: 'drop-table' }] })).toContain('shape');
    expect(refusal({ ...content, writes: [] })).toContain('shape');
    expect(refusal({ ...content, writes: [{ ...content.writes[0], rows: [{ ...comment, text: 'x'.repeat(300_000) }] }] })).toContain('too large');
  });
});
