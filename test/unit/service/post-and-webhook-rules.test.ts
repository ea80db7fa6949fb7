// Rules of posts, histories, profiles and webhooks: disableComments only where it takes effect,
// non-empty text, history limits, the eight webhook actions and https:// URLs.
import { describe, expect, it } from 'vitest';
import { WEBHOOK_ACTIONS } from '../../../src/shared/networks.ts';
import { UpdatePostAddressSchema } from '../../../src/shared/wire/addressing.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { CreatePostBodySchema, HistoryQuerySchema, NetworkHistoryQuerySchema } from '../../../src/shared/wire/posts.ts';
import { CreateProfileBodySchema } from '../../../src/shared/wire/profiles.ts';
import { RegisterWebhookBodySchema, WebhookSecretBodySchema } from '../../../src/shared/wire/webhooks.ts';

function issues(schema: Parameters<typeof checkShape>[0], value: unknown): string[] {
  const checked = checkShape(schema, value);
  return checked.ok ? [] : checked.issues.map((i) => `${i.path}: ${i.message}`);
}

describe('create a post', () => {
  it('accepts text on some networks, with disableComments where it takes effect', () => {
    expect(issues(CreatePostBodySchema, { post: 'Hi', platforms: ['instagram', 'twitter'], disableComments: true })).toEqual([]);
  });

  it('refuses disableComments when no network of the post takes it', () => {
    expect(issues(CreatePostBodySchema, { post: 'Hi', platforms: ['twitter', 'facebook'], disableComments: true })).toEqual([
      'disableComments: Turning comments off works only on instagram, linkedin, tiktok; this post goes to twitter, facebook',
    ]);
  });

  it('refuses empty text and no networks', () => {
    expect(issues(CreatePostBodySchema, { post: '', platforms: ['twitter'] })).toEqual(['post: The post is empty; write something first']);
    expect(issues(CreatePostBodySchema, { post: 'x', platforms: [] })).toEqual(['platforms: Name at least one network to publish on']);
  });
});

describe('update a post (disableComments)', () => {
  it('accepts a post on linkedin', () => {
    expect(issues(UpdatePostAddressSchema, { id: 'p', networks: ['linkedin', 'twitter'] })).toEqual([]);
  });

  it('refuses a post on none of instagram, linkedin, tiktok', () => {
    expect(issues(UpdatePostAddressSchema, { id: 'p', networks: ['facebook'] })).toEqual([
      'disableComments: Comments can be turned on or off only on instagram, linkedin, tiktok; this post is on facebook',
    ]);
  });
});

describe('histories and profiles', () => {
  it('history: lastRecords at least 1, lastDays 0 to 3650', () => {
    expect(issues(HistoryQuerySchema, { lastRecords: 1, lastDays: 3650 })).toEqual([]);
    expect(issues(HistoryQuerySchema, { lastRecords: 0 })).toEqual(['lastRecords: Ask for at least one record']);
    expect(issues(HistoryQuerySchema, { lastDays: 3651 })).toEqual(['lastDays: At most 3,650 days (ten years) of history']);
  });

  it('network history: limit 1 to 1000', () => {
    expect(issues(NetworkHistoryQuerySchema, { limit: 1000 })).toEqual([]);
    expect(issues(NetworkHistoryQuerySchema, { limit: 1001 })).toEqual(['limit: At most 1,000 posts per request']);
    expect(issues(NetworkHistoryQuerySchema, { limit: 0 })).toEqual(['limit: Ask for at least one post']);
  });

  it('a profile needs a title', () => {
    expect(issues(CreateProfileBodySchema, { title: 'Bloom Bakery' })).toEqual([]);
    expect(issues(CreateProfileBodySchema, { title: '  ' })).toEqual(['title: A profile needs a title']);
  });
});

describe('webhooks', () => {
  it.each(WEBHOOK_ACTIONS)('accepts the action %s on an https:// URL', (action) => {
    expect(issues(RegisterWebhookBodySchema, { action, url: 'https://hooks.example/in' })).toEqual([]);
  });

  it('refuses an unknown action, naming the eight', () => {
    expect(issues(RegisterWebhookBodySchema, { action: 'likes', url: 'https://hooks.example/in' })).toEqual([
      'action: "likes" is not a webhook action; the actions are feed, social, scheduled, batch, messages, mentions, comments, automations',
    ]);
  });

  it.each(['http://hooks.example/in', 'ftp://hooks.example/in', 'HTTPS://hooks.example/in'])('refuses %s', (url) => {
    expect(issues(RegisterWebhookBodySchema, { action: 'comments', url })[0]).toMatch(/^url: A webhook address must begin with https:\/\//);
  });

  it('refuses something that is not a URL', () => {
    expect(issues(RegisterWebhookBodySchema, { action: 'comments', url: 'hooks.example' })[0]).toMatch(/^url: "hooks.example" is not a web address/);
  });

  it('a secret, when given, must not be empty', () => {
    expect(issues(RegisterWebhookBodySchema, { action: 'comments', url: 'https://h.example/', secret: 's3cret' })).toEqual([]);
    expect(issues(WebhookSecretBodySchema, { secret: '' })).toEqual(['secret: A webhook secret must not be empty']);
  });
});
