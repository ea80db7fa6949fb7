// GET /comments records → the store's CommentInput rows: replies flattened with their parent's id,
// the ids a reply by social id needs carried over, and the same answer always giving the same rows.
import { describe, expect, it } from 'vitest';
import { commentInputsOf, newestCommentAt, recordsFor } from '../../../src/main/core/sync/commentRecords.ts';
import type { CommentRecord, CommentsResponse } from '../../../src/shared/wire/comments.ts';

const record = (id: string, created: string, extra: Partial<CommentRecord> = {}): CommentRecord => ({
  comment: `text of ${id}`,
  commentId: id,
  created,
  platform: 'instagram',
  from: { id: `author-${id}`, username: `user_${id}` },
  username: `user_${id}`,
  likeCount: 2,
  hidden: false,
  postId: 'P1',
  ...extra,
});

describe('comment records to store rows', () => {
  it('flattens nested replies, each row naming its parent, parents before replies', () => {
    const answer = [
      record('a', '2026-05-01T10:00:00Z', {
        replies: [record('a1', '2026-05-01T10:05:00Z', { replies: [record('a1x', '2026-05-01T10:06:00Z')] }), record('a2', '2026-05-01T10:07:00Z')],
      }),
      record('b', '2026-05-01T09:00:00Z'),
    ];
    const rows = commentInputsOf(answer, 'instagram', 'P1');
    expect(rows.map((r) => [r.socialCommentId, r.parentSocialCommentId])).toEqual([
      ['a', null],
      ['a1', 'a'],
      ['a1x', 'a1'],
      ['a2', 'a'],
      ['b', null],
    ]);
    expect(rows.every((r) => r.socialPostId === 'P1' && r.platform === 'instagram')).toBe(true);
  });

  it('keeps author, text, time, likes and hidden; the raw record without the nested replies', () => {
    const [row] = commentInputsOf(
      [record('a', '2026-05-01T10:00:00Z', { hidden: true, likeCount: 7, extraField: 'kept', replies: [record('r', '2026-05-01T11:00:00Z')] })],
      'instagram',
      'P1',
    );
    expect(row).toMatchObject({ authorId: 'author-a', authorName: 'user_a', text: 'text of a', created: '2026-05-01T10:00:00Z', likeCount: 7, hidden: true });
    expect(row!.raw).toMatchObject({ commentId: 'a', extraField: 'kept' });
    expect(row!.raw).not.toHaveProperty('replies');
  });

  it('carries the linkedin commentUrn, the tiktok videoId and the bluesky cid a reply by social id needs', () => {
    const urn = 'urn:li:comment:(urn:li:activity:7001,123)';
    const [linkedin] = commentInputsOf([record('123', '2026-05-01T10:00:00Z', { platform: 'linkedin', commentUrn: urn })], 'linkedin', '7001');
    const [tiktok] = commentInputsOf([record('t1', '2026-05-01T10:00:00Z', { platform: 'tiktok', videoId: 'V9' })], 'tiktok', 'V9');
    const [bluesky] = commentInputsOf([record('at://x/1', '2026-05-01T10:00:00Z', { platform: 'bluesky', cid: 'bafy1' })], 'bluesky', 'at://p');
    expect(linkedin!.commentUrn).toBe(urn);
    expect(tiktok!.videoId).toBe('V9');
    expect(bluesky!.cid).toBe('bafy1');
    expect(linkedin).not.toHaveProperty('videoId');
  });

  it('a reply carries its own network ids too', () => {
    const rows = commentInputsOf(
      [
        record('t1', '2026-05-01T10:00:00Z', {
          platform: 'tiktok',
          videoId: 'V9',
          replies: [record('t2', '2026-05-01T10:01:00Z', { platform: 'tiktok', videoId: 'V9' })],
        }),
      ],
      'tiktok',
      'V9',
    );
    expect(rows.map((r) => r.videoId)).toEqual(['V9', 'V9']);
  });

  it('fills what a record leaves out: the username as author, no likes, not hidden', () => {
    const bare = { comment: 'hi', commentId: 'x', created: '2026-05-01T10:00:00Z', platform: 'youtube', username: 'someone' } as CommentRecord;
    const [row] = commentInputsOf([bare], 'youtube', 'Y1');
    expect(row).toMatchObject({ authorId: 'someone', authorName: 'someone', likeCount: 0, hidden: false, parentSocialCommentId: null });
  });

  it('a comment listed twice is one row', () => {
    const reply = record('r', '2026-05-01T10:01:00Z');
    const rows = commentInputsOf([record('a', '2026-05-01T10:00:00Z', { replies: [reply] }), reply], 'instagram', 'P1');
    expect(rows.map((r) => r.socialCommentId)).toEqual(['a', 'r']);
  });

  it('the same answer twice gives the same rows', () => {
    const answer = [record('a', '2026-05-01T10:00:00Z', { replies: [record('a1', '2026-05-01T10:05:00Z')] })];
    expect(commentInputsOf(structuredClone(answer), 'instagram', 'P1')).toEqual(commentInputsOf(structuredClone(answer), 'instagram', 'P1'));
  });

  it('reads one network of a multi-network answer; an absent network is no comments', () => {
    const response: CommentsResponse = { status: 'success', id: 'S1', facebook: [record('f', '2026-05-01T10:00:00Z', { platform: 'facebook' })] };
    expect(recordsFor(response, 'facebook')).toHaveLength(1);
    expect(recordsFor(response, 'instagram')).toEqual([]);
  });

  it('finds the newest comment among the rows, replies included', () => {
    const rows = commentInputsOf([record('a', '2026-05-01T10:00:00Z', { replies: [record('a1', '2026-05-02T08:00:00Z')] })], 'instagram', 'P1');
    expect(newestCommentAt(rows)).toBe(Date.parse('2026-05-02T08:00:00Z'));
    expect(newestCommentAt([])).toBeNull();
  });
});
