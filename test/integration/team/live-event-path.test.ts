// Live updates' whole path on this machine (decision 0072): the sandbox delivers its signed
// `comments` and `messages` events over HTTPS to the team proxy's route (hookFront.ts, standing in
// for Caddy, with a certificate made for the run), which writes them into the workspace's events
// database as the hook user; a device following that database's `_changes` (LiveEventsFollower) is
// told which post or conversation to read, and nothing else.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEventsFollower } from '../../../src/main/core/team/liveEvents.ts';
import type { LiveEvent } from '../../../src/main/core/team/liveEventShape.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { startHookFront, type HookFront } from '../../support/hookFront.ts';
import { openSandbox, type SandboxClient, userProfiles, type World } from '../sandbox/harness.ts';
import { basic, call } from './support/hostileHttp.ts';

let dataDir: string;
let server: SyncServer;
let front: HookFront;
let sandbox: SandboxClient;
let world: World;
let follower: LiveEventsFollower;
const received: LiveEvent[] = [];

async function until<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await delay(10);
  }
  throw new Error(`never saw ${what}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'live-event-path-'));
  server = await startSyncServer({ dataDir, adminPassword: 'live-admin-1' });
  await server.addMember('ann', 'ann-password');
  await server.createWorkspace('agency', ['ann']);
  await server.createEvents('agency', ['ann'], 'hook-password-1');
  front = await startHookFront({ syncUrl: server.url, workspace: 'agency', hookPassword: 'hook-password-1' });
  sandbox = await openSandbox({ rateLimit: 1_000_000, webhookRetryDelaysMs: [50, 100] });
  world = await sandbox.snapshot();
  follower = new LiveEventsFollower({
    serverUrl: server.url,
    workspace: 'agency',
    credentials: { name: 'ann', password: 'ann-password' },
    onEvent: (event) => received.push(event),
    longPollMs: 2_000,
  });
  follower.start();
  await until('the follower following', () => (follower.state === 'following' ? true : undefined));
}, 60_000);

afterAll(async () => {
  await follower?.stop();
  await sandbox?.sandbox.close();
  await front?.stop();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('service → proxy → events database → device', () => {
  it('a comment on a client profile reaches the device as the post to read, nothing more', async () => {
    const profile = userProfiles(world)[0]!;
    const registered = await sandbox.api('POST', '/hook/webhook', {
      body: { action: 'comments', url: front.url, secret: 'signing-secret-1' },
      profileKey: profile.profileKey!,
    });
    expect(registered.status).toBe(200);
    const post = world.posts.find((p) => p.profileRefId === profile.refId && p.owned && !p.flags.includes('commentsDisabled'))!;
    const injected = await sandbox.control('POST', '/comments', {
      platform: post.platform,
      socialPostId: post.socialId,
      profileRefId: post.profileRefId,
      comment: 'Is this still on sale?',
    });
    expect(injected.status).toBe(200);
    const event = await until('the event', () => received.find((e) => e.socialPostId === post.socialId));
    expect(event).toEqual({
      action: 'comments',
      refId: profile.refId,
      platform: post.platform,
      socialPostId: post.socialId,
      ...(post.serviceId ? { postId: post.serviceId } : {}),
    });
    // The comment's text came in the service's event and sits on the server, but the device took none of it.
    expect(JSON.stringify(received)).not.toContain('still on sale');
  });

  it('a direct message reaches the device as the conversation to read', async () => {
    const conversation = world.conversations.find((c) => userProfiles(world).some((p) => p.refId === c.profileRefId && p.messagingEnabled))!;
    const profile = userProfiles(world).find((p) => p.refId === conversation.profileRefId)!;
    await sandbox.api('POST', '/hook/webhook', { body: { action: 'messages', url: front.url, secret: 's2-secret' }, profileKey: profile.profileKey! });
    const platform = conversation.platform;
    const sent = await sandbox.control('POST', '/messages', {
      profileRefId: profile.refId,
      platform,
      conversationId: conversation.conversationId,
      message: 'Hello there',
    });
    expect(sent.status).toBe(200);
    const event = await until('the message event', () => received.find((e) => e.action === 'messages' && e.refId === profile.refId));
    expect(event.platform).toBe(platform);
    expect(event.conversationId).toBe(conversation.conversationId);
  });

  it('the route takes POST at its secret path only; the signature headers do not reach the server', async () => {
    const wrongSecret = front.url.replace(/[^/]+$/, 'guessed');
    const post = (url: string, method = 'POST') => httpsStatus(url, method);
    expect(await post(wrongSecret)).toBe(404);
    expect(await post(front.url, 'GET')).toBe(405);
    expect(await post(front.url, 'DELETE')).toBe(405);
    const stored = await call(server.url, 'GET', '/agency-events/_all_docs?include_docs=true', { auth: basic('ann', 'ann-password') });
    const docs = (stored.body.rows as { doc: Record<string, unknown> }[]).map((row) => row.doc).filter((doc) => !String(doc._id).startsWith('_design/'));
    expect(docs.length).toBeGreaterThanOrEqual(2);
    for (const doc of docs) expect(Object.keys(doc).some((key) => key.startsWith('x-'))).toBe(false);
  });
});

/** A request to the front over HTTPS, its self-signed certificate accepted (as the sandbox does for loopback). */
async function httpsStatus(url: string, method: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, rejectUnauthorized: false, headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end(method === 'POST' ? '{"action":"comments"}' : undefined);
  });
}
