// The core's events on their way to the renderer: each payload is checked against the contract's
// schema before any subscriber sees it (a malformed event is a bug of ours: logged, not sent), and
// only what the schema names is sent (a field a payload carries by accident stays in main).
import { events, type EventName, type EventPayload } from '../../../shared/bridge/contract.ts';
import type { LoggerPort } from '../ports.ts';
import type { BridgeEvent } from './dispatcher.ts';

export interface BridgeEventSink {
  emit<N extends EventName>(name: N, payload: EventPayload<N>): void;
}

export class EventHub implements BridgeEventSink {
  readonly #listeners = new Set<(event: BridgeEvent) => void>();
  readonly #logger: LoggerPort | undefined;
  /** Events a subscriber that comes later must still see (the store was rebuilt, keys are unsafe). */
  readonly #sticky = new Map<EventName, BridgeEvent>();

  constructor(logger?: LoggerPort) {
    this.#logger = logger;
  }

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    const event = this.#checked(name, payload);
    if (event) this.#deliver(event);
  }

  /** Sent now, and again to every subscriber that comes later (the last one of its name). */
  emitSticky<N extends EventName>(name: N, payload: EventPayload<N>): void {
    const event = this.#checked(name, payload);
    if (!event) return;
    this.#sticky.set(name, event);
    this.#deliver(event);
  }

  /** The payload of the sticky event of this name, if one holds. */
  stickyPayload<N extends EventName>(name: N): EventPayload<N> | undefined {
    return this.#sticky.get(name)?.payload as EventPayload<N> | undefined;
  }

  /** Later subscribers are no longer sent the sticky event of this name when it no longer holds. */
  dropSticky<N extends EventName>(name: N, holdsNoLonger: (payload: EventPayload<N>) => boolean): void {
    const event = this.#sticky.get(name);
    if (event && holdsNoLonger(event.payload as EventPayload<N>)) this.#sticky.delete(name);
  }

  #checked<N extends EventName>(name: N, payload: EventPayload<N>): BridgeEvent | null {
    const parsed = events[name].safeParse(payload);
    if (!parsed.success) {
      this.#logger?.error('A bridge event did not match its schema and was not sent', {
        event: name,
        issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`),
      });
      return null;
    }
    return { name, payload: parsed.data };
  }

  #deliver(event: BridgeEvent, to: Iterable<(event: BridgeEvent) => void> = [...this.#listeners]): void {
    for (const listener of to) {
      try {
        listener(event);
      } catch (error) {
        this.#logger?.warn('A bridge event listener failed', { event: event.name, error: error instanceof Error ? error.name : typeof error });
      }
    }
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.#listeners.add(listener);
    for (const event of this.#sticky.values()) this.#deliver(event, [listener]);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
