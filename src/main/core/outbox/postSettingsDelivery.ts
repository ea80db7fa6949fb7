// One turn of one post settings change: the PUT, and what came of it. "Sending" (attempts + 1,
// outcome unknown) is committed before the request leaves, like a reply's attempt in delivery.ts;
// unlike a reply, a PUT whose answer was lost is not checked but sent again, since setting
// disableComments to the same value twice leaves the post as it is.
//
// A newer wish may replace the change while its PUT is in flight (postSettingsRules.ts): every
// outcome is therefore recorded on the change as the queue holds it now, not on the one sent.
import type { Clock } from '../clock.ts';
import { backoffDelay } from './backoff.ts';
import { decideAfterSend } from './failureDecision.ts';
import type { PostSettingsChange, PostSettingsEvent, PostSettingsServiceClient } from './postSettingsTypes.ts';
import type { BackoffSettings } from './types.ts';

export interface PostSettingsDeliveryPorts {
  client: PostSettingsServiceClient;
  clock: Clock;
  random: () => number;
  backoff: BackoffSettings;
  /** The change of the same post as the queue holds it now, or undefined when it has left the queue. */
  current: (change: PostSettingsChange) => PostSettingsChange | undefined;
  /** Writes the change, then tells listeners. */
  commit: (change: PostSettingsChange) => PostSettingsChange;
  /** Takes the change off the file and the queue (its wish is on the service now). */
  remove: (change: PostSettingsChange) => void;
  emit: (event: PostSettingsEvent) => void;
}

export class PostSettingsDelivery {
  private readonly ports: PostSettingsDeliveryPorts;

  constructor(ports: PostSettingsDeliveryPorts) {
    this.ports = ports;
  }

  /** One PUT: "sending" is on disk before the request leaves. */
  async run(start: PostSettingsChange, signal: AbortSignal): Promise<void> {
    const now = this.ports.clock.now();
    const sending = this.ports.commit({ ...start, state: 'sending', attempts: start.attempts + 1, outcomeUnknown: true, updated: now });
    const sent = { revision: sending.revision, commentsEnabled: sending.commentsEnabled };
    try {
      await this.ports.client.updatePost(
        sending.target,
        { id: sending.servicePostId, disableComments: !sending.commentsEnabled, networks: sending.networks },
        { signal },
      );
    } catch (error) {
      this.afterFailure(sending, sent.revision, error);
      return;
    }
    this.afterApplied(sending, sent);
  }

  private afterApplied(sending: PostSettingsChange, sent: { revision: number; commentsEnabled: boolean }): void {
    const current = this.ports.current(sending) ?? sending;
    // The store takes the service's new state before the row goes: a crash in between resends.
    this.ports.emit({ type: 'applied', change: { ...current, commentsEnabled: sent.commentsEnabled } });
    const now = this.ports.clock.now();
    if (current.revision === sent.revision || current.commentsEnabled === sent.commentsEnabled) {
      this.ports.remove(current);
      this.ports.emit({ type: 'removed', change: current, reason: 'sent' });
      return;
    }
    // A newer, different wish came while this one was in flight: it goes next.
    this.ports.commit({ ...current, state: 'queued', outcomeUnknown: false, failures: 0, lastError: null, nextAttemptAt: null, updated: now });
  }

  private afterFailure(sending: PostSettingsChange, sentRevision: number, error: unknown): void {
    const current = this.ports.current(sending) ?? sending;
    const decision = decideAfterSend(error);
    const now = this.ports.clock.now();
    if (decision.next === 'applied') {
      this.afterApplied(sending, { revision: sentRevision, commentsEnabled: sending.commentsEnabled });
      return;
    }
    if (current.revision !== sentRevision) {
      // The person changed their mind while this was in flight: the newer wish is tried afresh.
      this.ports.commit({
        ...current,
        state: 'queued',
        outcomeUnknown: current.outcomeUnknown || decision.outcomeUnknown,
        failures: 0,
        lastError: null,
        nextAttemptAt: null,
        updated: now,
      });
      return;
    }
    if (decision.next === 'wait') {
      const failures = decision.countsAsFailure ? current.failures + 1 : current.failures;
      const delay = decision.countsAsFailure ? backoffDelay(failures, this.ports.backoff, this.ports.random) : 0;
      this.ports.commit({
        ...current,
        state: 'waiting',
        outcomeUnknown: decision.outcomeUnknown,
        failures,
        nextAttemptAt: Math.max(now + delay, decision.notBefore ?? 0),
        lastError: decision.error,
        updated: now,
      });
      return;
    }
    // Refused (4xx): nothing was changed on the service; the person sees the service's message.
    this.ports.commit({ ...current, state: 'failed', outcomeUnknown: false, nextAttemptAt: null, lastError: decision.error, updated: now });
  }
}
