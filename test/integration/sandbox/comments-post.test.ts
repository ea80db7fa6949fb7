// POST /comments/:id (and the legacy POST /comments {id}): a comment by the profile's account on
// every network of a service post, or on the `platforms` given, or on one social post with
// searchPlatformId; text rules, images, comments switched off, reddit, the ledger, X headers, and
// the plan gate of every comments operation. Fresh posts are made with POST /post where a test
// writes, so tests do not depend on one another; seeded posts are picked from the world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileKeyOf, profileWith, type SandboxClient, type World } from './harness.ts';

type Post = World['posts'][number];

interface CommentRecord {
  comment: string;
  commentId: string;
  from: { id: string; username: string };
  platform: string;
  postId: string;
  replies?: CommentRecord[];
  commentUrn?: string;
  videoId?: string;
}

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

/** A fresh post through POST /post; returns its service id and social id per network. */
async function publish(
  platforms: string[],
  profileKey: string | null,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; socialIds: Record<string, string> }> {
  const reply = await client.api('POST', '/post', { body: { post: 'A fresh post for comments', platforms, ...extra }, profileKey, x: true });
  expect(reply.status).toBe(200);
  expect(reply.json.status).toBe('success');
  const socialIds: Record<string, string> = {};
  for (const entry of reply.json.postIds as { id: string; platform: string }[]) socialIds[entry.platform] = entry.id;
  return { id: reply.json.id as string, socialIds };
}

async function listOf(platform: string, socialPostId: string, profileKey: string | null): Promise<CommentRecord[]> {
  const reply = await client.api('GET', `/comments/${encodeURIComponent(socialPostId)}?searchPlatformId=true&platform=${platform}`, {
    profileKey,
    x: true,
  });
  expect(reply.status).toBe(200);
  return reply.json[platform] as CommentRecord[];
}

