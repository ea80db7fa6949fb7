// The rig of issue 22's core-level tests: the sync server (in this process) with its workspaces and
// their members, one sandbox every core reads, and app cores that join the workspace, each device
// through its own link to the team server (a TCP proxy to cut and heal, or a relay of the test's).
// Everything is removed by `close()`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InboxRow } from '../../../../src/shared/domain/inbox.ts';
import type { AppCoreTuning } from '../../../../src/main/core/ports.ts';
import { type RunningSandbox, startSandbox } from '../../../../src/sandbox/index.ts';
import { startSyncServer, type SyncServer } from '../../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../../src/syncServer/teamAdmin.ts';
import { startTcpProxy, type TcpProxy } from '../../../support/tcpProxy.ts';
import { AppRig, FAST_TUNING, worldOf } from '../../app/appHarness.ts';
import { MemoryVault } from '../../app/memoryVault.ts';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../../src/shared/networks.ts';

/** A comment the service can answer (not one made outside it on a network where it cannot): which comment comes first depends on the seeded world's clock. */
const canBeAnswered = (row: InboxRow): boolean => (REPLY_BY_SOCIAL_ID_NETWORKS as readonly string[]).includes(row.platform);

export const WORKSPACE = 'agency';
export const ADMIN = { name: 'admin', password: 'admin-password' };
/**
 * The tests' tuning: fast sync and outbox, and a short retry of the team server, both by the
 * replication and by a write that could not ask it (the app waits 5 s; decision 0080).
 */
export const TEAM_TUNING: AppCoreTuning = { ...FAST_TUNING, teamRetry: { firstMs: 50, longestMs: 400 }, teamUnreachableRetryMs: 500 };

export interface TeamDevice {
  member: string;
  device: string;
  password: string;
}

export interface TeamOptions {
  /** The workspaces made, each with every member; default the one `WORKSPACE`. */
  workspaces?: readonly string[];
}

export interface CoreOptions {
  /** The team server's address as this device reaches it; default its own TCP proxy's. */
  serverUrl?: string;
  /** The sandbox as this core reaches it; default the sandbox itself. */
  sandboxUrl?: string;
  tuning?: AppCoreTuning;
  /** False: the core starts alone (it joins through `team.configure`, or was joined in an earlier start). */
  joined?: boolean;
}

export class TeamCores {
  readonly root: string;
  readonly server: SyncServer;
  readonly sandbox: RunningSandbox;
  /** One TCP proxy per device name, in front of the team server. */
  readonly proxies: Map<string, TcpProxy>;
  /** The running core of each device name. */
  readonly #cores = new Map<string, AppRig>();
  /** Each device's vault, kept across its core's starts as a computer keeps its keychain. */
  readonly #vaults = new Map<string, MemoryVault>();
  /** The first comments listed (commentOnBoth). */
  #firstComments: string[] = [];

  private constructor(root: string, server: SyncServer, sandbox: RunningSandbox, proxies: Map<string, TcpProxy>) {
    this.root = root;
    this.server = server;
    this.sandbox = sandbox;
    this.proxies = proxies;
  }

  /** The server with the members of `devices` in the workspace(s), a proxy per device, and the sandbox. */
  static async start(devices: readonly TeamDevice[], options: TeamOptions = {}): Promise<TeamCores> {
    const root = mkdtempSync(join(tmpdir(), 'team-cores-'));
    const server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: ADMIN.password });
    const admin = teamAdmin(server.url, ADMIN);
    const members = new Map(devices.map((device) => [device.member, device.password]));
    for (const [member, password] of members) await admin.addMember(member, password);
    for (const workspace of options.workspaces ?? [WORKSPACE]) await admin.createWorkspace(workspace, [...members.keys()]);
    const target = { host: '127.0.0.1', port: Number(new URL(server.url).port) };
    const proxies = new Map<string, TcpProxy>();
    for (const device of devices) proxies.set(device.device, await startTcpProxy(target));
    const sandbox = await startSandbox({ port: 0 });
    return new TeamCores(root, server, sandbox, proxies);
  }

  /** An app core of this device (its data folder and vault kept across starts), joined to the workspace unless told not. */
  async startCore(who: TeamDevice, options: CoreOptions = {}): Promise<AppRig> {
    if (this.#cores.has(who.device)) throw new Error(`The ${who.device}'s core is already running: close it first.`);
    const serverUrl = options.serverUrl ?? this.proxies.get(who.device)!.url;
    const vault = this.#vaults.get(who.device) ?? new MemoryVault();
    this.#vaults.set(who.device, vault);
    const joined = options.joined ?? true;
    if (joined) await vault.setTeamPassword(serverUrl, WORKSPACE, who.member, who.password);
    const rig = await AppRig.start({
      dataDir: join(this.root, who.device),
      vault,
      factory: this.#sharedSandbox(options.sandboxUrl ?? this.sandbox.url),
      tuning: options.tuning ?? TEAM_TUNING,
      ...(joined ? { team: { serverUrl, workspace: WORKSPACE, member: who.member, device: who.device } } : {}),
    });
    this.#cores.set(who.device, rig);
    return rig;
  }

  /** The running core of this device (the latest started). */
  core(device: string): AppRig {
    const rig = this.#cores.get(device);
    if (!rig) throw new Error(`No core of the ${device} is running.`);
    return rig;
  }

  /** Closes a core the test started (e.g. to start it again on the same data folder). */
  async closeCore(rig: AppRig): Promise<void> {
    for (const [device, running] of this.#cores) if (running === rig) this.#cores.delete(device);
    await rig.close();
  }

  /**
   * The `index`-th of the first comments `from` lists (of those `answerable` keeps), once `to` has
   * stored it too. Listed once per rig: replies sent later would come first in a new listing.
   */
  async commentOnBoth(from: AppRig, to: AppRig, index: number, answerable: (row: InboxRow) => boolean = canBeAnswered): Promise<string> {
    if (this.#firstComments.length <= index) {
      this.#firstComments = await from.until('comments on the first device', async () => {
        const rows = (await from.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 50 })).rows.filter(answerable);
        return rows.length > Math.max(6, index) ? rows.map((row) => row.key) : null;
      });
    }
    const key = this.#firstComments[index]!;
    await to.until('the comment on the other device', async () => ((await to.invoke('inbox.item', { key })).ok ? true : null));
    return key;
  }

  /** The documents of a workspace whose ids start with `prefix`, read on the server as its admin. */
  async documents<T>(prefix: string, workspace = WORKSPACE): Promise<T[]> {
    const range = `startkey=${encodeURIComponent(JSON.stringify(prefix))}&endkey=${encodeURIComponent(JSON.stringify(`${prefix}\uffff`))}`;
    const body = (await this.#asAdmin(`/${workspace}/_all_docs?include_docs=true&${range}`)) as { rows: { doc: T }[] };
    return body.rows.map((row) => row.doc);
  }

  /** One document of the workspace, read on the server as its admin. */
  async document<T = Record<string, unknown>>(id: string): Promise<T> {
    return (await this.#asAdmin(`/${WORKSPACE}/${encodeURIComponent(id)}`)) as T;
  }

  async close(): Promise<void> {
    for (const rig of this.#cores.values()) await rig.close();
    for (const proxy of this.proxies.values()) await proxy.stop();
    await this.sandbox.close();
    await this.server.stop();
    rmSync(this.root, { recursive: true, force: true });
  }

  async #asAdmin(path: string): Promise<unknown> {
    const response = await fetch(`${this.server.url}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}` },
    });
    return response.json();
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
