// Delivery of webhook events as the service does it: a signed JSON POST to the URL registered for
// the action (the user profile's, else the primary profile's), success on a 2xx within 10 s, two
// retries 5 s and then 30 s after a failure. Every attempt is written to the world's delivery log.
import { request as httpsRequest } from 'node:https';
import { request as httpRequest } from 'node:http';
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, type WebhookAction } from '../../shared/networks.ts';
import type { DeliveryAttempt, ProfileState } from '../world/types.ts';
import type { World } from '../world/world.ts';
import { isLoopbackUrl } from './loopback.ts';
import { signBody } from './signature.ts';

export interface DispatcherOptions {
  now: () => Date;
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000];
const DEFAULT_TIMEOUT_MS = 10_000;

export class WebhookDispatcher {
  private readonly world: World;
  private readonly now: () => Date;
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;
  private events = 0;

  constructor(world: World, options: DispatcherOptions) {
    this.world = world;
    this.now = options.now;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Sends an event of `profile` to the webhook that routing picks; nothing when none is registered. */
  dispatch(profile: ProfileState, action: WebhookAction, payload: Record<string, unknown>): void {
    if (this.closed) return;
    const owner = profile.webhooks[action] ? profile : this.world.primary;
    const url = owner.webhooks[action];
    if (!url) return;
    this.events++;
    const eventId = `evt_${this.world.state.deliveries.length + 1}_${this.events}`;
    const body = JSON.stringify(payload);
    void this.attempt({ eventId, action, owner, url, body, attempt: 1 });
  }

  private async attempt(job: { eventId: string; action: WebhookAction; owner: ProfileState; url: string; body: string; attempt: number }): Promise<void> {
    const record: DeliveryAttempt = {
      id: this.world.state.deliveries.length + 1,
      eventId: job.eventId,
      action: job.action,
      profileRefId: job.owner.refId,
      url: job.url,
      attempt: job.attempt,
      at: this.now().toISOString(),
      outcome: 'pending',
      httpStatus: null,
      error: null,
    };
    this.world.state.deliveries.push(record);
    if (!isLoopbackUrl(job.url)) {
      record.outcome = 'not-sent';
      record.error = 'The sandbox delivers webhooks to loopback addresses only';
      return;
    }
    try {
      const status = await this.post(job.url, job.body, job.owner.webhookSecret);
      record.httpStatus = status;
      record.outcome = status >= 200 && status < 300 ? 'delivered' : 'failed';
      if (record.outcome === 'failed') record.error = `Receiver answered HTTP ${status}`;
    } catch (error) {
      record.outcome = 'failed';
      record.error = (error as Error).message;
    }
    const delay = this.retryDelaysMs[job.attempt - 1];
    if (record.outcome === 'failed' && delay !== undefined && !this.closed) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt({ ...job, attempt: job.attempt + 1 });
      }, delay);
      this.timers.add(timer);
    }
  }

  private post(url: string, body: string, secret: string | null): Promise<number> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      [WEBHOOK_TIMESTAMP_HEADER]: Math.floor(this.now().getTime() / 1000),
    };
    // Without a secret there is nothing to sign with: the delivery carries no signature (ours).
    if (secret) headers[WEBHOOK_SIGNATURE_HEADER] = signBody(body, secret);
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    return new Promise<number>((resolve, reject) => {
      const req = send(
        url,
        {
          method: 'POST',
          headers,
          signal: controller.signal,
          timeout: this.timeoutMs,
          // Loopback receivers in tests use self-signed certificates.
          rejectUnauthorized: false,
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${this.timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    }).finally(() => this.inFlight.delete(controller));
  }

  /** Stops retries and aborts deliveries under way. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }
}
