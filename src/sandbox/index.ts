// The sandbox as a module: startSandbox(options) → {url, apiKey, close()}. Used by the CLI, by the
// app for its built-in sandbox account, and by every integration and end-to-end test.
import type { AddressInfo } from 'node:net';
import { ACTIVE_CONVERSATIONS_LIMIT, MESSAGE_REPLY_WINDOW_MS, type Plan, RATE_LIMIT_DEFAULT } from '../shared/networks.ts';
import { startActivity } from './activity.ts';
import { Faults } from './http/faults.ts';
import { RateLimiter } from './http/rateLimit.ts';
import { createSandboxServer } from './http/server.ts';
import { controlRoutes } from './routes/control.ts';
import { apiRoutes } from './routes/index.ts';
import type { SandboxRuntime } from './runtime.ts';
import { WebhookDispatcher } from './webhooks/dispatcher.ts';
import { loadState, saveState } from './world/persist.ts';
import { seedWorld } from './world/seed.ts';
import { World } from './world/world.ts';

/** The control surface's answers, as tests read them. */
export type { WorldView, WorldViewConversation, WorldViewPost } from './routes/control.ts';
export type { LedgerEntry } from './world/types.ts';

export interface SandboxOptions {
  /** Default 4010; 0 takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 1: the same seed builds the same world. */
  seed?: number;
  /** Default "sandbox-key" (or the key saved in the state file). */
  apiKey?: string;
  /** Requests per 5 minutes per profile; default 300. */
  rateLimit?: number;
  /** New outside comments per minute across the world; default 0. */
  activity?: number;
  /** A JSON file the world is loaded from at start and saved to at close. */
  statePath?: string;
  /** Default business. */
  plan?: Plan;
  /** The clock; tests may move it. */
  now?: () => Date;
  /** How often analytics are refreshed by the service; default 10 minutes. */
  analyticsRefreshMs?: number;
  /** Delays of the webhook retries; default 5 s then 30 s. */
  webhookRetryDelaysMs?: number[];
  /** facebook and instagram refuse a DM reply this long after the person's last message; default 7 days. */
  messageReplyWindowMs?: number;
  /** Conversations a profile may send DMs in per calendar month; default 1,000. */
  activeConversationLimit?: number;
}

export interface RunningSandbox {
  /** Base URL of the service, ending in /api. */
  url: string;
  /** Base URL of the control surface, ending in /__sandbox. */
  controlUrl: string;
  apiKey: string;
  /** The plan in force (the saved one when a state file was loaded without a plan option). */
  plan: Plan;
  port: number;
  close(): Promise<void>;
}

export const SANDBOX_DEFAULTS = {
  port: 4010,
  host: '127.0.0.1',
  seed: 1,
  apiKey: 'sandbox-key',
  rateLimit: RATE_LIMIT_DEFAULT,
  activity: 0,
  plan: 'business' as Plan,
  analyticsRefreshMs: 10 * 60 * 1000,
  messageReplyWindowMs: MESSAGE_REPLY_WINDOW_MS,
  activeConversationLimit: ACTIVE_CONVERSATIONS_LIMIT,
};

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? SANDBOX_DEFAULTS.seed;
  const saved = options.statePath ? loadState(options.statePath) : null;
  const state =
    saved ??
    seedWorld({
      seed,
      now: now(),
      apiKey: options.apiKey ?? SANDBOX_DEFAULTS.apiKey,
      plan: options.plan ?? SANDBOX_DEFAULTS.plan,
    });
  if (options.apiKey) state.account.apiKey = options.apiKey;
  if (options.plan) state.account.plan = options.plan;
  const world = new World(state);
  const runtime: SandboxRuntime = {
    world,
    plan: state.account.plan,
    now,
    analyticsRefreshMs: options.analyticsRefreshMs ?? SANDBOX_DEFAULTS.analyticsRefreshMs,
    faults: new Faults(state.seed),
    rateLimiter: new RateLimiter(options.rateLimit ?? SANDBOX_DEFAULTS.rateLimit),
    webhooks: new WebhookDispatcher(world, {
      now,
      ...(options.webhookRetryDelaysMs ? { retryDelaysMs: options.webhookRetryDelaysMs } : {}),
    }),
    messaging: {
      replyWindowMs: options.messageReplyWindowMs ?? SANDBOX_DEFAULTS.messageReplyWindowMs,
      activeConversationLimit: options.activeConversationLimit ?? SANDBOX_DEFAULTS.activeConversationLimit,
    },
  };
  const server = createSandboxServer(runtime, apiRoutes, controlRoutes);
  const host = options.host ?? SANDBOX_DEFAULTS.host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? SANDBOX_DEFAULTS.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const stopActivity = startActivity(runtime, options.activity ?? SANDBOX_DEFAULTS.activity, state.seed);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/api`,
    controlUrl: `${origin}/__sandbox`,
    apiKey: state.account.apiKey,
    plan: runtime.plan,
    port,
    close() {
      closing ??= (async () => {
        stopActivity();
        runtime.webhooks.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        if (options.statePath) saveState(options.statePath, state);
      })();
      return closing;
    },
  };
}
