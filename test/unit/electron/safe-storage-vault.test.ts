import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupShelf, JsonStoreFile } from '../../../src/main/electron/jsonStoreFile.ts';
import { SafeStorageVault, VaultKeyError } from '../../../src/main/electron/safeStorageVault.ts';
import { type FakeSafeStorage, fakeSafeStorage } from './fakeSafeStorage.ts';
import { openConf } from './electronStoreConf.ts';

const API_KEY = 'sk-live-ABCDEFGH-1234-api-key';
const PROFILE_KEY = 'pk-client-one-WXYZ-9876';
const X = { key: 'x-consumer-key-QRST', secret: 'x-consumer-secret-LMNO' };
const SECRETS = [API_KEY, PROFILE_KEY, X.key, X.secret];

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'vault-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const vaultFile = () => join(dir, 'vault.json');
const onDisk = () => readFileSync(vaultFile(), 'utf8');

function open(safeStorage: FakeSafeStorage, platform = 'linux') {
  return SafeStorageVault.open({
    safeStorage,
    file: new JsonStoreFile(openConf(dir, 'vault')),
    backups: new BackupShelf(new JsonStoreFile(openConf(dir, 'vault-backup'))),
    platform,
  });
}

async function fill(vault: SafeStorageVault) {
  await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: API_KEY, xCredentials: X });
  await vault.setProfileKey('acc-1', 'client-1', PROFILE_KEY);
}

describe('SafeStorageVault with an OS keyring', () => {
  it('seals every key, keeps only ciphertext on disk, and hands the keys back after a restart', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    await fill(await open(keyring));
    for (const secret of SECRETS) expect(onDisk()).not.toContain(secret);
    expect(keyring.sealedCount).toBe(4);

    const reopened = await open(keyring);
    expect(await reopened.account('acc-1')).toEqual({ baseUrl: 'https://service.example/api', apiKey: API_KEY, xCredentials: X });
    expect(await reopened.profileKey('acc-1', 'client-1')).toBe(PROFILE_KEY);
    expect(reopened.protection()).toEqual({ kind: 'os', backend: 'gnome_libsecret', warning: null });
  });

  it('names the keychain of macOS and Windows without asking for a Linux backend', async () => {
    expect((await open(fakeSafeStorage('unknown'), 'darwin')).protection()).toEqual({ kind: 'os', backend: 'keychain', warning: null });
    expect((await open(fakeSafeStorage('unknown'), 'win32')).protection()).toEqual({ kind: 'os', backend: 'dpapi', warning: null });
  });

  it('records the backend in use', async () => {
    await open(fakeSafeStorage('kwallet5'));
    expect(JSON.parse(onDisk())).toMatchObject({ format: 1, lastBackend: 'kwallet5' });
  });

  it('reports status with the last four characters only, and os protection', async () => {
    const vault = await open(fakeSafeStorage('gnome_libsecret'));
    await fill(vault);
    const status = await vault.status('acc-1');
    expect(status).toEqual({
      apiKey: { configured: true, protection: 'os', last4: '-key' },
      x: { configured: true, protection: 'os', last4: 'QRST' },
      profiles: { 'client-1': { configured: true, protection: 'os', last4: '9876' } },
    });
    expect(await vault.status('nobody')).toEqual({
      apiKey: { configured: false, protection: 'os', last4: null },
      x: { configured: false, protection: 'os', last4: null },
      profiles: {},
    });
  });

  it('keeps the profile keys when the account keys are replaced, and forgets everything on removal', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    const vault = await open(keyring);
    await fill(vault);
    await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: 'sk-new-key-0000' });
    expect(await vault.profileKey('acc-1', 'client-1')).toBe(PROFILE_KEY);
    expect((await vault.account('acc-1')).xCredentials).toBeUndefined();
    await vault.removeAccount('acc-1');
    await expect(vault.account('acc-1')).rejects.toMatchObject({ name: 'VaultKeyError', kind: 'missing' });
    expect(JSON.parse(onDisk()).accounts).toEqual({});
  });

  it('refuses a profile key for an unknown account with a typed error', async () => {
    const vault = await open(fakeSafeStorage('gnome_libsecret'));
    await expect(vault.setProfileKey('nobody', 'p', PROFILE_KEY)).rejects.toMatchObject({ kind: 'missing' });
    await expect(vault.profileKey('nobody', 'p')).rejects.toBeInstanceOf(VaultKeyError);
  });

  it('says a key could not be saved when the keychain refuses to seal it, without the key', async () => {
    const keyring = fakeSafeStorage('keychain' as never);
    const vault = await open(keyring, 'darwin');
    keyring.available = false;
    const failure = await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: API_KEY }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'VaultKeyError', kind: 'not-saved' });
    expect(String((failure as Error).message)).not.toContain(API_KEY);
  });

  it('re-seals a key when safeStorage says its key was rotated', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    const vault = await open(keyring);
    await fill(vault);
    const before = JSON.parse(onDisk()).accounts['acc-1'].apiKey.ciphertext as string;
    keyring.rotateOnNextDecrypt = true;
    expect((await vault.account('acc-1')).apiKey).toBe(API_KEY);
    const after = JSON.parse(onDisk()).accounts['acc-1'].apiKey.ciphertext as string;
    expect(after).not.toBe(before);
    expect((await (await open(keyring)).account('acc-1')).apiKey).toBe(API_KEY);
  });

  it('keeps an id like __proto__ as plain data', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    await (await open(keyring)).setAccount('__proto__', { baseUrl: 'https://service.example/api', apiKey: API_KEY });
    expect((await (await open(keyring)).account('__proto__')).apiKey).toBe(API_KEY);
  });
});