describe('POST /comments/:id with a service post id: the comment goes to every network of the post', () => {
  it('answers {status, id (service post id), commentId (service comment id), <platform>: {status, commentId, comment, platform}} for each network', async () => {
    const primary = profileWith(world, 'linkedin', 'twitter', 'bluesky', 'threads', 'instagram');
    const platforms = ['bluesky', 'instagram', 'linkedin', 'threads', 'twitter'];
    const post = await publish(platforms, primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Thanks everyone!' }, profileKey: primary.profileKey, x: true });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['commentId', 'id', 'status', ...platforms].sort());
    expect(reply.json.status).toBe('success');
    expect(reply.json.id).toBe(post.id);
    expect(typeof reply.json.commentId).toBe('string');
    expect(reply.json.commentId).not.toBe(post.id);
    for (const platform of platforms) {
      const result = reply.json[platform];
      expect(result).toMatchObject({ status: 'success', comment: 'Thanks everyone!', platform });
      expect(typeof result.commentId).toBe('string');
      const expectedKeys = ['comment', 'commentId', 'platform', 'status', ...(platform === 'linkedin' ? ['commentUrn'] : [])];
      expect(Object.keys(result).sort()).toEqual(expectedKeys.sort());
    }
  });

  it('the comment shows in GET on each network under the returned social comment id, written by the linked account', async () => {
    const primary = profileWith(world, 'linkedin', 'threads', 'instagram');
    const platforms = ['instagram', 'linkedin', 'threads'];
    const post = await publish(platforms, primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Shown everywhere' }, profileKey: primary.profileKey });
    expect(reply.status).toBe(200);
    const user = await client.api('GET', '/user', { profileKey: primary.profileKey });
    const accounts = user.json.displayNames as { platform: string; id: string; username: string }[];
    for (const platform of platforms) {
      const records = await listOf(platform, post.socialIds[platform] as string, primary.profileKey);
      expect(records).toHaveLength(1);
      const account = accounts.find((a) => a.platform === platform);
      expect(records[0]).toMatchObject({
        comment: 'Shown everywhere',
        commentId: reply.json[platform].commentId,
        platform,
        postId: post.socialIds[platform],
        from: { id: account?.id, username: account?.username },
      });
    }
  });

  it("linkedin adds commentUrn (full URN of the new comment); tiktok adds videoId (the post's video); other networks neither", async () => {
    const bakery = profileWith(world, 'tiktok', 'facebook', 'bluesky');
    const tiktokPost = await publish(['tiktok', 'facebook'], bakery.profileKey);
    const onTiktok = await client.api('POST', `/comments/${tiktokPost.id}`, { body: { comment: 'Love this video' }, profileKey: bakery.profileKey });
    expect(onTiktok.status).toBe(200);
    expect(onTiktok.json.tiktok.videoId).toBe(tiktokPost.socialIds.tiktok);
    expect(onTiktok.json.tiktok).not.toHaveProperty('commentUrn');
    expect(onTiktok.json.facebook).not.toHaveProperty('videoId');
    expect(onTiktok.json.facebook).not.toHaveProperty('commentUrn');

    const primary = profileWith(world, 'linkedin');
    const linkedinPost = await publish(['linkedin'], primary.profileKey);
    const onLinkedin = await client.api('POST', `/comments/${linkedinPost.id}`, { body: { comment: 'Noted' }, profileKey: primary.profileKey });
    expect(onLinkedin.status).toBe(200);
    const urn = /^urn:li:comment:\(urn:li:activity:\d+,(\d+)\)$/.exec(onLinkedin.json.linkedin.commentUrn as string);
    expect(urn?.[1]).toBe(onLinkedin.json.linkedin.commentId);
    expect(onLinkedin.json.linkedin).not.toHaveProperty('videoId');
    // The same URN as GET shows for that comment.
    const [record] = await listOf('linkedin', linkedinPost.socialIds.linkedin as string, primary.profileKey);
    expect(record?.commentUrn).toBe(onLinkedin.json.linkedin.commentUrn);
  });

  it('an unknown service post id is 404 code 114', async () => {
    const reply = await client.api('POST', '/comments/NoSuchServicePostId00', { body: { comment: 'Hello' } });
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ status: 'error', code: 114 });
  });

  it("another profile's service post is unknown: 404 without its Profile-Key, 200 with it", async () => {
    const other = world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('instagram'));
    if (!other) throw new Error('no user profile on instagram');
    const post = await publish(['instagram'], other.profileKey);
    const asPrimary = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Hello' } });
    expect(asPrimary.status).toBe(404);
    expect(asPrimary.json.code).toBe(114);
    const asOwner = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Hello' }, profileKey: other.profileKey });
    expect(asOwner.status).toBe(200);
  });
});

