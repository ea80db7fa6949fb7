// The comment operations of the client against a started sandbox: reading in all three
// addressings, commenting, replying by service and by social comment id (with the LinkedIn URN and
// the TikTok video id), deleting, and the refusals 215 and 328 as typed errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, RequestInvalidError } from '../../../src/main/core/service/errors.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { CommentRecord } from '../../../src/shared/wire/comments.ts';
import { failureOf, openFixture, type SandboxFixture, type WorldPost } from './harness.ts';

let fixture: SandboxFixture;
let client: ServiceClient;

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000 });
  client = fixture.client();
});
afterAll(async () => {
  await client.close();
  await fixture.close();
});

async function commentsOf(post: WorldPost): Promise<CommentRecord[]> {
  const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'socialPost', id: post.socialId, platform: post.platform });
  return answer[post.platform] ?? [];
}

describe('get comments', () => {
  it('of a service post: one list per network of the post', async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.commentCount > 0 && fixture.networksOf(p.serviceId).length > 1);
    const networks = fixture.networksOf(post.serviceId!);
    const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'servicePost', id: post.serviceId!, networks });
    expect(answer.id).toBe(post.serviceId);
    for (const network of networks) expect(Array.isArray(answer[network])).toBe(true);
    expect(answer[post.platform]?.[0]?.commentId).toBeTruthy();
  });

  it('of a post made outside the service, by its social id', async () => {
    const post = fixture.post((p) => p.serviceId === null && p.commentCount > 0 && p.platform !== 'twitter');
    const comments = await commentsOf(post);
    expect(comments.length).toBeGreaterThan(0);
    expect(comments.every((c) => c.platform === post.platform)).toBe(true);
  });

  it('of a bluesky post, whose at:// id holds slashes', async () => {
    const post = fixture.post((p) => p.platform === 'bluesky' && p.commentCount > 0);
    expect((await commentsOf(post)).length).toBeGreaterThan(0);
  });

  it('one comment by its social id, with its replies', async () => {
    const post = fixture.post((p) => p.platform === 'facebook' && p.commentCount > 3);
    const [first] = await commentsOf(post);
    const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'socialComment', id: first!.commentId, platform: 'facebook' });
    expect(answer.facebook).toHaveLength(1);
    expect(answer.facebook?.[0]?.commentId).toBe(first!.commentId);
  });

  it('keeps the fields the client does not name (commentUrn on linkedin, videoId on tiktok)', async () => {
    const linkedin = await commentsOf(fixture.post((p) => p.platform === 'linkedin' && p.commentCount > 0));
    expect(linkedin[0]?.commentUrn).toMatch(/^urn:li:comment:\(urn:li:activity:\d+,\d+\)$/);
    const tiktok = await commentsOf(fixture.post((p) => p.platform === 'tiktok' && p.commentCount > 0));
    expect(tiktok[0]?.videoId).toMatch(/^\d+$/);
  });
});

describe('post a comment', () => {
  it('on every network of a service post', async () => {
    const post = fixture.post((p) => p.serviceId !== null && !p.flags.includes('commentsDisabled') && p.platform === 'facebook');
    const networks = fixture.networksOf(post.serviceId!);
    const answer = await client.postComment(fixture.target(post.profileRefId), {
      on: 'servicePost',
      postId: post.serviceId!,
      networks,
      comment: 'Thanks for reading!',
    });
    expect(answer.commentId).toBeTruthy();
    expect(answer.facebook?.commentId).toBeTruthy();
  });

  it('on a post made outside the service, by its social id', async () => {
    const post = fixture.post((p) => p.serviceId === null && p.platform === 'instagram');
    const answer = await client.postComment(fixture.target(post.profileRefId), {
      on: 'socialPost',
      postId: post.socialId,
      platform: 'instagram',
      comment: 'Lovely!',
    });
    expect(answer.instagram?.commentId).toBeTruthy();
    const comments = await commentsOf(post);
    expect(comments.some((c) => c.commentId === answer.instagram?.commentId)).toBe(true);
  });
});

