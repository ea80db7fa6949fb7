// Rules of the comment operations (GET, POST, DELETE /comments) as the client checks them before
// sending: the three addressings, exactly one network for a social post id, one image on
// facebook/linkedin/twitter only, non-empty text.
import { describe, expect, it } from 'vitest';
import { CommentsAddressSchema, DeleteCommentAddressSchema } from '../../../src/shared/wire/addressing.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { CommentsQuerySchema, DeleteCommentBodySchema, PostCommentBodySchema } from '../../../src/shared/wire/comments.ts';

function issues(schema: Parameters<typeof checkShape>[0], value: unknown): string[] {
  const checked = checkShape(schema, value);
  return checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`);
}

describe('get comments addressing', () => {
  it('accepts a service post id with the networks it is on', () => {
    expect(issues(CommentsAddressSchema, { by: 'servicePost', id: 'abc', networks: ['facebook'] })).toEqual([]);
  });

  it('refuses a service post id without its networks (they decide the X headers)', () => {
    expect(issues(CommentsAddressSchema, { by: 'servicePost', id: 'abc', networks: [] })[0]).toMatch(/^networks: Say which networks/);
  });

  it.each(['socialPost', 'socialComment'])('accepts a %s id with its network', (by) => {
    expect(issues(CommentsAddressSchema, { by, id: '178', platform: 'instagram' })).toEqual([]);
  });

  it.each(['socialPost', 'socialComment'])('refuses a %s id without a network', (by) => {
    expect(issues(CommentsAddressSchema, { by, id: '178' })[0]).toMatch(/^platform: /);
  });

  it('refuses an empty id', () => {
    expect(issues(CommentsAddressSchema, { by: 'socialPost', id: '', platform: 'instagram' })).toEqual(['id: An id must not be empty']);
  });

  it('query: commentId=true needs searchPlatformId and platform', () => {
    expect(issues(CommentsQuerySchema, { searchPlatformId: true, platform: 'facebook', commentId: true })).toEqual([]);
    expect(issues(CommentsQuerySchema, { commentId: true })[0]).toMatch(/^commentId: Reading one comment by its id works only with a social comment id/);
    expect(issues(CommentsQuerySchema, { searchPlatformId: true })[0]).toMatch(/^platform: Reading comments by a social id needs the network/);
  });
});

describe('post a comment', () => {
  it('accepts a comment on every network of a service post (no platforms)', () => {
    expect(issues(PostCommentBodySchema, { comment: 'Hello' })).toEqual([]);
  });

  it('accepts reddit, which comments (only) can name', () => {
    expect(issues(PostCommentBodySchema, { comment: 'Hello', platforms: ['reddit'] })).toEqual([]);
  });

  it('refuses an unknown network', () => {
    expect(issues(PostCommentBodySchema, { comment: 'Hello', platforms: ['myspace'] })[0]).toMatch(/"myspace" is not a network comments can go to/);
  });

  it('refuses empty text', () => {
    expect(issues(PostCommentBodySchema, { comment: ' ' })).toEqual(['comment: The comment is empty; write something first']);
  });

  it('social post id: accepts exactly one network and refuses two', () => {
    expect(issues(PostCommentBodySchema, { comment: 'x', searchPlatformId: true, platforms: ['facebook'] })).toEqual([]);
    expect(issues(PostCommentBodySchema, { comment: 'x', searchPlatformId: true, platforms: ['facebook', 'twitter'] })[0]).toMatch(
      /^platforms: A comment on a post made outside the service names exactly one network/,
    );
  });

  it.each(['facebook', 'linkedin', 'twitter'])('accepts one image on %s', (network) => {
    expect(issues(PostCommentBodySchema, { comment: 'x', platforms: [network], mediaUrls: ['https://a.example/i.png'] })).toEqual([]);
  });

  it('refuses an image on instagram', () => {
    expect(issues(PostCommentBodySchema, { comment: 'x', platforms: ['instagram'], mediaUrls: ['https://a.example/i.png'] })).toEqual([
      'mediaUrls: A comment can carry an image only on facebook, linkedin, twitter; not on instagram',
    ]);
  });
});

describe('delete a comment', () => {
  it('accepts a service comment id or service post id with networks', () => {
    expect(issues(DeleteCommentAddressSchema, { by: 'serviceComment', id: 'c1', networks: ['tiktok'] })).toEqual([]);
    expect(issues(DeleteCommentAddressSchema, { by: 'servicePost', id: 'p1', networks: ['tiktok'] })).toEqual([]);
  });

  it('a social comment id needs its network', () => {
    expect(issues(DeleteCommentBodySchema, { searchPlatformId: true, platform: 'tiktok' })).toEqual([]);
    expect(issues(DeleteCommentBodySchema, { searchPlatformId: true })).toEqual([
      'platform: Deleting a comment by its social id needs the network the comment is on',
    ]);
  });
});
