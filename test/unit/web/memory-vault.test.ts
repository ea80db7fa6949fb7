// The web host's vault keeps keys in memory only, says so in its protection (which the UI shows
// with every key), and never hands a key back except to the core's calls.
import { describe, expect, it } from 'vitest';
import { MemorySecretVault, MissingKeyError } from '../../../src/main/web/memoryVault.ts';

const KEYS = { baseUrl: 'http://127.0.0.1:4010/api', apiKey: 'API-KEY-secret-1234', xCredentials: { key: 'X-KEY-abcd', secret: 'X-SECRET-wxyz' } };

describe('MemorySecretVault', () => {
  it('says the keys are kept in memory only, with a warning for the user', () => {
    const protection = new MemorySecretVault().protection();
    expect(protection).toMatchObject({ kind: 'memory', backend: 'memory' });
    expect(protection.warning).toMatch(/^Keys added in the browser are kept in memory only/);
  });

  it('gives the core the keys it holds, as copies', async () => {
    const vault = new MemorySecretVault();
    await vault.setAccount('a1', KEYS);
    await vault.setProfileKey('a1', 'p1', 'PROFILE-KEY-9876');
    const account = await vault.account('a1');
    expect(account).toEqual(KEYS);
    account.apiKey = 'changed';
    expect((await vault.account('a1')).apiKey).toBe(KEYS.apiKey);
    expect(await vault.profileKey('a1', 'p1')).toBe('PROFILE-KEY-9876');
  });

  it('reports status as configured, memory and the last 4 characters, never a key', async () => {
    const vault = new MemorySecretVault();
    await vault.setAccount('a1', KEYS);
    await vault.setProfileKey('a1', 'p1', 'PROFILE-KEY-9876');
    const status = await vault.status('a1');
    expect(status).toEqual({
      apiKey: { configured: true, protection: 'memory', last4: '1234' },
      x: { configured: true, protection: 'memory', last4: 'abcd' },
      profiles: { p1: { configured: true, protection: 'memory', last4: '9876' } },
    });
    for (const secret of [KEYS.apiKey, KEYS.xCredentials.secret, 'PROFILE-KEY-9876']) expect(JSON.stringify(status)).not.toContain(secret);
    expect(await vault.status('unknown')).toEqual({
      apiKey: { configured: false, protection: 'memory', last4: null },
      x: { configured: false, protection: 'memory', last4: null },
      profiles: {},
    });
  });

  it('keeps profile keys and webhook secrets when the account keys change, and forgets all on removal', async () => {
    const vault = new MemorySecretVault();
    await vault.setAccount('a1', KEYS);
    await vault.setProfileKey('a1', 'p1', 'PROFILE-KEY-9876');
    await vault.setWebhookSecret('a1', 'p1', 'hook-secret');
    await vault.setAccount('a1', { baseUrl: KEYS.baseUrl, apiKey: 'NEW-KEY-0000' });
    expect(await vault.profileKey('a1', 'p1')).toBe('PROFILE-KEY-9876');
    expect(await vault.webhookSecret('a1', 'p1')).toBe('hook-secret');
    expect((await vault.status('a1')).x.configured).toBe(false);
    await vault.removeAccount('a1');
    await expect(vault.account('a1')).rejects.toThrow(MissingKeyError);
    expect(await vault.webhookSecret('a1', 'p1')).toBeNull();
  });

  it('a missing key is a typed error naming the ids, not a key', async () => {
    const vault = new MemorySecretVault();
    await expect(vault.account('a9')).rejects.toThrow(/account a9/);
    await vault.setAccount('a1', KEYS);
    const error = await vault.profileKey('a1', 'p7').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingKeyError);
    expect(String(error)).toMatch(/profile p7/);
    expect(String(error)).not.toContain(KEYS.apiKey);
  });
});
