// A command that needs a key the vault does not have (or cannot seal) answers in words, as a
// refusal the person can act on, not as "internal".
import { describe, expect, it } from 'vitest';
import { VaultKeyError } from '../../../src/main/electron/safeStorageVault.ts';
import { MemorySecretVault } from '../../../src/main/web/memoryVault.ts';
import { dispatcherRig } from './dispatcherRig.ts';

describe('a key the vault cannot hand out or keep', () => {
  it('missing: refused, naming the key and where to enter it', async () => {
    const vault = new MemorySecretVault();
    const { dispatcher } = dispatcherRig({ answer: async () => vault.account('acc-1') });
    const result = await dispatcher.invoke('accounts.keyStatus', { accountId: 'acc-1' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'refused', message: 'The API key of account acc-1 is missing. Enter the key again in Settings → Accounts → Replace keys.' },
    });
  });

  it('not saved by the keychain: refused with the vault’s words', async () => {
    const { dispatcher } = dispatcherRig({
      answer: () => {
        throw new VaultKeyError('not-saved', { key: 'api-key', label: 'the API key of account acc-1' });
      },
    });
    const result = await dispatcher.invoke('accounts.keyStatus', { accountId: 'acc-1' });
    expect(result).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringMatching(/system keychain refused/) } });
  });
});
