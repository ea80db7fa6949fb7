// DELETE /comments/:id (and the legacy DELETE /comments {id}): by service comment id (every network
// it was made on), by service post id (every comment made through the service on that post, as
// arrays), by social comment id with searchPlatformId and platform in the JSON body; unknown ids
// (404, code 114), TikTok's own-comments-only rule (400, code 328), X headers, the ledger. Posts
// are made fresh with POST /post and outside comments through the control surface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileWith, type SandboxClient, type World } from './harness.ts';

type Post = World['posts'][number];

interface CommentRecord {
  comment: string;
  commentId: string;
  platform: string;
  from: { id: string; username: string };
  replies?: CommentRecord[];
}

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

interface Published {
  id: string;
  socialIds: Record<string, string>;
  profileKey: string | null;
  refId: string;
}

async function publish(platforms: string[]): Promise<Published> {
  const profile = profileWith(world, ...platforms);
  const reply = await client.api('POST', '/post', { body: { post: 'A fresh post for deletes', platforms }, profileKey: profile.profileKey, x: true });
  expect(reply.status).toBe(200);
  const socialIds: Record<string, string> = {};
  for (const entry of reply.json.postIds as { id: string; platform: string }[]) socialIds[entry.platform] = entry.id;
  return { id: reply.json.id as string, socialIds, profileKey: profile.profileKey, refId: profile.refId };
}

async function commentOn(post: Published, text: string, platforms?: string[]): Promise<any> {
  const reply = await client.api('POST', `/comments/${post.id}`, {
    body: { comment: text, ...(platforms ? { platforms } : {}) },
    profileKey: post.profileKey,
    x: true,
  });
  expect(reply.status).toBe(200);
  return reply.json;
}

async function outsideComment(platform: string, post: Published, text = 'Outside remark'): Promise<CommentRecord> {
  const made = await client.control('POST', '/comments', {
    platform,
    socialPostId: post.socialIds[platform],
    comment: text,
    from: { id: '4242424242424242424', username: 'someone_else' },
    profileRefId: post.refId,
  });
  expect(made.status).toBe(200);
  return made.json as CommentRecord;
}

