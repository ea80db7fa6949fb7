// POST /comments/reply/:commentId (and the legacy POST /comments/reply {commentId}): by service
// comment id on any of the networks the comment was made on (threads included), by social comment
// id on exactly one of facebook, instagram, linkedin, tiktok, twitter with the LinkedIn URN or the
// TikTok video id; the result's fields per network, the image rule, objResponse, code 215 and the
// partial failure, replies in GET, X headers. Posts are made fresh with POST /post; outside
// comments are made through the control surface, so no test depends on seeded ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileKeyOf, profileWith, type SandboxClient, type World } from './harness.ts';

type Post = World['posts'][number];

interface CommentRecord {
  comment: string;
  commentId: string;
  created: string;
  platform: string;
  postId: string;
  replies?: CommentRecord[];
  commentUrn?: string;
  videoId?: string;
}

const LINKEDIN_URN = /^urn:li:comment:\(urn:li:activity:(\d+),(\d+)\)$/;

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

async function publish(platforms: string[], extra: Record<string, unknown> = {}): Promise<Published> {
  const profile = profileWith(world, ...platforms);
  const reply = await client.api('POST', '/post', {
    body: { post: 'A fresh post for replies', platforms, ...extra },
    profileKey: profile.profileKey,
    x: true,
  });
  expect(reply.status).toBe(200);
  const socialIds: Record<string, string> = {};
  for (const entry of reply.json.postIds as { id: string; platform: string }[]) socialIds[entry.platform] = entry.id;
  return { id: reply.json.id as string, socialIds, profileKey: profile.profileKey, refId: profile.refId };
}

/** A comment through the service on every network of the post. */
async function commentOn(post: Published, text = 'A comment to answer'): Promise<any> {
  const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: text }, profileKey: post.profileKey, x: true });
  expect(reply.status).toBe(200);
  expect(reply.json.status).toBe('success');
  return reply.json;
}

/** A comment by someone outside the account (control surface): its social id and record. */
async function outsideComment(platform: string, post: { socialId: string; refId: string }, text = 'Question from a customer'): Promise<CommentRecord> {
  const made = await client.control('POST', '/comments', {
    platform,
    socialPostId: post.socialId,
    comment: text,
    from: { id: '999000111', username: 'curious_customer' },
    profileRefId: post.refId,
  });
  expect(made.status).toBe(200);
  return made.json as CommentRecord;
}

async function listOf(platform: string, socialPostId: string, profileKey: string | null): Promise<CommentRecord[]> {
  const reply = await client.api('GET', `/comments/${encodeURIComponent(socialPostId)}?searchPlatformId=true&platform=${platform}`, {
    profileKey,
    x: true,
  });
  expect(reply.status).toBe(200);
  return reply.json[platform] as CommentRecord[];
}

function find(records: CommentRecord[], commentId: string): CommentRecord | undefined {
  for (const r of records) {
    if (r.commentId === commentId) return r;
    const inner = find(r.replies ?? [], commentId);
    if (inner) return inner;
  }
  return undefined;
}

/** The 215 body: {status:'error', code:215, message, errors:[{action, status:'error', code, message, platform}]}. */
function expect215(reply: { status: number; json: any }, platforms: string[]): void {
  expect(reply.status).toBe(400);
  expect(reply.json.status).toBe('error');
  expect(reply.json.code).toBe(215);
  expect(typeof reply.json.message).toBe('string');
  expect(reply.json.errors).toHaveLength(platforms.length);
  for (const [i, platform] of platforms.entries()) {
    expect(reply.json.errors[i]).toEqual({ action: 'reply', status: 'error', code: 215, message: expect.any(String), platform });
  }
}

