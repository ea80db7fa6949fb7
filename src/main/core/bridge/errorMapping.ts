// What a failed command tells the renderer. The core's refusals (not found, not allowed in this
// state, bad data for the store) carry a message meant for people: 'refused'. The service's errors
// say whether trying again helps: 'service', in the one translator's words (shared/domain/errorWords.ts:
// no operation name, errno or id; the client's own text goes to the log). Anything else is a bug or
// a fault of ours: the person gets a generic sentence, the log gets the detail.
import type { BridgeError } from '../../../shared/bridge/result.ts';
import { type ErrorFacts, errorSentence, type ErrorSubject } from '../../../shared/domain/errorWords.ts';
import { CoreRefusal } from '../refusal.ts';
import { askForKey, KeyVaultError } from '../service/keyVaultError.ts';
import { SettingsSaveError } from '../settingsSaveError.ts';
import { OutboxActionError, OutboxError } from '../outbox/errors.ts';
import { HttpError, NetworkError, ServiceClientError } from '../service/errors.ts';
import { StoreInputError } from '../store/errors.ts';

export const INTERNAL_MESSAGE = 'Something went wrong inside the app; the details are in its log. Please try again.';

export interface MappedError {
  error: BridgeError;
  log: boolean;
}

/** What the translator needs of a service client's error: its code or kind, its status, its errno. */
export function serviceErrorFacts(error: ServiceClientError): ErrorFacts {
  if (error instanceof HttpError) return { code: error.code ?? `http-${error.status}`, status: error.status };
  if (error instanceof NetworkError) return { code: 'network', errno: error.code ?? null };
  return { code: error.kind };
}

/** An outbox action the item's state does not allow, in words without the item's id. */
function outboxRefusal(failure: OutboxActionError): string {
  const verb = failure.action === 'remove' ? 'remove it from the list' : failure.action;
  if (failure.state === null) return 'That reply or message is no longer in the outbox.';
  if (failure.message.includes('earlier attempt may already be posted')) {
    return `You cannot ${verb} it now: an earlier try may already be posted, and the app is checking whether it was.`;
  }
  if (failure.message.includes('already posted on some')) return `You cannot ${verb} it now: it is already posted on some of its networks.`;
  return `You cannot ${verb} it now: it is ${failure.state === 'sending' ? 'being sent' : failure.state}.`;
}

/**
 * The failure as the bridge answers it. `command` says who waits for it: the account's key check
 * ("accounts.add", "accounts.updateKeys") reads differently from an action in the inbox.
 */
export function bridgeErrorOf(failure: unknown, command = ''): MappedError {
  if (failure instanceof OutboxActionError) return { error: { code: 'refused', message: outboxRefusal(failure) }, log: false };
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
    const subject: ErrorSubject = command.startsWith('accounts.') || command.startsWith('profiles.') ? 'key-check' : 'action';
    const message = errorSentence(serviceErrorFacts(failure), { subject, next: 'none' });
    // The client's own text (operation, errno, the service's message) is for the log, not the screen.
    return { error: { code: 'service', message, retryable: failure.retryable }, log: true };
  }
  return { error: { code: 'internal', message: INTERNAL_MESSAGE }, log: true };
}
