// A fake of Electron's safeStorage: each "keyring" seals with its own secret, so ciphertext of one
// keyring does not open with another (as with the real backends), and sealed text is not the
// plain text. `basic_text` is Chromium's fallback with a fixed, public password.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SafeStorageLike } from '../../../src/main/electron/safeStorageVault.ts';

type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

export interface FakeSafeStorage extends SafeStorageLike {
  backend: Backend;
  available: boolean;
  /** Changes the keyring's own secret: what "the keyring was reset" does. */
  resetKeyring(): void;
  /** The next decrypt tells the caller to re-encrypt (key rotation). */
  rotateOnNextDecrypt: boolean;
  sealedCount: number;
}

/** `keyring`: whose secret seals (default: the backend's name); two backends may share one. */
export function fakeSafeStorage(backend: Backend, options: { available?: boolean; keyring?: string } = {}): FakeSafeStorage {
  const secrets = new Map<string, Buffer>();
  const keyOf = (name: string) => {
    if (!secrets.has(name))
      secrets.set(
        name,
        createHash('sha256')
          .update(`${name}:${randomBytes(8).toString('hex')}`)
          .digest(),
      );
    return secrets.get(name)!;
  };
  const fake: FakeSafeStorage = {
    backend,
    available: options.available ?? true,
    rotateOnNextDecrypt: false,
    sealedCount: 0,
    resetKeyring() {
      secrets.delete(options.keyring ?? fake.backend);
    },
    async isAsyncEncryptionAvailable() {
      return fake.available;
    },
    getSelectedStorageBackend() {
      return fake.backend;
    },
    async encryptStringAsync(plainText: string) {
      if (!fake.available) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
      fake.sealedCount++;
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(options.keyring ?? fake.backend), iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), body]);
    },
    async decryptStringAsync(encrypted: Buffer) {
      const iv = encrypted.subarray(3, 15);
      const tag = encrypted.subarray(15, 31);
      const decipher = createDecipheriv('aes-256-gcm', keyOf(options.keyring ?? fake.backend), iv);
      decipher.setAuthTag(tag);
      // Throws on a wrong key, like the real one ("Error while decrypting the ciphertext…").
      const result = Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
      const shouldReEncrypt = fake.rotateOnNextDecrypt;
      fake.rotateOnNextDecrypt = false;
      return { result, shouldReEncrypt };
    },
  };
  return fake;
}