describe('reply by service comment id: any of the networks the comment was made on', () => {
  it('answers {status, id (service post id), commentId (service comment id of the reply), <platform>: {…}} with the fields of each network', async () => {
    const platforms = ['bluesky', 'instagram', 'linkedin', 'threads', 'twitter'];
    const post = await publish(platforms);
    const comment = await commentOn(post);
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Thank you!', platforms },
      profileKey: post.profileKey,
      x: true,
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['commentId', 'id', 'status', ...platforms].sort());
    expect(reply.json.status).toBe('success');
    expect(reply.json.id).toBe(post.id);
    expect(typeof reply.json.commentId).toBe('string');
    expect(reply.json.commentId).not.toBe(comment.commentId);
    for (const platform of platforms) {
      const result = reply.json[platform];
      expect(result).toMatchObject({
        status: 'success',
        sourceCommentId: comment[platform].commentId,
        comment: 'Thank you!',
        platform,
      });
      expect(typeof result.commentId).toBe('string');
      expect(result.commentId).not.toBe(comment[platform].commentId);
      const keys = ['comment', 'commentId', 'platform', 'sourceCommentId', 'status'];
      if (platform === 'bluesky' || platform === 'twitter') keys.push('postUrl');
      if (platform === 'bluesky') keys.push('cid');
      expect(Object.keys(result).sort()).toEqual(keys.sort());
    }
    expect(reply.json.twitter.postUrl).toMatch(new RegExp(`^https://x\\.com/[^/]+/status/${reply.json.twitter.commentId}$`));
    expect(reply.json.bluesky.postUrl).toMatch(/^https:\/\/bsky\.app\/profile\/[^/]+\/post\/[a-z2-7]+$/);
    expect(reply.json.bluesky.postUrl.split('/').pop()).toBe(reply.json.bluesky.commentId.split('/').pop());
    expect(reply.json.bluesky.cid).toMatch(/^bafy/);
  });

  it('tiktok adds videoId (the video of the post); facebook has no postUrl, cid nor videoId', async () => {
    const post = await publish(['tiktok', 'facebook']);
    const comment = await commentOn(post);
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Glad you like it', platforms: ['tiktok', 'facebook'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.tiktok.videoId).toBe(post.socialIds.tiktok);
    expect(reply.json.tiktok).not.toHaveProperty('postUrl');
    expect(reply.json.tiktok.sourceCommentId).toBe(comment.tiktok.commentId);
    expect(Object.keys(reply.json.facebook).sort()).toEqual(['comment', 'commentId', 'platform', 'sourceCommentId', 'status']);
  });

  it('youtube and threads take replies by service comment id', async () => {
    const onYoutube = await publish(['youtube']);
    const ytComment = await commentOn(onYoutube);
    const ytReply = await client.api('POST', `/comments/reply/${ytComment.commentId}`, {
      body: { comment: 'Thanks for watching', platforms: ['youtube'] },
      profileKey: onYoutube.profileKey,
    });
    expect(ytReply.status).toBe(200);
    expect(ytReply.json.youtube).toMatchObject({ status: 'success', sourceCommentId: ytComment.youtube.commentId, platform: 'youtube' });

    const onThreads = await publish(['threads']);
    const thComment = await commentOn(onThreads);
    const thReply = await client.api('POST', `/comments/reply/${thComment.commentId}`, {
      body: { comment: 'On threads too', platforms: ['threads'] },
      profileKey: onThreads.profileKey,
    });
    expect(thReply.status).toBe(200);
    expect(thReply.json.threads).toMatchObject({ status: 'success', sourceCommentId: thComment.threads.commentId });
  });

  it('a reply can be answered in turn by its own service comment id', async () => {
    const post = await publish(['threads']);
    const comment = await commentOn(post);
    const first = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'First', platforms: ['threads'] },
      profileKey: post.profileKey,
    });
    const second = await client.api('POST', `/comments/reply/${first.json.commentId}`, {
      body: { comment: 'Second', platforms: ['threads'] },
      profileKey: post.profileKey,
    });
    expect(second.status).toBe(200);
    expect(second.json.threads.sourceCommentId).toBe(first.json.threads.commentId);
    expect(second.json.id).toBe(post.id);
  });

  it("replies appear in GET under the parent comment's replies on each network, newest first", async () => {
    const platforms = ['bluesky', 'linkedin', 'threads'];
    const post = await publish(platforms);
    const comment = await commentOn(post);
    const first = await client.api('POST', `/comments/reply/${comment.commentId}`, { body: { comment: 'Reply one', platforms }, profileKey: post.profileKey });
    expect(first.status).toBe(200);
    const second = await client.api('POST', `/comments/reply/${comment.commentId}`, { body: { comment: 'Reply two', platforms }, profileKey: post.profileKey });
    expect(second.status).toBe(200);
    for (const platform of platforms) {
      const records = await listOf(platform, post.socialIds[platform] as string, post.profileKey);
      // Replies are nested, not top-level.
      expect(records).toHaveLength(1);
      const parent = records[0] as CommentRecord;
      expect(parent.commentId).toBe(comment[platform].commentId);
      const replyIds = (parent.replies ?? []).map((r) => r.commentId);
      expect(new Set(replyIds)).toEqual(new Set([first.json[platform].commentId, second.json[platform].commentId]));
      const [newer, older] = parent.replies as CommentRecord[];
      expect(Date.parse(newer!.created)).toBeGreaterThanOrEqual(Date.parse(older!.created));
      expect(find(records, first.json[platform].commentId)?.comment).toBe('Reply one');
    }
  });

  it('platforms is required: 400 code 104; a value outside the reply networks (reddit) is 400 code 106', async () => {
    const post = await publish(['threads']);
    const comment = await commentOn(post);
    const missing = await client.api('POST', `/comments/reply/${comment.commentId}`, { body: { comment: 'No platforms' }, profileKey: post.profileKey });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe(104);
    const reddit = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['reddit'] },
      profileKey: post.profileKey,
    });
    expect(reddit.status).toBe(400);
    expect(reddit.json.code).toBe(106);
  });

  it("another profile's service comment is unknown: 215 without its Profile-Key", async () => {
    const post = await publish(['instagram', 'tiktok']);
    expect(post.profileKey).not.toBeNull();
    const comment = await commentOn(post);
    const asPrimary = await client.api('POST', `/comments/reply/${comment.commentId}`, { body: { comment: 'Hi', platforms: ['instagram'] } });
    expect215(asPrimary, ['instagram']);
    const asOwner = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['instagram'] },
      profileKey: post.profileKey,
    });
    expect(asOwner.status).toBe(200);
  });
});

