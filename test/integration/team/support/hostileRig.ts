// The workspace-level rig of the hostile-member tests (decision 0064): the real sync server in this
// process with the members of the workspace, the hostile member's HTTP client, and the app's own
// team workspaces (teamWorkspace.ts, with a clock the test moves) for the honest devices.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTeamWorkspace, type TeamWorkspace } from '../../../../src/main/core/team/teamWorkspace.ts';
import { startSyncServer, type SyncServer } from '../../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../../src/syncServer/teamAdmin.ts';
import { HostileMember } from './hostileMember.ts';
import { ADMIN, WORKSPACE } from './teamCores.ts';

export interface Member {
  member: string;
  device: string;
  password: string;
}

export class HostileRig {
  readonly root: string;
  readonly server: SyncServer;
  /** The time every honest workspace of the rig reads (the test moves it). */
  clock = Date.now();
  readonly #open: TeamWorkspace[] = [];

  private constructor(root: string, server: SyncServer) {
    this.root = root;
    this.server = server;
  }

  static async start(members: readonly Member[]): Promise<HostileRig> {
    const root = mkdtempSync(join(tmpdir(), 'hostile-member-'));
    const server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: ADMIN.password });
    const admin = teamAdmin(server.url, ADMIN);
    for (const member of members) await admin.addMember(member.member, member.password);
    await admin.createWorkspace(
      WORKSPACE,
      members.map((member) => member.member),
    );
    return new HostileRig(root, server);
  }

  /** The member writing straight to the server with her own password. */
  hostile(who: Member): HostileMember {
    return new HostileMember(this.server.url, who.member, who.password);
  }

  /** An honest device's workspace (its data folder kept across opens), on the rig's clock. */
  async open(who: Member): Promise<TeamWorkspace> {
    const workspace = await openTeamWorkspace({
      serverUrl: this.server.url,
      workspace: WORKSPACE,
      member: who.member,
      device: who.device,
      credentials: { username: who.member, password: who.password },
      dataDir: join(this.root, who.device),
      now: () => this.clock,
      retry: { firstMs: 50, longestMs: 400 },
    });
    this.#open.push(workspace);
    return workspace;
  }

  async closeWorkspace(workspace: TeamWorkspace): Promise<void> {
    this.#open.splice(this.#open.indexOf(workspace), 1);
    await workspace.close();
  }

  async close(): Promise<void> {
    for (const workspace of this.#open) await workspace.close();
    await this.server.stop();
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** Polls until `probe` gives a value (bounded by tries, never asserted on time). */
export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Gave up waiting for ${what}`);
}