describe('SafeStorageVault on Linux with basic_text', () => {
  it('keeps keys in memory only, writes none of them, and says why and how to fix it', async () => {
    const vault = await open(fakeSafeStorage('basic_text'));
    await fill(vault);
    expect(await vault.account('acc-1')).toEqual({ baseUrl: 'https://service.example/api', apiKey: API_KEY, xCredentials: X });
    expect(await vault.profileKey('acc-1', 'client-1')).toBe(PROFILE_KEY);
    for (const secret of SECRETS) expect(onDisk()).not.toContain(secret);
    expect(JSON.parse(onDisk()).accounts).toEqual({});

    const protection = vault.protection();
    expect(protection.kind).toBe('memory');
    expect(protection.backend).toBe('basic_text');
    expect(protection.warning).toMatch(/memory only/);
    expect(protection.warning).toMatch(/GNOME Keyring|KWallet/);
    expect((await vault.status('acc-1')).apiKey).toEqual({ configured: true, protection: 'memory', last4: '-key' });
  });

  it('forgets the keys at the next start', async () => {
    await fill(await open(fakeSafeStorage('basic_text')));
    await expect((await open(fakeSafeStorage('basic_text'))).account('acc-1')).rejects.toMatchObject({ kind: 'missing' });
  });

  it('says saved keys come back with the keychain when it is unavailable for a while', async () => {
    const keychain = fakeSafeStorage('unknown', { keyring: 'login keychain' });
    await fill(await open(keychain, 'darwin'));
    keychain.available = false;
    const locked = await open(keychain, 'darwin');
    expect(locked.protection().kind).toBe('memory');
    expect(locked.protection().warning).toMatch(/macOS keychain could not be reached/);
    expect(locked.protection().warning).toMatch(/cannot be read until the system keychain is available again: the API key of account acc-1/);
    keychain.available = true;
    expect((await (await open(keychain, 'darwin')).account('acc-1')).apiKey).toBe(API_KEY);
  });

  it('falls back to memory when encryption is not available at all, on any platform', async () => {
    const protection = (await open(fakeSafeStorage('unknown', { available: false }), 'win32')).protection();
    expect(protection.kind).toBe('memory');
    expect(protection.warning).toMatch(/DPAPI/);
  });
});