describe('legacy POST /comments/reply {commentId} is the same operation', () => {
  it('replies to the comment in the body with the same answer shape', async () => {
    const post = await publish(['threads', 'bluesky']);
    const comment = await commentOn(post);
    const reply = await client.api('POST', '/comments/reply', {
      body: { commentId: comment.commentId, comment: 'Legacy reply', platforms: ['threads', 'bluesky'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      status: 'success',
      id: post.id,
      threads: { status: 'success', sourceCommentId: comment.threads.commentId, comment: 'Legacy reply', platform: 'threads' },
      bluesky: { status: 'success', sourceCommentId: comment.bluesky.commentId, comment: 'Legacy reply', platform: 'bluesky' },
    });
    expect(typeof reply.json.commentId).toBe('string');
    expect(typeof reply.json.bluesky.cid).toBe('string');
  });

  it('without commentId in the body: 400 code 104', async () => {
    const reply = await client.api('POST', '/comments/reply', { body: { comment: 'Hi', platforms: ['threads'] } });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 104 });
  });
});

describe('reply by social comment id (searchPlatformId): exactly one of facebook, instagram, linkedin, tiktok, twitter', () => {
  it('facebook and instagram: the reply goes under the outside comment; id is the service post id of the post', async () => {
    for (const platform of ['facebook', 'instagram']) {
      const post = await publish([platform]);
      const outside = await outsideComment(platform, { socialId: post.socialIds[platform] as string, refId: post.refId });
      const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
        body: { comment: 'Thanks for asking', platforms: [platform], searchPlatformId: true },
        profileKey: post.profileKey,
      });
      expect(reply.status).toBe(200);
      expect(reply.json.status).toBe('success');
      expect(reply.json.id).toBe(post.id);
      expect(typeof reply.json.commentId).toBe('string');
      expect(reply.json[platform]).toMatchObject({ status: 'success', sourceCommentId: outside.commentId, comment: 'Thanks for asking', platform });
      const records = await listOf(platform, post.socialIds[platform] as string, post.profileKey);
      const parent = find(records, outside.commentId);
      expect(parent?.replies?.map((r) => r.commentId)).toEqual([reply.json[platform].commentId]);
    }
  });

  it('twitter (with the X headers): the result carries postUrl', async () => {
    const post = await publish(['twitter']);
    const outside = await outsideComment('twitter', { socialId: post.socialIds.twitter as string, refId: post.refId });
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Replying on X', platforms: ['twitter'], searchPlatformId: true },
      profileKey: post.profileKey,
      x: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.twitter.sourceCommentId).toBe(outside.commentId);
    expect(reply.json.twitter.postUrl).toMatch(/^https:\/\/x\.com\//);
  });

  it('a seeded comment on a post made outside the service takes a reply by its social id', async () => {
    const post = world.posts.find(
      (p) => p.serviceId === null && p.platform === 'instagram' && p.commentCount > 0 && profileKeyOf(world, p.profileRefId) === null,
    ) as Post;
    const [record] = await listOf('instagram', post.socialId, null);
    const reply = await client.api('POST', `/comments/reply/${record!.commentId}`, {
      body: { comment: 'Seen it', platforms: ['instagram'], searchPlatformId: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.instagram.sourceCommentId).toBe(record!.commentId);
  });

  it('bluesky, youtube and threads are not accepted with a social comment id: 400 code 106', async () => {
    for (const platform of ['bluesky', 'youtube', 'threads']) {
      const post = await publish([platform]);
      const outside = await outsideComment(platform, { socialId: post.socialIds[platform] as string, refId: post.refId });
      const reply = await client.api('POST', `/comments/reply/${encodeURIComponent(outside.commentId)}`, {
        body: { comment: 'Hi', platforms: [platform], searchPlatformId: true },
        profileKey: post.profileKey,
      });
      expect({ platform, status: reply.status, code: reply.json.code }).toEqual({ platform, status: 400, code: 106 });
    }
  });

  it('two platforms: 400 code 105; no platforms: 400 code 104', async () => {
    const post = await publish(['facebook', 'instagram']);
    const outside = await outsideComment('facebook', { socialId: post.socialIds.facebook as string, refId: post.refId });
    const two = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', platforms: ['facebook', 'instagram'], searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect(two.status).toBe(400);
    expect(two.json.code).toBe(105);
    const none = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect(none.status).toBe(400);
    expect(none.json.code).toBe(104);
  });

  it('an unknown social comment id is 215', async () => {
    const reply = await client.api('POST', '/comments/reply/17999999999999999', {
      body: { comment: 'Hi', platforms: ['instagram'], searchPlatformId: true },
    });
    expect215(reply, ['instagram']);
  });
});

