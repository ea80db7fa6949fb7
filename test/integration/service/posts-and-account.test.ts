// Posts, histories, the user, profiles and webhooks against a started sandbox, including
// Profile-Key scoping: a client profile sees its own posts and no one else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, RequestInvalidError } from '../../../src/main/core/service/errors.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { ACCOUNT, failureOf, openFixture, type SandboxFixture } from './harness.ts';

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

const clientProfile = () => fixture.world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('instagram'))!;

describe('posts', () => {
  it('create, turn comments off, see it refused, turn them on, delete', async () => {
    const profile = clientProfile();
    const target = fixture.target(profile.refId);
    const created = await client.createPost(target, { post: 'Spring menu is out', platforms: ['instagram'] });
    expect(created.postIds[0]).toMatchObject({ platform: 'instagram', status: 'success' });
    expect(created.postIds[0]?.usedQuota).toEqual(expect.any(Number));

    const off = await client.updatePost(target, { id: created.id, disableComments: true, networks: ['instagram'] });
    expect(off.disableComments).toBe(true);
    const refused = await failureOf(client.postComment(target, { on: 'servicePost', postId: created.id, networks: ['instagram'], comment: 'Hi' }));
    expect(refused).toMatchObject({ kind: 'http', status: 400 });
    await client.updatePost(target, { id: created.id, disableComments: false, networks: ['instagram'] });
    await client.postComment(target, { on: 'servicePost', postId: created.id, networks: ['instagram'], comment: 'Hi' });

    const deleted = await client.deletePost(target, { id: created.id, networks: ['instagram'] });
    expect(deleted).toMatchObject({ status: 'success', id: created.id });
  });

  it('history: the posts made through the service, newest first', async () => {
    const profile = clientProfile();
    const history = await client.history(fixture.target(profile.refId), { lastRecords: 5 });
    expect(history.history.length).toBeGreaterThan(0);
    expect(history.history.length).toBeLessThanOrEqual(5);
    const created = history.history.map((h) => h.created ?? '');
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("a network's own history includes posts made outside the service", async () => {
    const outside = fixture.post((p) => p.serviceId === null && p.platform === 'instagram' && p.owned);
    const answer = await client.networkHistory(fixture.target(outside.profileRefId), { platform: 'instagram', limit: 1000 });
    expect(answer.posts.some((p) => p.id === outside.socialId)).toBe(true);
  });

  it("Profile-Key scoping: another profile's post is unknown (404, code 114)", async () => {
    const post = fixture.post((p) => p.serviceId !== null && p.profileRefId !== fixture.primary.refId);
    const stranger = fixture.world.profiles.find((p) => p.refId !== post.profileRefId && p.profileKey !== null)!;
    const error = await failureOf(
      client.getComments(fixture.target(stranger.refId), { by: 'servicePost', id: post.serviceId!, networks: fixture.networksOf(post.serviceId!) }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, code: 114, retryable: false });
    // The owner reads it.
    await client.getComments(fixture.target(post.profileRefId), { by: 'servicePost', id: post.serviceId!, networks: fixture.networksOf(post.serviceId!) });
  });
});

describe('user and profiles', () => {
  it('the user is the profile the call is for', async () => {
    expect((await client.user({ accountId: ACCOUNT })).refId).toBe(fixture.primary.refId);
    const profile = clientProfile();
    const user = await client.user(fixture.target(profile.refId));
    expect(user.refId).toBe(profile.refId);
    expect([...user.activeSocialAccounts].sort()).toEqual([...profile.platforms].sort());
  });

  it('list and create profiles', async () => {
    const before = await client.listProfiles({ accountId: ACCOUNT });
    const created = await client.createProfile({ accountId: ACCOUNT }, { title: 'Night Owl Books' });
    expect(created.profileKey).toEqual(expect.any(String));
    const after = await client.listProfiles({ accountId: ACCOUNT });
    expect(after.profiles).toHaveLength(before.profiles.length + 1);
    expect(after.profiles.some((p) => p.refId === created.refId && p.title === 'Night Owl Books')).toBe(true);
  });

  it('a second profile with the same title: HTTP 400 with the service message', async () => {
    const error = await failureOf(client.createProfile({ accountId: ACCOUNT }, { title: fixture.world.profiles[1]!.title }));
    expect(error).toMatchObject({ kind: 'http', status: 400, code: 115, retryable: false });
  });
});

describe('webhooks', () => {
  it('register, list, set the secret, unregister — per profile', async () => {
    const profile = clientProfile();
    const target = fixture.target(profile.refId);
    const registered = await client.registerWebhook(target, { action: 'comments', url: 'https://hooks.example/inbox', secret: 'whsec-initial-1' });
    expect(registered).toMatchObject({ status: 'success', action: 'comments', url: 'https://hooks.example/inbox', refId: profile.refId });
    const listed = await client.listWebhooks(target);
    expect(listed.comments).toBe('https://hooks.example/inbox');
    expect((await client.listWebhooks({ accountId: ACCOUNT })).comments).toBeUndefined();
    expect(await client.setWebhookSecret(target, { secret: 'whsec-rotated-2' })).toMatchObject({ status: 'success' });
    expect(await client.unregisterWebhook(target, { action: 'comments' })).toMatchObject({ status: 'success', action: 'comments' });
    expect((await client.listWebhooks(target)).comments).toBeUndefined();
  });

  it('an http:// URL is refused before sending', async () => {
    const before = await fixture.lastSeq();
    const error = await failureOf(client.registerWebhook({ accountId: ACCOUNT }, { action: 'comments', url: 'http://hooks.example/inbox' }));
    expect(error).toBeInstanceOf(RequestInvalidError);
    expect(await fixture.ledger(before)).toEqual([]);
  });

  it('unregistering an action that is not registered: 404', async () => {
    const error = await failureOf(client.unregisterWebhook({ accountId: ACCOUNT }, { action: 'automations' }));
    expect(error).toMatchObject({ kind: 'http', status: 404 });
  });
});
