// Adding, checking, keeping and removing accounts against real sandboxes: the key is checked before
// anything is saved, with a message for each failure; an account and its keys survive a restart;
// a removed account's profiles and comments leave every list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/index.ts';
import { AppRig, worldOf } from './appHarness.ts';
import { MemoryVault } from './memoryVault.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function service(options: SandboxOptions): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ port: 0, ...options });
  cleanups.push(() => sandbox.close());
  return sandbox;
}

async function rigWithoutSandbox(options: { dataDir?: string; vault?: MemoryVault } = {}): Promise<AppRig> {
  const rig = await AppRig.start({ sandbox: false, ...options });
  cleanups.push(() => rig.close());
  return rig;
}

describe('adding an account', () => {
  it('says "wrong key" for a key the service refuses, and saves nothing', async () => {
    const sandbox = await service({ seed: 11, apiKey: 'right-key-123456' });
    const rig = await rigWithoutSandbox();
    const result = await rig.invoke('accounts.add', { title: 'Studio', baseUrl: sandbox.url, apiKey: 'wrong-key-123456' });
    expect(result).toMatchObject({ ok: false, error: { code: 'refused' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/wrong key/);
    expect((await rig.call('accounts.list', {})).accounts).toEqual([]);
    expect(rig.vault.accounts.size).toBe(0);
  });

  it('names the plan needed when the account’s plan has no comments operations', async () => {
    const sandbox = await service({ seed: 12, plan: 'basic' });
    const rig = await rigWithoutSandbox();
    const result = await rig.invoke('accounts.add', { title: 'Studio', baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    expect(result).toMatchObject({ ok: false, error: { code: 'refused' } });
    if (result.ok) return;
    expect(result.error.message).toMatch(/Premium plan/);
  });

  it('refuses an X key pair the service does not accept, and notes a missing one when X is linked', async () => {
    const sandbox = await service({ seed: 13 });
    const world = await worldOf(sandbox);
    const rig = await rigWithoutSandbox();
    const wrongX = await rig.invoke('accounts.add', {
      title: 'Studio',
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      xCredentials: { key: 'not-the-key', secret: 'not-the-secret' },
    });
    expect(wrongX).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringMatching(/X \(Twitter\) key pair/) } });
    const withoutX = await rig.call('accounts.add', { title: 'Studio', baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const linksTwitter = world.profiles.some((profile) => profile.profileKey === null && profile.platforms.includes('twitter'));
    expect(withoutX.notice === null).toBe(!linksTwitter);
    if (linksTwitter) expect(withoutX.notice).toMatch(/419/);
  });

  it('says the service cannot be reached, and that trying again helps, when it is down', async () => {
    const rig = await rigWithoutSandbox();
    const result = await rig.invoke('accounts.add', { title: 'Studio', baseUrl: 'http://127.0.0.1:9/api', apiKey: 'some-key-123456' });
    expect(result).toMatchObject({ ok: false, error: { code: 'service', retryable: true } });
  });

  it('keeps the account and its keys across a restart, syncs it, and lets it be removed with everything shown of it', async () => {
    const sandbox = await service({ seed: 14 });
    const world = await worldOf(sandbox);
    const dataDir = mkdtempSync(join(tmpdir(), 'app-accounts-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const vault = new MemoryVault();

    const first = await AppRig.start({ sandbox: false, dataDir, vault });
    const { account, notice } = await first.call('accounts.add', {
      title: 'Studio',
      baseUrl: `${sandbox.url}/`,
      apiKey: sandbox.apiKey,
      xCredentials: world.xCredentials,
    });
    expect(notice).toBeNull();
    expect(account).toMatchObject({ title: 'Studio', baseUrl: sandbox.url, kind: 'service' });
    expect(await first.invoke('accounts.add', { title: 'Again', baseUrl: sandbox.url, apiKey: sandbox.apiKey })).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    await first.close();

    const second = await AppRig.start({ sandbox: false, dataDir, vault });
    cleanups.push(() => second.close());
    expect((await second.call('accounts.list', {})).accounts.map((a) => a.accountId)).toEqual([account.accountId]);
    const rows = await second.until('rows of the primary profile', async () => {
      const { rows } = await second.call('inbox.page', {});
      return rows.length > 0 ? rows : null;
    });
    // Client profiles are listed (from /profiles); only the primary one syncs until their keys are set.
    const { profiles } = await second.call('profiles.list', { accountId: account.accountId });
    expect(profiles.length).toBe(world.profiles.length);
    expect(new Set(rows.map((row) => row.profileId))).toEqual(new Set([world.profiles.find((p) => p.profileKey === null)!.refId]));

    await second.call('accounts.remove', { accountId: account.accountId });
    expect((await second.call('accounts.list', {})).accounts).toEqual([]);
    expect((await second.call('profiles.list', {})).profiles).toEqual([]);
    expect((await second.call('inbox.page', {})).rows).toEqual([]);
    expect((await second.call('inbox.counts', {})).total.all).toBe(0);
    expect(await second.invoke('inbox.item', { key: rows[0]!.key })).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(vault.accounts.has(account.accountId)).toBe(false);
  });
});

describe('a saved account that cannot start', () => {
  it('is logged and told as a problem, and the app still starts and answers', async () => {
    const sandbox = await service({ seed: 15 });
    const dataDir = mkdtempSync(join(tmpdir(), 'app-accounts-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const vault = new MemoryVault();
    const first = await AppRig.start({ sandbox: false, dataDir, vault });
    const { account } = await first.call('accounts.add', { title: 'Studio', baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    await first.close();

    // The start reads the keys' status first: a keychain that fails then fails the account's start.
    vault.status = () => Promise.reject(new Error('keychain locked'));
    const second = await rigWithoutSandbox({ dataDir, vault });
    const logged = await second.until('the failed start in the log', () => second.logs.find((entry) => entry.message === 'An account could not be started'));
    expect(logged).toMatchObject({ level: 'error', detail: { accountId: account.accountId, message: 'keychain locked' } });
    expect((await second.call('accounts.list', {})).accounts.map((a) => a.accountId)).toEqual([account.accountId]);
    expect(second.eventsNamed('sync.problem')).toContainEqual(
      expect.objectContaining({ accountId: account.accountId, message: 'The account could not be started: keychain locked' }),
    );
  });
});

describe('a store that could not be used', () => {
  it('is rebuilt, and the status and a sticky event say so', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'app-recovered-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dataDir, 'inbox.sqlite'), 'not a database at all '.repeat(100));
    const rig = await rigWithoutSandbox({ dataDir });
    expect(rig.eventsNamed('store.recovered')).toHaveLength(1);
    expect((await rig.call('status.get', {})).storeRecovery).toMatchObject({ temporary: false });
  });
});