async function idsOn(post: Published, platform: string): Promise<string[]> {
  const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialIds[platform] as string)}?searchPlatformId=true&platform=${platform}`, {
    profileKey: post.profileKey,
    x: true,
  });
  expect(reply.status).toBe(200);
  const flat = (records: CommentRecord[]): string[] => records.flatMap((r) => [r.commentId, ...flat(r.replies ?? [])]);
  return flat(reply.json[platform]);
}

describe('DELETE /comments/:id with a service comment id: the comment goes on every network it was made on', () => {
  it('answers {status, <platform>: {action:"delete", status, id, comment}} per network, and the comment vanishes from GET', async () => {
    const platforms = ['bluesky', 'linkedin', 'threads'];
    const post = await publish(platforms);
    const keep = await commentOn(post, 'Keep me');
    const gone = await commentOn(post, 'Delete me');
    const reply = await client.api('DELETE', `/comments/${gone.commentId}`, { profileKey: post.profileKey });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['status', ...platforms].sort());
    expect(reply.json.status).toBe('success');
    for (const platform of platforms) {
      expect(reply.json[platform]).toEqual({ action: 'delete', status: 'success', id: gone[platform].commentId, comment: 'Delete me' });
      const ids = await idsOn(post, platform);
      expect(ids).not.toContain(gone[platform].commentId);
      expect(ids).toContain(keep[platform].commentId);
    }
  });

  it('deleting the same comment again is 404 code 114', async () => {
    const post = await publish(['threads']);
    const made = await commentOn(post, 'Once');
    expect((await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey })).status).toBe(200);
    const again = await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ status: 'error', code: 114 });
  });

  it('a reply made through the service is deleted by its own service comment id; the parent stays', async () => {
    const post = await publish(['threads']);
    const parent = await commentOn(post, 'Parent');
    const reply = await client.api('POST', `/comments/reply/${parent.commentId}`, {
      body: { comment: 'Child', platforms: ['threads'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    const deleted = await client.api('DELETE', `/comments/${reply.json.commentId}`, { profileKey: post.profileKey });
    expect(deleted.status).toBe(200);
    expect(deleted.json.threads).toEqual({ action: 'delete', status: 'success', id: reply.json.threads.commentId, comment: 'Child' });
    expect(await idsOn(post, 'threads')).toEqual([parent.threads.commentId]);
  });

  it('an unknown id is 404 code 114', async () => {
    const reply = await client.api('DELETE', '/comments/NoSuchCommentOrPost0');
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ status: 'error', code: 114 });
  });

  it("another profile's comment is unknown: 404 code 114 without its Profile-Key, and it stays", async () => {
    const post = await publish(['instagram', 'tiktok']);
    expect(post.profileKey).not.toBeNull();
    const made = await commentOn(post, 'Not yours');
    const asPrimary = await client.api('DELETE', `/comments/${made.commentId}`);
    expect(asPrimary.status).toBe(404);
    expect(asPrimary.json.code).toBe(114);
    expect(await idsOn(post, 'instagram')).toContain(made.instagram.commentId);
    const asOwner = await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey });
    expect(asOwner.status).toBe(200);
  });

  it('a comment on twitter needs the X headers: 419 without (the comment stays), 200 with', async () => {
    const post = await publish(['twitter']);
    const made = await commentOn(post, 'On X');
    const bare = await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey });
    expect(bare.status).toBe(419);
    expect(bare.json).toMatchObject({ code: 419, platform: 'twitter' });
    expect(await idsOn(post, 'twitter')).toContain(made.twitter.commentId);
    const withX = await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey, x: true });
    expect(withX.status).toBe(200);
    expect(withX.json.twitter.id).toBe(made.twitter.commentId);
  });
});

describe('DELETE /comments/:id with a service post id: every comment made through the service on that post', () => {
  it('answers arrays per network with every deleted comment; outside comments stay', async () => {
    const platforms = ['instagram', 'threads'];
    const post = await publish(platforms);
    const first = await commentOn(post, 'First of ours');
    const second = await commentOn(post, 'Second of ours', ['threads']);
    const reply = await client.api('POST', `/comments/reply/${first.commentId}`, {
      body: { comment: 'Our reply', platforms: ['instagram'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    const outside = await outsideComment('threads', post);

    const deleted = await client.api('DELETE', `/comments/${post.id}`, { profileKey: post.profileKey });
    expect(deleted.status).toBe(200);
    expect(Object.keys(deleted.json).sort()).toEqual(['instagram', 'status', 'threads']);
    expect(deleted.json.status).toBe('success');
    const byId = <T extends { id: string }>(entries: T[]): T[] => [...entries].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(deleted.json.instagram)).toEqual(
      byId([
        { action: 'delete', status: 'success', id: first.instagram.commentId, comment: 'First of ours' },
        { action: 'delete', status: 'success', id: reply.json.instagram.commentId, comment: 'Our reply' },
      ]),
    );
    expect(byId(deleted.json.threads)).toEqual(
      byId([
        { action: 'delete', status: 'success', id: first.threads.commentId, comment: 'First of ours' },
        { action: 'delete', status: 'success', id: second.threads.commentId, comment: 'Second of ours' },
      ]),
    );
    expect(await idsOn(post, 'instagram')).toEqual([]);
    expect(await idsOn(post, 'threads')).toEqual([outside.commentId]);
  });

  it('a single comment deleted through the post id is still an array', async () => {
    const post = await publish(['bluesky']);
    const made = await commentOn(post, 'Alone');
    const deleted = await client.api('DELETE', `/comments/${post.id}`, { profileKey: post.profileKey });
    expect(deleted.status).toBe(200);
    expect(deleted.json.bluesky).toEqual([{ action: 'delete', status: 'success', id: made.bluesky.commentId, comment: 'Alone' }]);
  });

  it('a post without comments made through the service is 404 code 114 (outside comments are not touched)', async () => {
    const post = await publish(['threads']);
    const outside = await outsideComment('threads', post);
    const reply = await client.api('DELETE', `/comments/${post.id}`, { profileKey: post.profileKey });
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe(114);
    expect(await idsOn(post, 'threads')).toEqual([outside.commentId]);
  });
});

describe('DELETE /comments/:id with a social comment id: searchPlatformId and platform in the JSON body', () => {
  it('deletes an outside comment: {status, <platform>: {action:"delete", status, id, comment}}; it vanishes from GET', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post, 'Spam spam spam');
    const reply = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'instagram' },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      status: 'success',
      instagram: { action: 'delete', status: 'success', id: outside.commentId, comment: 'Spam spam spam' },
    });
    expect(await idsOn(post, 'instagram')).toEqual([]);
  });

  it('deletes a seeded comment on a post made outside the service', async () => {
    const seeded = world.posts.find((p) => p.serviceId === null && p.platform === 'threads' && p.commentCount > 0) as Post;
    const profileKey = world.profiles.find((p) => p.refId === seeded.profileRefId)?.profileKey ?? null;
    const path = `/comments/${seeded.socialId}?searchPlatformId=true&platform=threads`;
    const before = (await client.api('GET', path, { profileKey })).json.threads as CommentRecord[];
    const target = before[0] as CommentRecord;
    const reply = await client.api('DELETE', `/comments/${target.commentId}`, { body: { searchPlatformId: true, platform: 'threads' }, profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json.threads).toEqual({ action: 'delete', status: 'success', id: target.commentId, comment: target.comment });
    const after = (await client.api('GET', path, { profileKey })).json.threads as CommentRecord[];
    expect(after.map((r) => r.commentId)).toEqual(before.slice(1).map((r) => r.commentId));
  });

  it('without platform: 400 code 104; an unknown platform: 400 code 106', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post);
    const missing = await client.api('DELETE', `/comments/${outside.commentId}`, { body: { searchPlatformId: true }, profileKey: post.profileKey });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ status: 'error', code: 104 });
    const unknown = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'myspace' },
      profileKey: post.profileKey,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe(106);
    expect(await idsOn(post, 'instagram')).toEqual([outside.commentId]);
  });

  it('an unknown social comment id, or one on another network, is 404 code 114', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post);
    const unknown = await client.api('DELETE', '/comments/17000000000000001', {
      body: { searchPlatformId: true, platform: 'instagram' },
      profileKey: post.profileKey,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
    const wrongNetwork = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'threads' },
      profileKey: post.profileKey,
    });
    expect(wrongNetwork.status).toBe(404);
    expect(wrongNetwork.json.code).toBe(114);
  });

  it('a social comment id without searchPlatformId is not a service id: 404', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post);
    const reply = await client.api('DELETE', `/comments/${outside.commentId}`, { profileKey: post.profileKey });
    expect(reply.status).toBe(404);
    expect(await idsOn(post, 'instagram')).toEqual([outside.commentId]);
  });
});

describe("tiktok: only the account's own comments can be deleted (328)", () => {
  it('a comment by someone else: 400 with {status:"error", code:328, errors:[{action, status, code, message, platform}]}; it stays', async () => {
    const post = await publish(['tiktok']);
    const outside = await outsideComment('tiktok', post);
    const seq = await client.ledgerSeq();
    const reply = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'tiktok' },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      status: 'error',
      code: 328,
      message: expect.any(String),
      errors: [{ action: 'delete', status: 'error', code: 328, message: expect.any(String), platform: 'tiktok' }],
    });
    expect(await idsOn(post, 'tiktok')).toEqual([outside.commentId]);
    expect(await client.ledgerSince(seq)).toEqual([]);
  });

  it("the account's own tiktok comment is deletable, by social comment id and by service comment id", async () => {
    const post = await publish(['tiktok']);
    const first = await commentOn(post, 'Mine, by social id');
    const second = await commentOn(post, 'Mine, by service id');
    const bySocial = await client.api('DELETE', `/comments/${first.tiktok.commentId}`, {
      body: { searchPlatformId: true, platform: 'tiktok' },
      profileKey: post.profileKey,
    });
    expect(bySocial.status).toBe(200);
    expect(bySocial.json.tiktok).toEqual({ action: 'delete', status: 'success', id: first.tiktok.commentId, comment: 'Mine, by social id' });
    const byService = await client.api('DELETE', `/comments/${second.commentId}`, { profileKey: post.profileKey });
    expect(byService.status).toBe(200);
    expect(await idsOn(post, 'tiktok')).toEqual([]);
  });

  it("the same outside comment on another network (instagram) is deletable: the rule is tiktok's alone", async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post);
    const reply = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'instagram' },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
  });
});

describe('legacy DELETE /comments {id} is the same operation', () => {
  it('deletes by service comment id in the body with the same answer', async () => {
    const post = await publish(['threads', 'bluesky']);
    const made = await commentOn(post, 'Legacy delete');
    const reply = await client.api('DELETE', '/comments', { body: { id: made.commentId }, profileKey: post.profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      status: 'success',
      threads: { action: 'delete', status: 'success', id: made.threads.commentId, comment: 'Legacy delete' },
      bluesky: { action: 'delete', status: 'success', id: made.bluesky.commentId, comment: 'Legacy delete' },
    });
    expect(await idsOn(post, 'threads')).toEqual([]);
  });

  it('deletes by social comment id with searchPlatformId and platform in the body', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', post);
    const reply = await client.api('DELETE', '/comments', {
      body: { id: outside.commentId, searchPlatformId: true, platform: 'instagram' },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.instagram.id).toBe(outside.commentId);
    expect(await idsOn(post, 'instagram')).toEqual([]);
  });

  it('without id: 400 code 104; unknown id: 404 code 114', async () => {
    const missing = await client.api('DELETE', '/comments', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe(104);
    const unknown = await client.api('DELETE', '/comments', { body: { id: 'NoSuchCommentOrPost0' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
  });
});

describe('a deleted comment is gone for the other comment operations too', () => {
  it('replying to it is 215; GET by its social comment id is 404', async () => {
    const post = await publish(['instagram']);
    const made = await commentOn(post, 'Short-lived');
    expect((await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey })).status).toBe(200);
    const reply = await client.api('POST', `/comments/reply/${made.commentId}`, {
      body: { comment: 'Hello?', platforms: ['instagram'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(215);
    expect(reply.json.errors[0]).toMatchObject({ action: 'reply', status: 'error', code: 215, platform: 'instagram' });
    const byComment = await client.api('GET', `/comments/${made.instagram.commentId}?searchPlatformId=true&platform=instagram&commentId=true`, {
      profileKey: post.profileKey,
    });
    expect(byComment.status).toBe(404);
  });
});

describe('the comments of a deleted post (DELETE /post) are gone with it', () => {
  it('DELETE by service comment id and by social comment id: 404 code 114', async () => {
    const post = await publish(['instagram']);
    const made = await commentOn(post, 'On a post about to go');
    const outside = await outsideComment('instagram', post);
    expect((await client.api('DELETE', '/post', { body: { id: post.id }, profileKey: post.profileKey })).status).toBe(200);
    const byService = await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey });
    expect(byService.status).toBe(404);
    expect(byService.json.code).toBe(114);
    const bySocial = await client.api('DELETE', `/comments/${outside.commentId}`, {
      body: { searchPlatformId: true, platform: 'instagram' },
      profileKey: post.profileKey,
    });
    expect(bySocial.status).toBe(404);
    expect(bySocial.json.code).toBe(114);
  });

  it("GET by social comment id (commentId=true): 404, like GET by the post's social id", async () => {
    const post = await publish(['instagram']);
    const made = await commentOn(post, 'Soon orphaned');
    const path = `/comments/${made.instagram.commentId}?searchPlatformId=true&platform=instagram&commentId=true`;
    expect((await client.api('GET', path, { profileKey: post.profileKey })).status).toBe(200);
    expect((await client.api('DELETE', '/post', { body: { id: post.id }, profileKey: post.profileKey })).status).toBe(200);
    const after = await client.api('GET', path, { profileKey: post.profileKey });
    expect(after.status).toBe(404);
    expect(after.json.code).toBe(114);
    const byPost = await client.api('GET', `/comments/${post.socialIds.instagram}?searchPlatformId=true&platform=instagram`, { profileKey: post.profileKey });
    expect(byPost.status).toBe(404);
  });
});

describe('the ledger gets one comment.delete entry per delete', () => {
  it('a delete writes one entry naming the deleted social ids; a refused delete writes none', async () => {
    const post = await publish(['threads', 'bluesky']);
    const made = await commentOn(post, 'Ledgered');
    const seq = await client.ledgerSeq();
    expect((await client.api('DELETE', '/comments/NoSuchCommentOrPost0')).status).toBe(404);
    expect(await client.ledgerSince(seq)).toEqual([]);
    expect((await client.api('DELETE', `/comments/${made.commentId}`, { profileKey: post.profileKey })).status).toBe(200);
    const entries = await client.ledgerSince(seq);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'comment.delete', method: 'DELETE' });
    expect(entries[0]?.ids).toEqual(expect.arrayContaining([made.threads.commentId, made.bluesky.commentId]));
  });
});