describe('SafeStorageVault when the backend changes', () => {
  it('explains which keys must be entered again when the keyring changed, instead of failing silently', async () => {
    const kwallet = fakeSafeStorage('kwallet5');
    await fill(await open(kwallet));

    const gnome = fakeSafeStorage('gnome_libsecret');
    const vault = await open(gnome);
    const warning = vault.protection().warning ?? '';
    expect(vault.protection().kind).toBe('os');
    expect(warning).toMatch(/kwallet5/);
    expect(warning).toMatch(/gnome_libsecret/);
    expect(warning).toContain('the API key of account acc-1');
    expect(warning).toContain('the X key pair of account acc-1');
    expect(warning).toContain('the profile key of profile client-1 (account acc-1)');
    expect(vault.keysToEnterAgain()).toHaveLength(3);
    for (const secret of SECRETS) expect(warning).not.toContain(secret);

    await expect(vault.account('acc-1')).rejects.toMatchObject({ name: 'VaultKeyError', kind: 'unreadable' });
    expect((await vault.status('acc-1')).apiKey).toEqual({ configured: false, protection: 'os', last4: null });
  });

  it('clears the explanation key by key as they are entered again', async () => {
    await fill(await open(fakeSafeStorage('kwallet5')));
    const vault = await open(fakeSafeStorage('gnome_libsecret'));
    await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: API_KEY, xCredentials: X });
    expect(vault.keysToEnterAgain()).toEqual(['the profile key of profile client-1 (account acc-1)']);
    await vault.setProfileKey('acc-1', 'client-1', PROFILE_KEY);
    expect(vault.protection().warning).toBeNull();
  });

  it('adopts keys that still open under the new backend name, with no warning', async () => {
    const keyring = fakeSafeStorage('kwallet5', { keyring: 'the same wallet' });
    await fill(await open(keyring));
    keyring.backend = 'kwallet6';
    const vault = await open(keyring);
    expect(vault.protection()).toEqual({ kind: 'os', backend: 'kwallet6', warning: null });
    expect((await vault.account('acc-1')).apiKey).toBe(API_KEY);
    expect(JSON.parse(onDisk()).accounts['acc-1'].apiKey.backend).toBe('kwallet6');
  });

  it('keeps the old ciphertext when the keyring is gone (basic_text), so it works again once the keyring is back', async () => {
    const gnome = fakeSafeStorage('gnome_libsecret');
    await fill(await open(gnome));

    const fallback = await open(fakeSafeStorage('basic_text'));
    expect(fallback.protection().warning).toMatch(/gnome_libsecret/);
    expect(fallback.protection().warning).toMatch(/unlock it and restart/);
    await expect(fallback.account('acc-1')).rejects.toMatchObject({ kind: 'unreadable' });

    const back = await open(gnome);
    expect((await back.account('acc-1')).apiKey).toBe(API_KEY);
    expect(back.protection().warning).toBeNull();
  });

  it('types a decrypt failure under the same backend (the keyring was reset) and says which keys', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    await fill(await open(keyring));
    keyring.resetKeyring();
    const vault = await open(keyring);
    expect(vault.protection().warning).toMatch(/could not be decrypted/);
    expect(vault.protection().warning).toContain('the API key of account acc-1');
    const failure = await vault.account('acc-1').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(VaultKeyError);
    expect(failure).toMatchObject({ kind: 'unreadable' });
    expect((failure as Error).message).toContain('acc-1');
  });
});

describe('SafeStorageVault with a damaged file', () => {
  it('keeps a copy of an unreadable vault file, starts empty and asks for the keys again', async () => {
    writeFileSync(vaultFile(), '{"format":1,"accounts":{"acc-1":');
    const vault = await open(fakeSafeStorage('gnome_libsecret'));
    expect(vault.protection().warning).toMatch(/vault-backup\.json/);
    const copies = JSON.parse(readFileSync(join(dir, 'vault-backup.json'), 'utf8')).copies;
    expect(copies[0].contents).toBe('{"format":1,"accounts":{"acc-1":');
    await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: API_KEY });
    expect(vault.protection().warning).toBeNull();
  });

  it('keeps the readable accounts of a partly damaged file', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    await fill(await open(keyring));
    const data = JSON.parse(onDisk());
    data.accounts['acc-2'] = { baseUrl: 3 };
    writeFileSync(vaultFile(), JSON.stringify(data));
    const vault = await open(keyring);
    expect((await vault.account('acc-1')).apiKey).toBe(API_KEY);
    expect(vault.protection().warning).toMatch(/copy was kept/);
  });
});

