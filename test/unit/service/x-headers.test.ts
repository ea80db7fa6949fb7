// The X key pair goes on exactly the requests that target twitter (public facts: platforms or
// platform naming twitter, an id that lives on twitter, GET /history/twitter) and on no other.
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../../../src/main/core/service/credentials.ts';
import { MissingCredentialsError } from '../../../src/main/core/service/errors.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { cannedAnswer } from './cannedAnswers.ts';
import { SteppingClock, FakeTransport, fakeVault, SECRETS } from './fakes.ts';

const target: CallTarget = { accountId: 'acc' };
type Call = (client: ServiceClient) => Promise<unknown>;

const cases: [string, Call, boolean][] = [
  ['comments of a service post on facebook', (c) => c.getComments(target, { by: 'servicePost', id: 'p', networks: ['facebook'] }), false],
  ['comments of a service post also on twitter', (c) => c.getComments(target, { by: 'servicePost', id: 'p', networks: ['facebook', 'twitter'] }), true],
  ['comments of a tweet by social id', (c) => c.getComments(target, { by: 'socialPost', id: '1', platform: 'twitter' }), true],
  ['one facebook comment by social id', (c) => c.getComments(target, { by: 'socialComment', id: '1_2', platform: 'facebook' }), false],
  [
    'a comment on every network of a post on twitter',
    (c) => c.postComment(target, { on: 'servicePost', postId: 'p', networks: ['twitter', 'facebook'], comment: 'x' }),
    true,
  ],
  [
    'a comment narrowed to facebook on a post also on twitter',
    (c) => c.postComment(target, { on: 'servicePost', postId: 'p', networks: ['twitter', 'facebook'], platforms: ['facebook'], comment: 'x' }),
    false,
  ],
  ['a reply on facebook', (c) => c.reply(target, { to: 'serviceComment', commentId: 'c', platforms: ['facebook'], comment: 'x' }), false],
  ['a reply on twitter and facebook', (c) => c.reply(target, { to: 'serviceComment', commentId: 'c', platforms: ['twitter', 'facebook'], comment: 'x' }), true],
  ['a reply to a tweet by social id', (c) => c.reply(target, { to: 'socialComment', commentId: '1', platform: 'twitter', comment: 'x' }), true],
  ['deleting a comment made on twitter', (c) => c.deleteComment(target, { by: 'serviceComment', id: 'c', networks: ['twitter'] }), true],
  ['deleting a facebook comment by social id', (c) => c.deleteComment(target, { by: 'socialComment', id: '1_2', platform: 'facebook' }), false],
  ['analytics of tweets', (c) => c.analyticsBySocialIds(target, { platform: 'twitter', ids: ['1'] }), true],
  ['analytics of facebook posts', (c) => c.analyticsBySocialIds(target, { platform: 'facebook', ids: ['1_2'] }), false],
  ['analytics of a service post on twitter', (c) => c.analyticsByServiceId(target, { id: 'p', networks: ['twitter', 'facebook'] }), true],
  [
    'analytics of a service post narrowed to facebook',
    (c) => c.analyticsByServiceId(target, { id: 'p', networks: ['twitter', 'facebook'], platforms: ['facebook'] }),
    false,
  ],
  ['a post to twitter', (c) => c.createPost(target, { post: 'x', platforms: ['twitter'] }), true],
  ['a post to facebook', (c) => c.createPost(target, { post: 'x', platforms: ['facebook'] }), false],
  ['comments off on a post also on twitter', (c) => c.updatePost(target, { id: 'p', disableComments: true, networks: ['linkedin', 'twitter'] }), true],
  ['comments off on a linkedin post', (c) => c.updatePost(target, { id: 'p', disableComments: true, networks: ['linkedin'] }), false],
  ['deleting a post on twitter', (c) => c.deletePost(target, { id: 'p', networks: ['twitter'] }), true],
  ["the service's history", (c) => c.history(target), false],
  ["twitter's own history", (c) => c.networkHistory(target, { platform: 'twitter' }), true],
  ["facebook's own history", (c) => c.networkHistory(target, { platform: 'facebook' }), false],
  ['the user', (c) => c.user(target), false],
  ['the profiles', (c) => c.listProfiles(target), false],
  ['a new profile', (c) => c.createProfile(target, { title: 'New client' }), false],
  ['a webhook', (c) => c.registerWebhook(target, { action: 'comments', url: 'https://h.example/in' }), false],
  ['the webhooks', (c) => c.listWebhooks(target), false],
  ['unregistering a webhook', (c) => c.unregisterWebhook(target, { action: 'comments' }), false],
  ['the webhook secret', (c) => c.setWebhookSecret(target, { secret: 'whsec-123456' }), false],
];

describe('X headers', () => {
  it.each(cases)('%s: X headers %s', async (_name, call, expected) => {
    const transport = new FakeTransport((request) => cannedAnswer(request));
    const client = new ServiceClient({ vault: fakeVault(), transport, clock: new SteppingClock() });
    await call(client);
    expect(transport.requests.length).toBeGreaterThan(0);
    for (const request of transport.requests) {
      expect(request.headers[X_KEY_HEADER]).toBe(expected ? SECRETS.xKey : undefined);
      expect(request.headers[X_SECRET_HEADER]).toBe(expected ? SECRETS.xSecret : undefined);
    }
  });

  it('a request that targets twitter, for an account without an X key pair, is refused before sending', async () => {
    const transport = new FakeTransport((request) => cannedAnswer(request));
    const client = new ServiceClient({ vault: fakeVault({ x: false }), transport, clock: new SteppingClock() });
    const error = await client.reply(target, { to: 'socialComment', commentId: '1', platform: 'twitter', comment: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect((error as MissingCredentialsError).hint).toMatch(/X OAuth 1.0a consumer key and secret: add them in the account settings/);
    expect(transport.requests).toHaveLength(0);
  });

  it('the same account without an X key pair still reaches every other network', async () => {
    const transport = new FakeTransport((request) => cannedAnswer(request));
    const client = new ServiceClient({ vault: fakeVault({ x: false }), transport, clock: new SteppingClock() });
    await client.reply(target, { to: 'serviceComment', commentId: 'c', platforms: ['facebook'], comment: 'x' });
    expect(transport.requests).toHaveLength(1);
  });
});