describe('reply with a social comment id on linkedin needs the full comment URN in commentUrn', () => {
  async function linkedinComment(): Promise<{ post: Published; outside: CommentRecord; other: CommentRecord }> {
    const post = await publish(['linkedin']);
    const target = { socialId: post.socialIds.linkedin as string, refId: post.refId };
    return { post, outside: await outsideComment('linkedin', target, 'First question'), other: await outsideComment('linkedin', target, 'Second question') };
  }

  it('with the URN from the comment record: 200, the reply lands under that comment', async () => {
    const { post, outside } = await linkedinComment();
    expect(outside.commentUrn).toMatch(LINKEDIN_URN);
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Happy to help @[Ada Lovelace]', platforms: ['linkedin'], searchPlatformId: true, commentUrn: outside.commentUrn },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.linkedin).toMatchObject({ status: 'success', sourceCommentId: outside.commentId, comment: 'Happy to help @[Ada Lovelace]' });
    const records = await listOf('linkedin', post.socialIds.linkedin as string, post.profileKey);
    expect(find(records, outside.commentId)?.replies?.[0]?.comment).toBe('Happy to help @[Ada Lovelace]');
  });

  it('without commentUrn: 400 code 104', async () => {
    const { post, outside } = await linkedinComment();
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', platforms: ['linkedin'], searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 104 });
  });

  it('a bare comment id instead of the URN: 400 code 105', async () => {
    const { post, outside } = await linkedinComment();
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', platforms: ['linkedin'], searchPlatformId: true, commentUrn: outside.commentId },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 105 });
  });

  it('the URN of another comment: 215, nothing written', async () => {
    const { post, outside, other } = await linkedinComment();
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', platforms: ['linkedin'], searchPlatformId: true, commentUrn: other.commentUrn },
      profileKey: post.profileKey,
    });
    expect215(reply, ['linkedin']);
    expect(await client.ledgerSince(seq)).toEqual([]);
  });

  it('by service comment id no URN is needed', async () => {
    const post = await publish(['linkedin']);
    const comment = await commentOn(post);
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'No URN here', platforms: ['linkedin'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
  });
});

