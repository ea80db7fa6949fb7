// What a failed command tells the renderer. The core's refusals (not found, not allowed in this
// state, bad data for the store) carry a message meant for people: 'refused'. The service's errors
// are already redacted and say whether trying again helps: 'service'. Anything else is a bug or a
// fault of ours: the person gets a generic sentence, the log gets the detail.
import type { BridgeError } from '../../../shared/bridge/result.ts';
import { CoreRefusal } from '../app/refusal.ts';
import { askForKey, KeyVaultError } from '../service/keyVaultError.ts';
import { SettingsSaveError } from '../app/settingsSaveError.ts';
import { OutboxError } from '../outbox/errors.ts';
import { ServiceClientError } from '../service/errors.ts';
import { StoreInputError } from '../store/errors.ts';

export const INTERNAL_MESSAGE = 'Something went wrong inside the app; the details are in its log. Please try again.';

export interface MappedError {
  error: BridgeError;
  log: boolean;
}

export function bridgeErrorOf(failure: unknown): MappedError {
  if (failure instanceof CoreRefusal || failure instanceof StoreInputError) {
    return { error: { code: 'refused', message: failure.message }, log: false };
  }
  if (failure instanceof OutboxError) {
    // 'storage', 'locked', 'unreadable-file' and 'newer-file' are faults worth a log line too.
    const fault = failure.code === 'storage' || failure.code === 'locked' || failure.code === 'unreadable-file' || failure.code === 'newer-file';
    return { error: { code: 'refused', message: failure.message }, log: fault };
  }
  // A key to enter again, or one the keychain would not keep: the person's to act on, in words.
  if (failure instanceof KeyVaultError) {
    return { error: { code: 'refused', message: failure.kind === 'not-saved' ? failure.message : askForKey(failure) }, log: failure.kind === 'not-saved' };
  }
  // The person can fix a full or read-only disk; the log keeps the system's detail too.
  if (failure instanceof SettingsSaveError) return { error: { code: 'refused', message: failure.message }, log: true };
  if (failure instanceof ServiceClientError) {
    return { error: { code: 'service', message: failure.message, retryable: failure.retryable }, log: false };
  }
  return { error: { code: 'internal', message: INTERNAL_MESSAGE }, log: true };
}