describe('SafeStorageVault team passwords (Settings → Team)', () => {
  const TEAM_PASSWORD = 'team-pass-UVWX-5555';
  const SERVER = 'https://couch.example.org';

  it('seals a team password, keeps only ciphertext on disk, hands it back after a restart, and forgets it', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    const vault = await open(keyring);
    expect(await vault.teamPassword(SERVER, 'agency', 'ann')).toBeNull();
    await vault.setTeamPassword(SERVER, 'agency', 'ann', TEAM_PASSWORD);
    expect(onDisk()).not.toContain(TEAM_PASSWORD);
    const reopened = await open(keyring);
    expect(await reopened.teamPassword(SERVER, 'agency', 'ann')).toBe(TEAM_PASSWORD);
    expect(await reopened.teamPassword(SERVER, 'agency', 'bob')).toBeNull();
    expect(await reopened.teamPassword(SERVER, 'other', 'ann')).toBeNull();
    await reopened.forgetTeamPassword(SERVER, 'agency', 'ann');
    expect(await (await open(keyring)).teamPassword(SERVER, 'agency', 'ann')).toBeNull();
  });

  it('seals the workspace’s live-updates event address apart from every member’s password, and hands it back after a restart', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    const vault = await open(keyring);
    const address = 'https://couch.example.org/hooks/route-SECRET-0123456789';
    expect(await vault.liveEventAddress(SERVER, 'agency')).toBeNull();
    await vault.setTeamPassword(SERVER, 'agency', 'ann', TEAM_PASSWORD);
    await vault.setLiveEventAddress(SERVER, 'agency', address);
    expect(onDisk()).not.toContain('route-SECRET');
    const reopened = await open(keyring);
    expect(await reopened.liveEventAddress(SERVER, 'agency')).toBe(address);
    expect(await reopened.liveEventAddress(SERVER, 'other')).toBeNull();
    expect(await reopened.teamPassword(SERVER, 'agency', 'ann')).toBe(TEAM_PASSWORD);
  });

  it('answers null for a team password the keyring can no longer open, so the screen asks for it again', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    await (await open(keyring)).setTeamPassword(SERVER, 'agency', 'ann', TEAM_PASSWORD);
    keyring.resetKeyring();
    expect(await (await open(keyring)).teamPassword(SERVER, 'agency', 'ann')).toBeNull();
  });

  it('with basic_text keeps a team password in memory for this run only, never on disk', async () => {
    const keyring = fakeSafeStorage('basic_text');
    const vault = await open(keyring);
    await vault.setTeamPassword(SERVER, 'agency', 'ann', TEAM_PASSWORD);
    expect(await vault.teamPassword(SERVER, 'agency', 'ann')).toBe(TEAM_PASSWORD);
    expect(onDisk()).not.toContain(TEAM_PASSWORD);
    expect(keyring.sealedCount).toBe(0);
    expect(await (await open(keyring)).teamPassword(SERVER, 'agency', 'ann')).toBeNull();
  });

  it('reads a vault file written before team passwords as whole, not damaged', async () => {
    const keyring = fakeSafeStorage('gnome_libsecret');
    const vault = await open(keyring);
    await fill(vault);
    const withoutTeams = JSON.parse(onDisk()) as Record<string, unknown>;
    delete withoutTeams['teams'];
    writeFileSync(vaultFile(), JSON.stringify(withoutTeams));
    const reopened = await open(keyring);
    expect(reopened.protection().warning).toBeNull();
    expect(await reopened.profileKey('acc-1', 'client-1')).toBe(PROFILE_KEY);
  });
});