describe('reply', () => {
  it('to a comment made through the service, by its service comment id', async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.platform === 'instagram' && !p.flags.includes('commentsDisabled'));
    const target = fixture.target(post.profileRefId);
    const made = await client.postComment(target, {
      on: 'servicePost',
      postId: post.serviceId!,
      networks: fixture.networksOf(post.serviceId!),
      platforms: ['instagram'],
      comment: 'First!',
    });
    const result = await client.reply(target, { to: 'serviceComment', commentId: made.commentId, platforms: ['instagram'], comment: 'And a reply' });
    expect(result.status).toBe('success');
    expect(result.commentId).toBeTruthy();
    expect(result.posted.instagram?.sourceCommentId).toBe(made.instagram?.commentId);
    expect(result.failed).toEqual([]);
  });

  it('to a facebook comment made outside the service, by its social id', async () => {
    const post = fixture.post((p) => p.platform === 'facebook' && p.commentCount > 0 && !p.flags.includes('commentsDisabled'));
    const [comment] = await commentsOf(post);
    const result = await client.reply(fixture.target(post.profileRefId), {
      to: 'socialComment',
      commentId: comment!.commentId,
      platform: 'facebook',
      comment: 'Thank you!',
    });
    expect(result.posted.facebook?.sourceCommentId).toBe(comment!.commentId);
  });

  it('to a linkedin comment, with the full comment URN from its record', async () => {
    const post = fixture.post((p) => p.platform === 'linkedin' && p.commentCount > 0 && !p.flags.includes('commentsDisabled'));
    const [comment] = await commentsOf(post);
    const result = await client.reply(fixture.target(post.profileRefId), {
      to: 'socialComment',
      commentId: comment!.commentId,
      platform: 'linkedin',
      commentUrn: comment!.commentUrn!,
      comment: 'Thanks @[Jane Doe]!',
    });
    expect(result.posted.linkedin?.commentId).toBeTruthy();
  });

  it('to a linkedin comment with the bare id: refused before sending, in words', async () => {
    const post = fixture.post((p) => p.platform === 'linkedin' && p.commentCount > 0);
    const [comment] = await commentsOf(post);
    const before = await fixture.lastSeq();
    const error = await failureOf(
      client.reply(fixture.target(post.profileRefId), {
        to: 'socialComment',
        commentId: comment!.commentId,
        platform: 'linkedin',
        commentUrn: comment!.commentId,
        comment: 'x',
      }),
    );
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect((error as Error).message).toMatch(/^LinkedIn needs the full comment URN; this looks like a bare id/);
    expect(await fixture.ledger(before)).toEqual([]);
  });

  it('to a tiktok comment, with the video id from its record', async () => {
    const post = fixture.post((p) => p.platform === 'tiktok' && p.commentCount > 0 && !p.flags.includes('commentsDisabled'));
    const [comment] = await commentsOf(post);
    const result = await client.reply(fixture.target(post.profileRefId), {
      to: 'socialComment',
      commentId: comment!.commentId,
      platform: 'tiktok',
      videoId: comment!.videoId!,
      comment: 'Glad you like it',
    });
    expect(result.posted.tiktok?.videoId).toBe(post.socialId);
  });

  it('on a post with comments turned off: HTTP 400, code 215, not retryable, with per-platform detail', async () => {
    const post = fixture.post((p) => p.platform === 'tiktok' && p.flags.includes('commentsDisabled') && p.commentCount > 0);
    const [comment] = await commentsOf(post);
    const error = await failureOf(
      client.reply(fixture.target(post.profileRefId), {
        to: 'socialComment',
        commentId: comment!.commentId,
        platform: 'tiktok',
        videoId: comment!.videoId!,
        comment: 'x',
      }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 215, retryable: false, writeOutcome: 'not-applied' });
    expect((error as HttpError).errors[0]).toMatchObject({ platform: 'tiktok', code: 215 });
  });
});

describe('delete a comment', () => {
  it('by service comment id', async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.platform === 'facebook' && !p.flags.includes('commentsDisabled'));
    const target = fixture.target(post.profileRefId);
    const networks = fixture.networksOf(post.serviceId!);
    const made = await client.postComment(target, { on: 'servicePost', postId: post.serviceId!, networks, platforms: ['facebook'], comment: 'Oops' });
    const answer = await client.deleteComment(target, { by: 'serviceComment', id: made.commentId, networks: ['facebook'] });
    expect(answer.facebook).toMatchObject({ status: 'success', id: made.facebook?.commentId });
  });

  it('every comment made through the service on a post, by service post id', async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.platform === 'instagram' && !p.flags.includes('commentsDisabled'));
    const target = fixture.target(post.profileRefId);
    const networks = fixture.networksOf(post.serviceId!);
    await client.postComment(target, { on: 'servicePost', postId: post.serviceId!, networks, platforms: ['instagram'], comment: 'one' });
    await client.postComment(target, { on: 'servicePost', postId: post.serviceId!, networks, platforms: ['instagram'], comment: 'two' });
    const answer = await client.deleteComment(target, { by: 'servicePost', id: post.serviceId!, networks });
    expect(Array.isArray(answer.instagram) && answer.instagram.length).toBeGreaterThanOrEqual(2);
  });

  it('by social comment id', async () => {
    const post = fixture.post((p) => p.platform === 'youtube' && p.commentCount > 1);
    const [comment] = await commentsOf(post);
    const answer = await client.deleteComment(fixture.target(post.profileRefId), { by: 'socialComment', id: comment!.commentId, platform: 'youtube' });
    expect(answer.youtube).toMatchObject({ status: 'success', id: comment!.commentId });
  });

  it("someone else's tiktok comment: HTTP 400, code 328, not retryable", async () => {
    const post = fixture.post((p) => p.platform === 'tiktok' && p.commentCount > 0);
    const comments = await commentsOf(post);
    const user = await client.user(fixture.target(post.profileRefId));
    const own = (user.displayNames as { platform: string; username: string }[]).find((d) => d.platform === 'tiktok')?.username;
    const outside = comments.find((c) => c.from !== undefined && c.from.username !== own);
    const error = await failureOf(client.deleteComment(fixture.target(post.profileRefId), { by: 'socialComment', id: outside!.commentId, platform: 'tiktok' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 328, retryable: false });
  });

  it('an unknown id: HTTP 404, code 114', async () => {
    const error = await failureOf(
      client.deleteComment(fixture.target(fixture.primary.refId), { by: 'serviceComment', id: 'no-such-comment', networks: ['facebook'] }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 114, retryable: false });
  });
});
