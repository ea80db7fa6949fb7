// The application core as a host builds it, against real sandboxes (started through the factory
// port, like the hosts do) and a temp data directory, with the vault and the settings in memory.
// Helpers call commands through the dispatcher (the bridge's one seam), record every event and
// every answer, and wait for conditions (bounded, never asserting on wall-clock time).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppCore } from '../../../src/main/core/app/appCore.ts';
import { createAppCore } from '../../../src/main/core/app/createAppCore.ts';
import type { AppCoreOptions, AppCoreTuning, AppNotification, LoggerPort, SandboxFactory, SettingsPort } from '../../../src/main/core/ports.ts';
import type { BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';
import type { CommandInput, CommandName, CommandOutput } from '../../../src/shared/bridge/contract.ts';
import type { BridgeResult } from '../../../src/shared/bridge/result.ts';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../src/shared/settings.ts';
import { type RunningSandbox, type SandboxOptions, startSandbox, type WorldView } from '../../../src/sandbox/index.ts';
import { MemoryVault } from './memoryVault.ts';

export class MemorySettings implements SettingsPort {
  current: Settings;

  constructor(initial: Partial<Settings> = {}) {
    this.current = settingsSchema.parse({ ...DEFAULT_SETTINGS, ...initial });
  }

  get(): Settings {
    return this.current;
  }

  update(patch: Partial<Settings>): Settings {
    this.current = settingsSchema.parse({ ...this.current, ...patch });
    return this.current;
  }
}

export type SandboxWorld = WorldView;

export async function worldOf(sandbox: { url: string; apiKey: string }): Promise<SandboxWorld> {
  const response = await fetch(`${controlUrl(sandbox.url)}/world`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
  return (await response.json()) as SandboxWorld;
}

export function controlUrl(apiUrl: string): string {
  return apiUrl.replace(/\/api$/, '/__sandbox');
}

/** The factory port as the web host implements it: an embedded sandbox; the X key pair from its world. */
export function embeddedSandbox(options: SandboxOptions = {}): SandboxFactory & { running: RunningSandbox[] } {
  const running: RunningSandbox[] = [];
  return {
    running,
    async start() {
      const sandbox = await startSandbox({ port: 0, ...options });
      running.push(sandbox);
      const world = await worldOf(sandbox);
      return { url: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: () => sandbox.close() };
    },
  };
}

/** Sync and outbox tuned for tests: the whole budget at once, short backoff, short notification windows. */
export const FAST_TUNING: AppCoreTuning = {
  sync: { pacer: { burstShare: 1 } },
  outboxBackoff: { baseMs: 50, maxMs: 500 },
  notifications: { gatherMs: 50, minGapPerProfileMs: 200, catchUpMs: 200 },
};

export interface AppRigOptions {
  dataDir?: string;
  vault?: MemoryVault;
  settings?: Partial<Settings>;
  sandbox?: SandboxOptions | false;
  /** A factory of the test's own (e.g. one sandbox shared by two cores); instead of `sandbox`. */
  factory?: SandboxFactory & { running: RunningSandbox[] };
  tuning?: AppCoreTuning;
  /** The team workspace the core joins (its password in the vault). */
  team?: AppCoreOptions['team'];
}

export class AppRig {
  readonly core: AppCore;
  readonly dataDir: string;
  readonly vault: MemoryVault;
  readonly settings: MemorySettings;
  readonly factory: (SandboxFactory & { running: RunningSandbox[] }) | null;
  readonly events: BridgeEvent[] = [];
  readonly answers: { command: string; result: BridgeResult<unknown> }[] = [];
  readonly notifications: AppNotification[] = [];
  readonly logs: { level: string; message: string; detail: unknown }[] = [];
  /** Events and notifications in the order they happened: "event:<name>", "notification:<kind>". */
  readonly timeline: string[];
  readonly #ownsDir: boolean;

  private constructor(
    core: AppCore,
    init: { dataDir: string; vault: MemoryVault; settings: MemorySettings; factory: AppRig['factory']; ownsDir: boolean },
    notifications: AppNotification[],
    logs: AppRig['logs'],
    timeline: string[],
  ) {
    this.core = core;
    this.dataDir = init.dataDir;
    this.vault = init.vault;
    this.settings = init.settings;
    this.factory = init.factory;
    this.#ownsDir = init.ownsDir;
    this.notifications = notifications;
    this.logs = logs;
    this.timeline = timeline;
    core.dispatcher.subscribe((event) => {
      this.events.push(event);
      // A backlog that is summarised: comments' (a conversation's first read is never news).
      const payload = event.payload as { kind?: string; firstFetch?: boolean };
      const backlog = event.name === 'items.new' && payload.kind === 'comment' && payload.firstFetch === true;
      timeline.push(backlog ? 'event:items.new:comment:firstFetch' : `event:${event.name}`);
    });
  }

  static async start(options: AppRigOptions = {}): Promise<AppRig> {
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'app-core-'));
    const vault = options.vault ?? new MemoryVault();
    const settings = new MemorySettings({ undoSeconds: 0, ...options.settings });
    const factory = options.factory ?? (options.sandbox === false ? null : embeddedSandbox(options.sandbox ?? {}));
    const notifications: AppNotification[] = [];
    const timeline: string[] = [];
    const logs: AppRig['logs'] = [];
    const logger: LoggerPort = {
      warn: (message, detail) => logs.push({ level: 'warn', message, detail }),
      error: (message, detail) => logs.push({ level: 'error', message, detail }),
    };
    const coreOptions: AppCoreOptions = {
      dataDir,
      vault,
      settings,
      notifier: {
        show: (notification) => {
          notifications.push(notification);
          timeline.push(`notification:${notification.kind}`);
        },
      },
      logger,
      tuning: options.tuning ?? FAST_TUNING,
      ...(factory ? { sandbox: factory } : {}),
      ...(options.team ? { team: options.team } : {}),
    };
    const core = await createAppCore(coreOptions);
    return new AppRig(core, { dataDir, vault, settings, factory, ownsDir: options.dataDir === undefined }, notifications, logs, timeline);
  }

  /** A rig whose built-in account's sandbox has started, with that sandbox's world as the service lists it. */
  static async startWithWorld(options: AppRigOptions = {}): Promise<{ rig: AppRig; world: SandboxWorld }> {
    const rig = await AppRig.start(options);
    await rig.until('the sandbox', () => (rig.factory?.running.length ?? 0) > 0);
    return { rig, world: await worldOf(rig.sandbox) };
  }

  /** The embedded sandbox of the built-in account (the latest one started). */
  get sandbox(): RunningSandbox {
    const sandbox = this.factory?.running.at(-1);
    if (!sandbox) throw new Error('no sandbox started');
    return sandbox;
  }

  async invoke(command: string, input: unknown): Promise<BridgeResult<unknown>> {
    const result = await this.core.dispatcher.invoke(command, input);
    this.answers.push({ command, result });
    return result;
  }

  /** Calls a command and returns its data; fails the test with the bridge's error otherwise. */
  async call<N extends CommandName>(name: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
    const result = await this.invoke(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code}: ${result.error.message}`);
    return result.data as CommandOutput<N>;
  }

  eventsNamed(name: string): unknown[] {
    return this.events.filter((event) => event.name === name).map((event) => event.payload);
  }

  /** Polls a condition until it holds (bounded by the number of tries, not asserted on time). */
  async until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, tries = 600): Promise<T> {
    for (let i = 0; i < tries; i++) {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`Gave up waiting for ${what}`);
  }

  /** The first sync's backlog has been summed up: a summary came after the last first-fetch event. */
  backlogSummarised(): boolean {
    const lastBacklog = this.timeline.lastIndexOf('event:items.new:comment:firstFetch');
    return lastBacklog >= 0 && this.timeline.lastIndexOf('notification:summary') > lastBacklog;
  }

  async ledger(kind?: string): Promise<{ seq: number; kind: string; text: string | null; ids: string[]; profileRefId: string }[]> {
    const response = await fetch(`${controlUrl(this.sandbox.url)}/ledger`, { headers: { authorization: `Bearer ${this.sandbox.apiKey}` } });
    const entries = (await response.json()) as { seq: number; kind: string; text: string | null; ids: string[]; profileRefId: string }[];
    return kind === undefined ? entries : entries.filter((entry) => entry.kind === kind);
  }

  async control(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${controlUrl(this.sandbox.url)}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.sandbox.apiKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  }

  async close(): Promise<void> {
    await this.core.close();
    if (this.#ownsDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
