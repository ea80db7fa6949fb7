// Answers are read strictly where the client relies on a field and loosely everywhere else: a new
// field is kept, a missing required one is a SchemaMismatchError naming its path.
import { describe, expect, it } from 'vitest';
import { SchemaMismatchError } from '../../../src/main/core/service/errors.ts';
import { parseAnswer } from '../../../src/main/core/service/schemaMismatch.ts';
import { AnalyticsBySocialIdsResponseSchema } from '../../../src/shared/wire/analytics.ts';
import { CommentsResponseSchema } from '../../../src/shared/wire/comments.ts';
import { ReplyResponseAnyShapeSchema } from '../../../src/shared/wire/replies.ts';
import { CreatePostResponseSchema } from '../../../src/shared/wire/posts.ts';

const context = { operation: 'getComments', status: 200, writeOutcome: 'not-applied' as const };
const record = (id: string) => ({ comment: 'Nice', commentId: id, created: '2026-05-01T10:00:00Z', platform: 'instagram', likeCount: 2 });

function mismatch(fn: () => unknown): SchemaMismatchError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SchemaMismatchError) return error;
    throw error;
  }
  throw new Error('expected a SchemaMismatchError');
}

describe('comments answer', () => {
  it('keeps fields the client does not know, at every level', () => {
    const body = {
      status: 'success',
      id: 'p1',
      newTopLevel: 1,
      instagram: [{ ...record('c1'), sentiment: 'positive', replies: [{ ...record('c2'), badge: 'top' }] }],
    };
    const value = parseAnswer(CommentsResponseSchema, body, context);
    expect(value).toEqual(body);
    expect(value.instagram?.[0]?.replies?.[0]?.commentId).toBe('c2');
  });

  it('a record without its commentId is a mismatch at that path', () => {
    const body = { status: 'success', instagram: [record('c1'), { ...record('c2'), commentId: undefined }] };
    const error = mismatch(() => parseAnswer(CommentsResponseSchema, body, context));
    expect(error.path).toBe('instagram[1].commentId');
    expect(error.message).toMatch(/getComments: the service's answer does not have the expected shape at "instagram\[1\].commentId"/);
  });

  it('a nested reply without text is a mismatch at its path', () => {
    const body = { status: 'success', facebook: [{ ...record('c1'), replies: [{ ...record('c2'), comment: 42 }] }] };
    expect(mismatch(() => parseAnswer(CommentsResponseSchema, body, context)).path).toBe('facebook[0].replies[0].comment');
  });

  it('a write whose answer has another shape: the outcome the runner gives (unknown) is carried, and said', () => {
    const error = mismatch(() =>
      parseAnswer(CreatePostResponseSchema, { status: 'success', postIds: [] }, { operation: 'createPost', status: 200, writeOutcome: 'unknown' }),
    );
    expect(error).toMatchObject({ path: 'id', writeOutcome: 'unknown', retryable: true });
    expect(error.message).toMatch(/whether the request was applied is unknown/);
  });
});

describe('analytics answer', () => {
  it('an entry without analytics is named by its path, not by the union it is in', () => {
    const body = { status: 'success', twitter: [{ id: '1', lastUpdated: 'a', nextUpdate: 'b' }] };
    const error = mismatch(() => parseAnswer(AnalyticsBySocialIdsResponseSchema, body, context));
    expect(error.path).toBe('twitter[0].analytics');
  });
});

describe('reply answer', () => {
  it('accepts the object form and the array form', () => {
    const object = {
      status: 'success',
      id: 'p',
      commentId: 'c',
      facebook: { status: 'success', commentId: '1_2', sourceCommentId: '1_1', comment: 'x', platform: 'facebook' },
    };
    expect(parseAnswer(ReplyResponseAnyShapeSchema, object, context)).toEqual(object);
    expect(parseAnswer(ReplyResponseAnyShapeSchema, [object], context)).toEqual(object);
  });
});