describe('reply with a social comment id on tiktok needs videoId', () => {
  async function tiktokComment(): Promise<{ post: Published; outside: CommentRecord }> {
    const post = await publish(['tiktok']);
    return { post, outside: await outsideComment('tiktok', { socialId: post.socialIds.tiktok as string, refId: post.refId }) };
  }

  it('with the videoId of the comment record: 200 and the result carries videoId', async () => {
    const { post, outside } = await tiktokComment();
    expect(outside.videoId).toBe(post.socialIds.tiktok);
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Thanks!', platforms: ['tiktok'], searchPlatformId: true, videoId: outside.videoId },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.tiktok).toMatchObject({ status: 'success', sourceCommentId: outside.commentId, videoId: post.socialIds.tiktok });
  });

  it('without videoId: 400 code 104', async () => {
    const { post, outside } = await tiktokComment();
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Thanks!', platforms: ['tiktok'], searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(104);
  });

  it("a videoId that is not the comment's video: 215", async () => {
    const { post, outside } = await tiktokComment();
    const other = await publish(['tiktok']);
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Thanks!', platforms: ['tiktok'], searchPlatformId: true, videoId: other.socialIds.tiktok },
      profileKey: post.profileKey,
    });
    expect215(reply, ['tiktok']);
  });
});

describe('mediaUrls on a reply: one image URL, facebook and linkedin only', () => {
  it('one URL on facebook (social comment id) and on linkedin (service comment id) is accepted', async () => {
    const fbPost = await publish(['facebook']);
    const outside = await outsideComment('facebook', { socialId: fbPost.socialIds.facebook as string, refId: fbPost.refId });
    const onFacebook = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'See the picture', platforms: ['facebook'], searchPlatformId: true, mediaUrls: ['https://example.com/menu.png'] },
      profileKey: fbPost.profileKey,
    });
    expect(onFacebook.status).toBe(200);

    const liPost = await publish(['linkedin']);
    const comment = await commentOn(liPost);
    const onLinkedin = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'See the chart', platforms: ['linkedin'], mediaUrls: ['https://example.com/chart.png'] },
      profileKey: liPost.profileKey,
    });
    expect(onLinkedin.status).toBe(200);
  });

  it('an image on a twitter reply is 400 code 105 (comments take one on twitter, replies do not)', async () => {
    const post = await publish(['twitter']);
    const comment = await commentOn(post);
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Picture', platforms: ['twitter'], mediaUrls: ['https://example.com/a.png'] },
      profileKey: post.profileKey,
      x: true,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(105);
  });

  it('an image on an instagram reply, or two URLs on facebook, is 400 code 105', async () => {
    const post = await publish(['instagram', 'facebook']);
    const comment = await commentOn(post);
    const instagram = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Picture', platforms: ['instagram'], mediaUrls: ['https://example.com/a.png'] },
      profileKey: post.profileKey,
    });
    expect(instagram.status).toBe(400);
    expect(instagram.json.code).toBe(105);
    const two = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Pictures', platforms: ['facebook'], mediaUrls: ['https://example.com/a.png', 'https://example.com/b.png'] },
      profileKey: post.profileKey,
    });
    expect(two.status).toBe(400);
    expect(two.json.code).toBe(105);
  });
});