describe('`platforms` narrows the networks the comment goes to', () => {
  it('only the named networks get the comment; the others stay without it', async () => {
    const primary = profileWith(world, 'linkedin', 'threads', 'instagram');
    const post = await publish(['instagram', 'linkedin', 'threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Only threads', platforms: ['threads'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['commentId', 'id', 'status', 'threads']);
    expect(await listOf('threads', post.socialIds.threads as string, primary.profileKey)).toHaveLength(1);
    expect(await listOf('instagram', post.socialIds.instagram as string, primary.profileKey)).toHaveLength(0);
    expect(await listOf('linkedin', post.socialIds.linkedin as string, primary.profileKey)).toHaveLength(0);
  });

  it('a named network the post is not on fails for that network alone: HTTP 200, status error, the failure in errors', async () => {
    const primary = profileWith(world, 'threads', 'instagram', 'bluesky');
    const post = await publish(['threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Two asked, one there', platforms: ['threads', 'bluesky'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('error');
    expect(reply.json.threads).toMatchObject({ status: 'success', platform: 'threads' });
    expect(reply.json).not.toHaveProperty('bluesky');
    expect(reply.json.errors).toEqual([{ action: 'comment', status: 'error', code: 109, message: expect.any(String), platform: 'bluesky' }]);
  });

  it('a network that is no network at all is 400 code 106', async () => {
    const primary = profileWith(world, 'threads');
    const post = await publish(['threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Hi', platforms: ['myspace'] }, profileKey: primary.profileKey });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 106 });
  });
});

describe('reddit is a value POST /comments accepts, but no profile links it', () => {
  it('reddit beside a linked network: HTTP 200, the other network succeeds, reddit fails on its own (code 109)', async () => {
    const primary = profileWith(world, 'instagram');
    const post = await publish(['instagram'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Also to reddit', platforms: ['instagram', 'reddit'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('error');
    expect(reply.json.instagram.status).toBe('success');
    expect(reply.json.errors).toHaveLength(1);
    expect(reply.json.errors[0]).toMatchObject({ status: 'error', code: 109, platform: 'reddit' });
  });

  it('reddit alone: 400 with the per-platform error, nothing written', async () => {
    const primary = profileWith(world, 'instagram');
    const post = await publish(['instagram'], primary.profileKey);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Only reddit', platforms: ['reddit'] }, profileKey: primary.profileKey });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 109 });
    expect(reply.json.errors).toEqual([{ action: 'comment', status: 'error', code: 109, message: expect.any(String), platform: 'reddit' }]);
    expect(await client.ledgerSince(seq)).toEqual([]);
  });
});

describe('reddit (or any network the profile does not link) with searchPlatformId: the per-platform error, not "unknown post"', () => {
  it('reddit: 400 code 109 with errors [{action, status, code, message, platform: "reddit"}]', async () => {
    const reply = await client.api('POST', '/comments/t3_abc123', { body: { comment: 'Hi', platforms: ['reddit'], searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 109 });
    expect(reply.json.errors).toEqual([{ action: 'comment', status: 'error', code: 109, message: expect.any(String), platform: 'reddit' }]);
  });

  it('a network the profile does not link (facebook for the primary profile): 400 code 109; a linked one with an unknown id: 404', async () => {
    const primary = world.profiles.find((p) => p.profileKey === null) as World['profiles'][number];
    const unlinked = ['facebook', 'tiktok', 'youtube'].find((n) => !primary.platforms.includes(n)) as string;
    const reply = await client.api('POST', '/comments/1234567890', { body: { comment: 'Hi', platforms: [unlinked], searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json.errors[0]).toMatchObject({ code: 109, platform: unlinked });
    const linked = primary.platforms.find((n) => n !== 'twitter') as string;
    const unknown = await client.api('POST', '/comments/1234567890', { body: { comment: 'Hi', platforms: [linked], searchPlatformId: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
  });
});

describe('legacy POST /comments {id, …} is the same operation', () => {
  it('comments on the post in the body with the same answer shape', async () => {
    const primary = profileWith(world, 'threads', 'bluesky');
    const post = await publish(['threads', 'bluesky'], primary.profileKey);
    const reply = await client.api('POST', '/comments', {
      body: { id: post.id, comment: 'Via the legacy form', platforms: ['threads', 'bluesky'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({
      status: 'success',
      id: post.id,
      threads: { status: 'success', comment: 'Via the legacy form', platform: 'threads' },
      bluesky: { status: 'success', comment: 'Via the legacy form', platform: 'bluesky' },
    });
    expect(typeof reply.json.commentId).toBe('string');
    const [record] = await listOf('bluesky', post.socialIds.bluesky as string, primary.profileKey);
    expect(record?.commentId).toBe(reply.json.bluesky.commentId);
  });

  it('without id: 400 code 104; with an unknown id: 404 code 114', async () => {
    const missing = await client.api('POST', '/comments', { body: { comment: 'No id' } });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ status: 'error', code: 104 });
    const unknown = await client.api('POST', '/comments', { body: { id: 'NoSuchServicePostId00', comment: 'Hi' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
  });
});

describe('searchPlatformId: a social post id with exactly one platform', () => {
  function outsidePost(platform: string): Post {
    const post = world.posts.find((p) => p.serviceId === null && p.platform === platform && profileKeyOf(world, p.profileRefId) === null && p.owned);
    if (!post) throw new Error(`primary profile has no outside ${platform} post`);
    return post;
  }

  it('comments on a post made outside the service; it shows in GET by social post id', async () => {
    const post = outsidePost('instagram');
    const reply = await client.api('POST', `/comments/${post.socialId}`, {
      body: { comment: 'On an outside post', platforms: ['instagram'], searchPlatformId: true },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(typeof reply.json.commentId).toBe('string');
    expect(reply.json.instagram).toMatchObject({ status: 'success', comment: 'On an outside post', platform: 'instagram' });
    const records = await listOf('instagram', post.socialId, null);
    expect(records[0]?.commentId).toBe(reply.json.instagram.commentId);
  });

  it('the social post id of a service post answers with the service post id in id', async () => {
    const primary = profileWith(world, 'threads');
    const post = await publish(['threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.socialIds.threads}`, {
      body: { comment: 'By social id', platforms: ['threads'], searchPlatformId: true },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.id).toBe(post.id);
  });

  it('without platforms: 400 code 104', async () => {
    const post = outsidePost('instagram');
    const reply = await client.api('POST', `/comments/${post.socialId}`, { body: { comment: 'Hi', searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(104);
  });

  it('with two platforms: 400 code 105', async () => {
    const post = outsidePost('instagram');
    const reply = await client.api('POST', `/comments/${post.socialId}`, {
      body: { comment: 'Hi', searchPlatformId: true, platforms: ['instagram', 'threads'] },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(105);
  });

  it('an id that is not a post of that network for the profile: 404 code 114', async () => {
    const post = outsidePost('instagram');
    const reply = await client.api('POST', `/comments/${post.socialId}`, {
      body: { comment: 'Hi', searchPlatformId: true, platforms: ['threads'] },
    });
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe(114);
  });

  it('a social post id without searchPlatformId is taken as a service post id: 404', async () => {
    const post = outsidePost('instagram');
    const reply = await client.api('POST', `/comments/${post.socialId}`, { body: { comment: 'Hi', platforms: ['instagram'] } });
    expect(reply.status).toBe(404);
  });
});

describe('comment text', () => {
  it('empty text is 400 code 108, and so is text of blanks; nothing is written', async () => {
    const primary = profileWith(world, 'threads');
    const post = await publish(['threads'], primary.profileKey);
    const seq = await client.ledgerSeq();
    for (const comment of ['', '   \n\t']) {
      const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment }, profileKey: primary.profileKey });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 108 });
    }
    expect(await client.ledgerSince(seq)).toEqual([]);
    expect(await listOf('threads', post.socialIds.threads as string, primary.profileKey)).toEqual([]);
  });

  it('no comment field (and no randomComment) is 400 code 104', async () => {
    const primary = profileWith(world, 'threads');
    const post = await publish(['threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: {}, profileKey: primary.profileKey });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(104);
  });

  it('randomComment: true makes the service write the text: a non-empty comment, the same on every network and in GET', async () => {
    const primary = profileWith(world, 'threads', 'bluesky');
    const post = await publish(['threads', 'bluesky'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { randomComment: true }, profileKey: primary.profileKey });
    expect(reply.status).toBe(200);
    const text = reply.json.threads.comment as string;
    expect(typeof text).toBe('string');
    expect(text.trim().length).toBeGreaterThan(0);
    expect(reply.json.bluesky.comment).toBe(text);
    const [record] = await listOf('threads', post.socialIds.threads as string, primary.profileKey);
    expect(record?.comment).toBe(text);
  });

  it('@mentions are kept exactly as written, LinkedIn @[Full Name] and @vanity_name included', async () => {
    const primary = profileWith(world, 'linkedin', 'twitter', 'bluesky');
    const post = await publish(['linkedin', 'twitter', 'bluesky'], primary.profileKey);
    const text = 'Thanks @[Ada Lovelace] and @grace_hopper — see @acme.bsky.social 🎉';
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: text }, profileKey: primary.profileKey, x: true });
    expect(reply.status).toBe(200);
    for (const platform of ['linkedin', 'twitter', 'bluesky']) {
      expect(reply.json[platform].comment).toBe(text);
      const [record] = await listOf(platform, post.socialIds[platform] as string, primary.profileKey);
      expect(record?.comment).toBe(text);
    }
  });
});

describe('mediaUrls on a comment: one URL, facebook, linkedin and twitter only', () => {
  it('one image URL on facebook, linkedin and twitter is accepted', async () => {
    const primary = profileWith(world, 'linkedin', 'twitter');
    const post = await publish(['linkedin', 'twitter'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'With a picture', mediaUrls: ['https://example.com/a.png'] },
      profileKey: primary.profileKey,
      x: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');

    const spoke = profileWith(world, 'facebook', 'twitter');
    const fbPost = await publish(['facebook'], spoke.profileKey);
    const onFacebook = await client.api('POST', `/comments/${fbPost.id}`, {
      body: { comment: 'With a picture', mediaUrls: ['https://example.com/a.png'] },
      profileKey: spoke.profileKey,
    });
    expect(onFacebook.status).toBe(200);
    expect(onFacebook.json.facebook.status).toBe('success');
  });

  it('more than one URL is 400 code 105, nothing written', async () => {
    const primary = profileWith(world, 'linkedin');
    const post = await publish(['linkedin'], primary.profileKey);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Two pictures', mediaUrls: ['https://example.com/a.png', 'https://example.com/b.png'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 105 });
    expect(await client.ledgerSince(seq)).toEqual([]);
  });

  it('an image to a network other than facebook, linkedin, twitter is 400 code 105, even beside one that takes it', async () => {
    const primary = profileWith(world, 'linkedin', 'instagram');
    const post = await publish(['linkedin', 'instagram'], primary.profileKey);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Picture', mediaUrls: ['https://example.com/a.png'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(105);
    expect(reply.json.message).toMatch(/instagram/);
    expect(await client.ledgerSince(seq)).toEqual([]);
    // Narrowed to linkedin, the same image is fine.
    const narrowed = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Picture', mediaUrls: ['https://example.com/a.png'], platforms: ['linkedin'] },
      profileKey: primary.profileKey,
    });
    expect(narrowed.status).toBe(200);
  });
});

describe('comments disabled: instagram, linkedin and tiktok refuse their part; other networks ignore the setting', () => {
  it('PUT /post disableComments: true makes linkedin refuse (code 110) while threads on the same post takes the comment; false turns it back on', async () => {
    const primary = profileWith(world, 'linkedin', 'threads');
    const post = await publish(['linkedin', 'threads'], primary.profileKey);
    const off = await client.api('PUT', '/post', { body: { id: post.id, disableComments: true }, profileKey: primary.profileKey });
    expect(off.status).toBe(200);
    const refused = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Anyone home?' }, profileKey: primary.profileKey });
    expect(refused.status).toBe(200);
    expect(refused.json.status).toBe('error');
    expect(refused.json.threads.status).toBe('success');
    expect(refused.json).not.toHaveProperty('linkedin');
    expect(refused.json.errors).toEqual([{ action: 'comment', status: 'error', code: 110, message: expect.any(String), platform: 'linkedin' }]);
    expect(await listOf('linkedin', post.socialIds.linkedin as string, primary.profileKey)).toEqual([]);

    const on = await client.api('PUT', '/post', { body: { id: post.id, disableComments: false }, profileKey: primary.profileKey });
    expect(on.status).toBe(200);
    const accepted = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Now it works' }, profileKey: primary.profileKey });
    expect(accepted.status).toBe(200);
    expect(accepted.json.status).toBe('success');
    expect(accepted.json.linkedin.status).toBe('success');
  });

  it('PUT /post disableComments: true on a post of instagram, tiktok and facebook: instagram and tiktok refuse (110), facebook takes it', async () => {
    const bakery = profileWith(world, 'instagram', 'tiktok', 'facebook');
    const post = await publish(['instagram', 'tiktok', 'facebook'], bakery.profileKey);
    const off = await client.api('PUT', '/post', { body: { id: post.id, disableComments: true }, profileKey: bakery.profileKey });
    expect(off.status).toBe(200);
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Anyone?' }, profileKey: bakery.profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('error');
    expect(reply.json.facebook.status).toBe('success');
    expect(reply.json).not.toHaveProperty('instagram');
    expect(reply.json).not.toHaveProperty('tiktok');
    expect((reply.json.errors as { platform: string; code: number }[]).map((e) => [e.platform, e.code]).sort()).toEqual([
      ['instagram', 110],
      ['tiktok', 110],
    ]);
  });

  it('a post published with disableComments on instagram and tiktok alone: 400 code 110 with every network in errors, nothing written', async () => {
    const bakery = profileWith(world, 'instagram', 'tiktok');
    const post = await publish(['instagram', 'tiktok'], bakery.profileKey, { disableComments: true });
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Hello?' }, profileKey: bakery.profileKey });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 110 });
    expect((reply.json.errors as { platform: string; code: number }[]).map((e) => [e.platform, e.code]).sort()).toEqual([
      ['instagram', 110],
      ['tiktok', 110],
    ]);
    expect(await client.ledgerSince(seq)).toEqual([]);
  });

  it('disableComments on a facebook or bluesky post has no effect: the comment is taken', async () => {
    const bakery = profileWith(world, 'facebook', 'bluesky');
    const post = await publish(['facebook', 'bluesky'], bakery.profileKey, { disableComments: true });
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Still open' }, profileKey: bakery.profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(reply.json.facebook.status).toBe('success');
    expect(reply.json.bluesky.status).toBe('success');
  });

  it('a seeded post flagged commentsDisabled refuses comments on that network (code 110)', async () => {
    const flagged = world.posts.filter((p) => p.flags.includes('commentsDisabled') && p.serviceId !== null);
    expect(flagged.length).toBeGreaterThan(0);
    for (const post of flagged) {
      const reply = await client.api('POST', `/comments/${post.serviceId}`, {
        body: { comment: 'Hello', platforms: [post.platform] },
        profileKey: profileKeyOf(world, post.profileRefId),
        x: true,
      });
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(110);
      expect(reply.json.errors[0]).toMatchObject({ status: 'error', code: 110, platform: post.platform });
    }
  });
});

describe('the ledger gets exactly one comment.create entry per comment made', () => {
  it('one entry with the service comment id, every social comment id and the text', async () => {
    const primary = profileWith(world, 'threads', 'bluesky');
    const post = await publish(['threads', 'bluesky'], primary.profileKey);
    const seq = await client.ledgerSeq();
    const reply = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Counted once' }, profileKey: primary.profileKey });
    expect(reply.status).toBe(200);
    const entries = await client.ledgerSince(seq);
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry?.kind).toBe('comment.create');
    expect(entry?.method).toBe('POST');
    expect(entry?.text).toBe('Counted once');
    expect(entry?.profileRefId).toBe(primary.refId);
    expect(entry?.ids).toContain(reply.json.commentId);
    expect(entry?.ids).toContain(reply.json.threads.commentId);
    expect(entry?.ids).toContain(reply.json.bluesky.commentId);
  });

  it('a refused comment (404, 419) adds no entry', async () => {
    const seq = await client.ledgerSeq();
    expect((await client.api('POST', '/comments/NoSuchServicePostId00', { body: { comment: 'x' } })).status).toBe(404);
    const primary = profileWith(world, 'twitter');
    const post = await publish(['twitter'], primary.profileKey);
    const afterPost = await client.ledgerSeq();
    expect((await client.api('POST', `/comments/${post.id}`, { body: { comment: 'x' }, profileKey: primary.profileKey })).status).toBe(419);
    expect((await client.ledgerSince(seq)).map((e) => e.kind)).toEqual(['post.create']);
    expect(await client.ledgerSince(afterPost)).toEqual([]);
  });
});

describe('a comment to twitter needs the X headers', () => {
  it('419 x_credentials_required without them, 200 with them', async () => {
    const primary = profileWith(world, 'twitter');
    const post = await publish(['twitter'], primary.profileKey);
    const bare = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Tweet reply' }, profileKey: primary.profileKey });
    expect(bare.status).toBe(419);
    expect(bare.json).toMatchObject({ action: 'x_credentials_required', status: 'error', code: 419, platform: 'twitter' });
    const withX = await client.api('POST', `/comments/${post.id}`, { body: { comment: 'Tweet reply' }, profileKey: primary.profileKey, x: true });
    expect(withX.status).toBe(200);
    expect(withX.json.twitter.status).toBe('success');
  });

  it('platforms naming twitter target twitter before any lookup: 419 even for an unknown post id, 404 with the headers', async () => {
    const bare = await client.api('POST', '/comments/NoSuchServicePostId00', { body: { comment: 'Hi', platforms: ['twitter'] } });
    expect(bare.status).toBe(419);
    expect(bare.json.code).toBe(419);
    const withX = await client.api('POST', '/comments/NoSuchServicePostId00', { body: { comment: 'Hi', platforms: ['twitter'] }, x: true });
    expect(withX.status).toBe(404);
    const social = await client.api('POST', '/comments/1234567890123456789', { body: { comment: 'Hi', platforms: ['twitter'], searchPlatformId: true } });
    expect(social.status).toBe(419);
  });

  it('narrowed away from twitter by platforms, the X headers are not needed', async () => {
    const primary = profileWith(world, 'twitter', 'threads');
    const post = await publish(['twitter', 'threads'], primary.profileKey);
    const reply = await client.api('POST', `/comments/${post.id}`, {
      body: { comment: 'Threads only', platforms: ['threads'] },
      profileKey: primary.profileKey,
    });
    expect(reply.status).toBe(200);
  });
});

describe('plan: the comments operations are available on Premium, Launch, Business and Enterprise', () => {
  async function everyOperation(sandbox: SandboxClient): Promise<{ name: string; status: number; json: any }[]> {
    const w = await sandbox.snapshot();
    const primary = w.profiles.find((p) => p.profileKey === null) as World['profiles'][number];
    const post = w.posts.find((p) => p.profileRefId === primary.refId && p.serviceId !== null && p.platform === 'threads' && p.commentCount > 0) as Post;
    const list = await sandbox.api('GET', `/comments/${post.socialId}?searchPlatformId=true&platform=threads`);
    const socialCommentId = (list.json?.threads?.[0]?.commentId as string | undefined) ?? 'none';
    const results: { name: string; status: number; json: any }[] = [];
    const call = async (name: string, method: string, path: string, body?: unknown) => {
      const reply = await sandbox.api(method, path, body === undefined ? {} : { body });
      results.push({ name, status: reply.status, json: reply.json });
      return reply;
    };
    await call('GET /comments/:id', 'GET', `/comments/${post.serviceId}`);
    await call('GET /comments?id=', 'GET', `/comments?id=${post.serviceId}`);
    const made = await call('POST /comments/:id', 'POST', `/comments/${post.serviceId}`, { comment: 'Plan check', platforms: ['threads'] });
    await call('POST /comments', 'POST', '/comments', { id: post.serviceId, comment: 'Plan check legacy', platforms: ['threads'] });
    const serviceCommentId = (made.json?.commentId as string | undefined) ?? 'none';
    await call('POST /comments/reply/:commentId', 'POST', `/comments/reply/${serviceCommentId}`, { comment: 'Reply', platforms: ['threads'] });
    await call('POST /comments/reply', 'POST', '/comments/reply', { commentId: serviceCommentId, comment: 'Reply legacy', platforms: ['threads'] });
    await call('DELETE /comments/:id', 'DELETE', `/comments/${serviceCommentId}`);
    await call('DELETE /comments', 'DELETE', '/comments', { id: socialCommentId, searchPlatformId: true, platform: 'threads' });
    return results;
  }

  it('basic: every comments operation is 403 code 120, the message names Premium; nothing is written', async () => {
    const basic = await openSandbox({ plan: 'basic' });
    try {
      const results = await everyOperation(basic);
      expect(results).toHaveLength(8);
      for (const result of results) {
        expect({ name: result.name, status: result.status }).toEqual({ name: result.name, status: 403 });
        expect(result.json).toMatchObject({ status: 'error', code: 120 });
        expect(result.json.message).toMatch(/Premium/);
      }
      expect((await basic.control('GET', '/ledger')).json).toEqual([]);
      // The plan gate is the comments gate, not a general refusal.
      expect((await basic.api('GET', '/user')).status).toBe(200);
    } finally {
      await basic.sandbox.close();
    }
  });

  it('premium: every comments operation is allowed (200)', async () => {
    const premium = await openSandbox({ plan: 'premium' });
    try {
      const results = await everyOperation(premium);
      for (const result of results) expect({ name: result.name, status: result.status }).toEqual({ name: result.name, status: 200 });
      const kinds = ((await premium.control('GET', '/ledger')).json as { kind: string }[]).map((e) => e.kind);
      expect(kinds).toEqual(['comment.create', 'comment.create', 'comment.reply', 'comment.reply', 'comment.delete', 'comment.delete']);
    } finally {
      await premium.sandbox.close();
    }
  });
});
