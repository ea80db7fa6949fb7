// The sync against a real sandbox and a real store on a temp file, on one fake clock shared by the
// sandbox (its `now`), the service client (its rate budget) and the scheduler, so minutes of sync
// play in seconds. Requests travel real HTTP; `runFor` waits until every request in flight has its
// answer and every scheduler is asleep before moving the clock to the next wake-up. The wire is
// recorded (status and x-ratelimit-count per profile) so tests can check the budget as the service
// counted it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../src/main/core/service/transport.ts';
import { UndiciTransport } from '../../../src/main/core/service/undiciTransport.ts';
import { openStore, type SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import { AccountSync, type AccountSyncOptions } from '../../../src/main/core/sync/accountSync.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { PROFILE_KEY_HEADER, RATE_LIMIT_COUNT_HEADER } from '../../../src/shared/networks.ts';
import type { SandboxOptions } from '../../../src/sandbox/index.ts';
import { settle, SteppingClock } from '../../support/steppingClock.ts';
import { ACCOUNT, openFixture, type SandboxFixture } from '../service/harness.ts';

export interface WireRecord {
  /** The profile's refId (the primary profile's when no Profile-Key was sent). */
  profileId: string;
  method: string;
  path: string;
  /** Epoch ms on the fake clock when the request went out. */
  at: number;
  /** undefined when no answer came. */
  status: number | undefined;
  /** x-ratelimit-count of the answer. */
  count: number | undefined;
}

/** Records every request and its answer; counts what is in flight. */
class RecordingTransport implements HttpTransport {
  readonly records: WireRecord[] = [];
  inFlight = 0;
  private readonly inner = new UndiciTransport();
  private readonly profileOfKey: (key: string | undefined) => string;
  private readonly clock: SteppingClock;

  constructor(clock: SteppingClock, profileOfKey: (key: string | undefined) => string) {
    this.clock = clock;
    this.profileOfKey = profileOfKey;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const record: WireRecord = {
      profileId: this.profileOfKey(request.headers[PROFILE_KEY_HEADER]),
      method: request.method,
      path: request.path,
      at: this.clock.now(),
      status: undefined,
      count: undefined,
    };
    this.records.push(record);
    this.inFlight++;
    try {
      const response = await this.inner.send(request);
      record.status = response.status;
      const count = Number(response.headers[RATE_LIMIT_COUNT_HEADER]);
      if (Number.isFinite(count)) record.count = count;
      return response;
    } finally {
      this.inFlight--;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

export interface SyncRigOptions {
  sandbox?: SandboxOptions;
  sync?: AccountSyncOptions;
  /** Epoch ms the fake clock starts at; default now. */
  start?: number;
  /** Sync direct messages too (the store is given as the sync's MessageStore, as the app does); default true. */
  directMessages?: boolean;
  /** Read account analytics daily into the store (as the app does); default false. */
  accountSnapshots?: boolean;
}

export class SyncRig {
  readonly fixture: SandboxFixture;
  readonly clock: SteppingClock;
  readonly wire: RecordingTransport;
  readonly client: ServiceClient;
  readonly store: SqliteStore;
  readonly events: SyncEvent[] = [];
  readonly sync: AccountSync;
  private readonly dir: string;

  constructor(fixture: SandboxFixture, clock: SteppingClock, options: SyncRigOptions) {
    this.fixture = fixture;
    this.clock = clock;
    this.wire = new RecordingTransport(
      clock,
      (key) => fixture.world.profiles.find((p) => key !== undefined && p.profileKey === key)?.refId ?? fixture.primary.refId,
    );
    this.client = fixture.client({ clock, transport: this.wire, onEvent: (event) => this.sync?.observe(event) });
    this.dir = mkdtempSync(join(tmpdir(), 'sync-'));
    this.store = openStore(join(this.dir, 'inbox.sqlite'), { clock }).store;
    this.store.upsertAccount({ accountId: ACCOUNT, title: 'Sandbox', baseUrl: fixture.sandbox.url, kind: 'sandbox' });
    for (const profile of fixture.world.profiles) {
      this.store.upsertProfile({
        accountId: ACCOUNT,
        profileId: profile.refId,
        title: profile.title,
        isPrimary: profile.profileKey === null,
        networks: {},
        color: null,
      });
    }
    this.sync = new AccountSync(
      ACCOUNT,
      {
        client: this.client,
        store: this.store,
        ...(options.directMessages === false ? {} : { messages: this.store }),
        ...(options.accountSnapshots === true ? { accountSnapshots: this.store } : {}),
        clock,
        listener: (event) => this.events.push(event),
      },
      options.sync,
    );
  }

  /** The client profiles of the seeded world (not the primary one). */
  get clientProfiles() {
    return this.fixture.world.profiles.filter((p) => p.profileKey !== null);
  }

  addProfile(refId: string) {
    const profile = this.fixture.world.profiles.find((p) => p.refId === refId);
    if (!profile) throw new Error(`no profile ${refId}`);
    return this.sync.addProfile({ profileId: refId, isPrimary: profile.profileKey === null });
  }

  /** Waits (real time, bounded) until no request is in flight and every scheduler sleeps or idles. */
  async quiescent(): Promise<void> {
    for (let i = 0; i < 20_000; i++) {
      if (this.wire.inFlight === 0 && this.noneBusy()) {
        await settle(10);
        if (this.wire.inFlight === 0 && this.noneBusy()) return;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    throw new Error('the sync did not settle');
  }

  /** Plays `ms` of fake time, wake-up by wake-up; `between` runs after each step. */
  async runFor(ms: number, between?: () => Promise<void> | void): Promise<void> {
    const end = this.clock.now() + ms;
    for (;;) {
      await this.quiescent();
      await between?.();
      const next = this.clock.nextWakeAt();
      if (next === undefined || next > end) break;
      await this.clock.advanceTo(next);
    }
    await this.clock.advanceTo(end);
    await this.quiescent();
  }

  /** Plays fake time until `done` holds (checked at every step), at most `maxMs`. */
  async runUntil(done: () => boolean, maxMs: number): Promise<number> {
    const start = this.clock.now();
    const end = start + maxMs;
    for (;;) {
      await this.quiescent();
      if (done()) return this.clock.now() - start;
      const next = this.clock.nextWakeAt();
      if (next === undefined || next > end) throw new Error(`not done after ${maxMs / 1000} s of fake time`);
      await this.clock.advanceTo(next);
    }
  }

  /** Whether the profile's sync has fetched every post it knows at least once. */
  firstSyncDone(profileId: string): boolean {
    const status = this.sync.profile(profileId)?.status();
    return status !== undefined && status.postsTotal > 0 && status.postsDone === status.postsTotal;
  }

  async close(): Promise<void> {
    await this.sync.stop();
    await this.client.close();
    this.store.close();
    await this.fixture.close();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private noneBusy(): boolean {
    return this.sync.resting;
  }
}

export async function openSyncRig(options: SyncRigOptions = {}): Promise<SyncRig> {
  const clock = new SteppingClock(options.start ?? Date.now());
  const fixture = await openFixture({ now: () => new Date(clock.now()), ...options.sandbox });
  return new SyncRig(fixture, clock, options);
}
