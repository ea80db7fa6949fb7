// The web host's composition root, the counterpart of src/main/index.ts for Electron: the same
// core (createAppCore), built with the web host's adapters (keys in memory, settings in a JSON
// file, a sandbox for the built-in account), served by the web host. Nothing else differs.
import { mkdirSync } from 'node:fs';
import type { LoggerPort, SandboxFactory } from '../core/ports.ts';
import type { AppCore } from '../core/app/appCore.ts';
import { createAppCore } from '../core/app/createAppCore.ts';
import type { TeamSettings } from '../core/app/teamSettings.ts';
import { MemorySecretVault } from './memoryVault.ts';
import { childProcessSandboxFactory, remoteSandboxFactory } from './sandboxFactories.ts';
import type { SandboxProcessOptions } from './sandboxProcess.ts';
import { JsonSettingsFile } from './settingsFile.ts';
import { startWebHost } from './webHost.ts';

export interface WebAppOptions {
  /** 0 takes a free port. */
  port: number;
  /** Holds the store, the outbox and settings.json; made when missing. */
  dataDir: string;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** The built-in sandbox account's service: an already running sandbox; absent, one in a child process of its own. */
  sandboxUrl?: string;
  /** Tests make the watchdog of that child process quicker; by default sandboxProcess.ts's. */
  sandboxWatchdog?: Omit<SandboxProcessOptions, 'logger'>;
  logger: LoggerPort;
  /** The sync's interval for posts of the last day (`--poll-hot-ms`); absent: the sync's default. */
  pollHotMs?: number;
  /** Tests may fix it; by default a new random one. */
  token?: string;
  /** The team workspace to join, and its member's password (kept in this run's vault only). */
  team?: { settings: TeamSettings; password: string | null };
}

export interface RunningWebApp {
  url: string;
  port: number;
  token: string;
  core: AppCore;
  /** Closes the socket and the server, then the core (which stops the sandbox it started). Idempotent. */
  close(): Promise<void>;
}

export async function startWebApp(options: WebAppOptions): Promise<RunningWebApp> {
  const { logger } = options;
  mkdirSync(options.dataDir, { recursive: true });
  const sandbox: SandboxFactory =
    options.sandboxUrl === undefined ? childProcessSandboxFactory({ logger, ...options.sandboxWatchdog }) : remoteSandboxFactory(options.sandboxUrl);
  const vault = new MemorySecretVault();
  const team = options.team;
  if (team && team.password !== null) await vault.setTeamPassword(team.settings.serverUrl, team.settings.workspace, team.settings.member, team.password);
  const core = await createAppCore({
    dataDir: options.dataDir,
    vault,
    ...(team ? { team: team.settings } : {}),
    settings: new JsonSettingsFile(options.dataDir, (problem) => logger.warn(`settings: ${problem}`)),
    sandbox,
    logger,
    ...(options.pollHotMs === undefined ? {} : { tuning: { sync: { policy: { hotMs: options.pollHotMs } } } }),
  });
  let host;
  try {
    host = await startWebHost({
      port: options.port,
      rendererDir: options.rendererDir,
      dispatcher: core.dispatcher,
      logger,
      ...(options.token === undefined ? {} : { token: options.token }),
    });
  } catch (error) {
    await core.close();
    throw error;
  }
  const running = host;
  let closing: Promise<void> | undefined;
  return {
    url: running.url,
    port: running.port,
    token: running.token,
    core,
    close() {
      closing ??= (async () => {
        await running.close();
        await core.close();
      })();
      return closing;
    },
  };
}