describe('objResponse: true (default) answers an object, false an array [ {…} ]', () => {
  it('false wraps the same result in a one-element array; true and absent give the object', async () => {
    const post = await publish(['threads']);
    const comment = await commentOn(post);
    const asArray = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'As array', platforms: ['threads'], objResponse: false },
      profileKey: post.profileKey,
    });
    expect(asArray.status).toBe(200);
    expect(Array.isArray(asArray.json)).toBe(true);
    expect(asArray.json).toHaveLength(1);
    expect(asArray.json[0]).toMatchObject({ status: 'success', id: post.id, threads: { status: 'success', comment: 'As array' } });

    for (const objResponse of [true, undefined]) {
      const asObject = await client.api('POST', `/comments/reply/${comment.commentId}`, {
        body: { comment: 'As object', platforms: ['threads'], ...(objResponse === undefined ? {} : { objResponse }) },
        profileKey: post.profileKey,
      });
      expect(asObject.status).toBe(200);
      expect(Array.isArray(asObject.json)).toBe(false);
      expect(asObject.json.status).toBe('success');
    }
  });
});

describe('215: the reply could not be posted', () => {
  it('empty text and text of blanks are 215 with the errors shape; nothing is written', async () => {
    const post = await publish(['threads', 'bluesky']);
    const comment = await commentOn(post);
    const seq = await client.ledgerSeq();
    for (const text of ['', '   \n ']) {
      const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
        body: { comment: text, platforms: ['threads', 'bluesky'] },
        profileKey: post.profileKey,
      });
      expect215(reply, ['threads', 'bluesky']);
    }
    expect(await client.ledgerSince(seq)).toEqual([]);
    expect((await listOf('threads', post.socialIds.threads as string, post.profileKey))[0]).not.toHaveProperty('replies');
  });

  it('an unknown service comment id is 215', async () => {
    const reply = await client.api('POST', '/comments/reply/NoSuchServiceComment', { body: { comment: 'Hi', platforms: ['threads'] } });
    expect215(reply, ['threads']);
  });

  it('a comment whose post was deleted (DELETE /post) is 215', async () => {
    const post = await publish(['threads', 'instagram']);
    const comment = await commentOn(post);
    const deleted = await client.api('DELETE', '/post', { body: { id: post.id }, profileKey: post.profileKey });
    expect(deleted.status).toBe(200);
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Too late', platforms: ['threads', 'instagram'] },
      profileKey: post.profileKey,
    });
    expect215(reply, ['threads', 'instagram']);
    expect(reply.json.errors[0].message).toMatch(/original post does not exist/);
  });

  it('an outside comment on a deleted post, by social comment id, is 215', async () => {
    const post = await publish(['instagram']);
    const outside = await outsideComment('instagram', { socialId: post.socialIds.instagram as string, refId: post.refId });
    expect((await client.api('DELETE', '/post', { body: { id: post.id }, profileKey: post.profileKey })).status).toBe(200);
    const reply = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Too late', platforms: ['instagram'], searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect215(reply, ['instagram']);
  });

  it('a comment on a post whose comments were switched off (PUT /post disableComments) is 215; switched on again, the reply goes through', async () => {
    const post = await publish(['instagram']);
    const comment = await commentOn(post);
    expect((await client.api('PUT', '/post', { body: { id: post.id, disableComments: true }, profileKey: post.profileKey })).status).toBe(200);
    const refused = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['instagram'] },
      profileKey: post.profileKey,
    });
    expect215(refused, ['instagram']);
    expect((await client.api('PUT', '/post', { body: { id: post.id, disableComments: false }, profileKey: post.profileKey })).status).toBe(200);
    const accepted = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['instagram'] },
      profileKey: post.profileKey,
    });
    expect(accepted.status).toBe(200);
  });

  it('a comment on the seeded tiktok video with comments disabled is 215 by social id', async () => {
    const post = world.posts.find((p) => p.platform === 'tiktok' && p.flags.includes('commentsDisabled') && p.commentCount > 0);
    if (!post) throw new Error('seed has no commented tiktok video with comments disabled');
    const profileKey = profileKeyOf(world, post.profileRefId);
    const [record] = await listOf('tiktok', post.socialId, profileKey);
    const reply = await client.api('POST', `/comments/reply/${record!.commentId}`, {
      body: { comment: 'Hi', platforms: ['tiktok'], searchPlatformId: true, videoId: record!.videoId },
      profileKey,
    });
    expect215(reply, ['tiktok']);
  });
});

