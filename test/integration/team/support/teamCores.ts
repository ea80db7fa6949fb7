// The rig of issue 22's core-level tests: the sync server (in this process) with a workspace and
// its members, one sandbox every core reads, and app cores that join the workspace, each device
// through its own link to the team server (a TCP proxy to cut and heal, or a relay of the test's).
// Everything is removed by `close()`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppCoreTuning } from '../../../../src/main/core/ports.ts';
import { type RunningSandbox, startSandbox } from '../../../../src/sandbox/index.ts';
import { startSyncServer, type SyncServer } from '../../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../../src/syncServer/teamAdmin.ts';
import { startTcpProxy, type TcpProxy } from '../../../support/tcpProxy.ts';
import { AppRig, FAST_TUNING, worldOf } from '../../app/appHarness.ts';
import { MemoryVault } from '../../app/memoryVault.ts';

export const WORKSPACE = 'agency';
export const ADMIN = { name: 'admin', password: 'admin-password' };

export interface TeamDevice {
  member: string;
  device: string;
  password: string;
}

export interface CoreOptions {
  /** The team server's address as this device reaches it; default its own TCP proxy's. */
  serverUrl?: string;
  /** The sandbox as this core reaches it; default the sandbox itself. */
  sandboxUrl?: string;
  tuning?: AppCoreTuning;
}

export class TeamCores {
  readonly root: string;
  readonly server: SyncServer;
  readonly sandbox: RunningSandbox;
  /** One TCP proxy per device name, in front of the team server. */
  readonly proxies: Map<string, TcpProxy>;
  readonly #rigs = new Set<AppRig>();

  private constructor(root: string, server: SyncServer, sandbox: RunningSandbox, proxies: Map<string, TcpProxy>) {
    this.root = root;
    this.server = server;
    this.sandbox = sandbox;
    this.proxies = proxies;
  }

  /** The server with the members of `devices` in the workspace, a proxy per device, and the sandbox. */
  static async start(devices: readonly TeamDevice[]): Promise<TeamCores> {
    const root = mkdtempSync(join(tmpdir(), 'team-cores-'));
    const server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: ADMIN.password });
    const admin = teamAdmin(server.url, ADMIN);
    const members = new Map(devices.map((device) => [device.member, device.password]));
    for (const [member, password] of members) await admin.addMember(member, password);
    await admin.createWorkspace(WORKSPACE, [...members.keys()]);
    const target = { host: '127.0.0.1', port: Number(new URL(server.url).port) };
    const proxies = new Map<string, TcpProxy>();
    for (const device of devices) proxies.set(device.device, await startTcpProxy(target));
    const sandbox = await startSandbox({ port: 0 });
    return new TeamCores(root, server, sandbox, proxies);
  }

  /** An app core of this device (its data folder kept across starts), joined to the workspace. */
  async startCore(who: TeamDevice, options: CoreOptions = {}): Promise<AppRig> {
    const serverUrl = options.serverUrl ?? this.proxies.get(who.device)!.url;
    const vault = new MemoryVault();
    await vault.setTeamPassword(serverUrl, WORKSPACE, who.member, who.password);
    const rig = await AppRig.start({
      dataDir: join(this.root, who.device),
      vault,
      factory: this.#sharedSandbox(options.sandboxUrl ?? this.sandbox.url),
      tuning: options.tuning ?? { ...FAST_TUNING, teamRetry: { firstMs: 50, longestMs: 400 } },
      team: { serverUrl, workspace: WORKSPACE, member: who.member, device: who.device },
    });
    this.#rigs.add(rig);
    return rig;
  }

  /** Closes a core the test started (e.g. to start it again on the same data folder). */
  async closeCore(rig: AppRig): Promise<void> {
    this.#rigs.delete(rig);
    await rig.close();
  }

  /** The workspace's documents whose ids start with `prefix`, read on the server as its admin. */
  async documents<T>(prefix: string): Promise<T[]> {
    const range = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(`${prefix}\uffff`))}`;
    const response = await fetch(`${this.server.url}/${WORKSPACE}/_all_docs?include_docs=true&${range}`, {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}` },
    });
    const body = (await response.json()) as { rows: { doc: T }[] };
    return body.rows.map((row) => row.doc);
  }

  async close(): Promise<void> {
    for (const rig of this.#rigs) await rig.close();
    for (const proxy of this.proxies.values()) await proxy.stop();
    await this.sandbox.close();
    await this.server.stop();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Every core's built-in account reads the one sandbox (its close is the rig's, not a core's). */
  #sharedSandbox(url: string) {
    const sandbox = this.sandbox;
    return {
      running: [sandbox],
      async start() {
        const world = await worldOf(sandbox);
        return { url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} };
      },
    };
  }
}
