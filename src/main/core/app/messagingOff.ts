// Which clients have messaging switched off at the service: learnt from the sync, whose reads of
// their conversations the service refuses with code 361 ("Messaging Active" is off for the profile).
// Kept in memory: the sync asks again at every start (and every few hours), so a restart learns it
// again within its first read; a profile's new messages say it is on again. The Messages view says
// this instead of "Inbox zero" for such a client.
import type { SyncErrorInfo, SyncEvent } from '../sync/events.ts';

/** The service's code for "messaging is not enabled for this profile" (public; service-api's Messages). */
const MESSAGING_OFF_CODE = 361;

/** The service said the profile's messaging is off: a setting of the client, not a failure of the sync. */
export function isMessagingOff(error: SyncErrorInfo): boolean {
  return error.kind === 'messaging' && error.code === MESSAGING_OFF_CODE;
}

export class MessagingOff {
  readonly #since = new Map<string, number>();

  /** Reads every sync event; `now` is when it was seen. */
  observe(event: SyncEvent, now: number): void {
    if (event.type === 'new-messages') {
      this.#since.delete(event.profileId);
      return;
    }
    if (event.type !== 'sync-error' || event.profileId === undefined) return;
    if (!isMessagingOff(event.error)) return;
    if (!this.#since.has(event.profileId)) this.#since.set(event.profileId, now);
  }

  /** The profiles of `active` whose messaging is off, with when the app learnt it (epoch ms). */
  profiles(active: ReadonlySet<string>): { profileId: string; since: number }[] {
    return [...this.#since].filter(([profileId]) => active.has(profileId)).map(([profileId, since]) => ({ profileId, since }));
  }
}
