// A request that finds no key in the vault (the web host forgets keys at a restart; the desktop's
// keyring may not open them) is the person's to fix, like a refused key: the profile waits, and the
// report says which key is missing and where to enter it, never "Unexpected MissingKeyError".
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/main/core/sync/syncErrors.ts';
import { HttpError } from '../../../src/main/core/service/errors.ts';
import { MemorySecretVault } from '../../../src/main/web/memoryVault.ts';
import { SafeStorageVault } from '../../../src/main/electron/safeStorageVault.ts';
import { BackupShelf, JsonStoreFile, type JsonObject } from '../../../src/main/electron/jsonStoreFile.ts';
import { fakeSafeStorage } from '../electron/fakeSafeStorage.ts';

async function failureOf(attempt: Promise<unknown>): Promise<unknown> {
  try {
    await attempt;
  } catch (error) {
    return error;
  }
  throw new Error('the vault handed out a key it does not have');
}

function memoryFile(): JsonStoreFile {
  let data: JsonObject = {};
  return new JsonStoreFile(() => ({
    get store() {
      return data;
    },
    set store(value: JsonObject) {
      data = value;
    },
  }));
}

describe('classifyFailure for a key the vault does not have', () => {
  it('the web host after a restart: holds the profile and asks for the API key in words', async () => {
    const error = await failureOf(new MemorySecretVault().account('acc-1'));
    const failure = classifyFailure(error);
    expect(failure.reaction).toEqual({ do: 'hold-profile' });
    expect(failure.report?.kind).toBe('auth');
    expect(failure.report?.message).toBe('The API key of account acc-1 is missing. Enter the key again in Settings → Accounts → Replace keys.');
    expect(failure.report?.message).not.toMatch(/Unexpected/);
  });

  it('a missing profile key points to the profile’s Profile-Key field', async () => {
    const vault = new MemorySecretVault();
    await vault.setAccount('acc-1', { baseUrl: 'https://service.example/api', apiKey: 'sk-123456789' });
    const failure = classifyFailure(await failureOf(vault.profileKey('acc-1', 'p-7')));
    expect(failure.reaction).toEqual({ do: 'hold-profile' });
    expect(failure.report?.message).toMatch(/^The profile key of profile p-7 \(account acc-1\) is missing/);
    expect(failure.report?.message).toMatch(/Profile-Key field/);
  });

  it('the desktop vault: a missing key asks for the key the same way', async () => {
    const vault = await SafeStorageVault.open({
      safeStorage: fakeSafeStorage('gnome_libsecret'),
      file: memoryFile(),
      backups: new BackupShelf(memoryFile()),
      platform: 'linux',
    });
    const missing = classifyFailure(await failureOf(vault.account('acc-2')));
    expect(missing.reaction).toEqual({ do: 'hold-profile' });
    expect(missing.report).toMatchObject({ kind: 'auth', message: expect.stringMatching(/^The API key of account acc-2 is missing.*Replace keys\.$/) });
  });

  it('reports the same kind as a refused key (401)', async () => {
    const refused = classifyFailure(
      new HttpError({
        operation: 'user',
        status: 401,
        code: undefined,
        serviceMessage: 'Unauthorized',
        errors: [],
        hint: undefined,
        body: null,
        retryable: false,
        writeOutcome: 'not-applied',
      }),
    );
    const missing = classifyFailure(await failureOf(new MemorySecretVault().account('acc-1')));
    expect(missing.report?.kind).toBe(refused.report?.kind);
    expect(missing.reaction).toEqual(refused.reaction);
  });
});