describe('a multi-platform reply where some networks fail: HTTP 200, status error, successes per platform, failures in errors', () => {
  it('comments off on instagram and linkedin, open on threads: threads replied, the other two in errors with code 215', async () => {
    const platforms = ['instagram', 'linkedin', 'threads'];
    const post = await publish(platforms);
    const comment = await commentOn(post);
    expect((await client.api('PUT', '/post', { body: { id: post.id, disableComments: true }, profileKey: post.profileKey })).status).toBe(200);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Partly', platforms },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('error');
    expect(reply.json.code).toBe(215);
    expect(reply.json.id).toBe(post.id);
    expect(typeof reply.json.commentId).toBe('string');
    expect(reply.json.threads).toMatchObject({ status: 'success', sourceCommentId: comment.threads.commentId, comment: 'Partly' });
    expect(reply.json).not.toHaveProperty('instagram');
    expect(reply.json).not.toHaveProperty('linkedin');
    expect((reply.json.errors as { platform: string }[]).map((e) => e.platform).sort()).toEqual(['instagram', 'linkedin']);
    for (const error of reply.json.errors) {
      expect(error).toEqual({ action: 'reply', status: 'error', code: 215, message: expect.any(String), platform: error.platform });
    }
    // What succeeded was written, once.
    const entries = await client.ledgerSince(seq);
    expect(entries.map((e) => e.kind)).toEqual(['comment.reply']);
    expect(entries[0]?.ids).toContain(reply.json.threads.commentId);
  });

  it('a network the comment was not made on fails alone with 215', async () => {
    const post = await publish(['threads', 'bluesky']);
    const reply0 = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Only threads', platforms: ['threads'] }, profileKey: post.profileKey });
    const reply = await client.api('POST', `/comments/reply/${reply0.json.commentId}`, {
      body: { comment: 'Both?', platforms: ['threads', 'bluesky'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('error');
    expect(reply.json.threads.status).toBe('success');
    expect(reply.json.errors).toEqual([{ action: 'reply', status: 'error', code: 215, message: expect.any(String), platform: 'bluesky' }]);
  });
});

describe('a reply to a twitter comment needs the X headers', () => {
  it('by service comment id: 419 without them (nothing written), 200 with them', async () => {
    const post = await publish(['twitter']);
    const comment = await commentOn(post);
    const seq = await client.ledgerSeq();
    const bare = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['twitter'] },
      profileKey: post.profileKey,
    });
    expect(bare.status).toBe(419);
    expect(bare.json).toMatchObject({ action: 'x_credentials_required', status: 'error', code: 419, platform: 'twitter' });
    expect(await client.ledgerSince(seq)).toEqual([]);
    const withX = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Hi', platforms: ['twitter'] },
      profileKey: post.profileKey,
      x: true,
    });
    expect(withX.status).toBe(200);
  });

  it('by social comment id: 419 without them', async () => {
    const post = await publish(['twitter']);
    const outside = await outsideComment('twitter', { socialId: post.socialIds.twitter as string, refId: post.refId });
    const bare = await client.api('POST', `/comments/reply/${outside.commentId}`, {
      body: { comment: 'Hi', platforms: ['twitter'], searchPlatformId: true },
      profileKey: post.profileKey,
    });
    expect(bare.status).toBe(419);
    expect(bare.json.code).toBe(419);
  });
});

describe('the ledger gets one comment.reply entry per reply', () => {
  it("with the reply's service comment id, its social ids and the text", async () => {
    const post = await publish(['threads', 'bluesky']);
    const comment = await commentOn(post);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/reply/${comment.commentId}`, {
      body: { comment: 'Logged once', platforms: ['threads', 'bluesky'] },
      profileKey: post.profileKey,
    });
    expect(reply.status).toBe(200);
    const entries = await client.ledgerSince(seq);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'comment.reply', text: 'Logged once' });
    expect(entries[0]?.ids).toEqual(expect.arrayContaining([reply.json.commentId, reply.json.threads.commentId, reply.json.bluesky.commentId]));
  });
});
