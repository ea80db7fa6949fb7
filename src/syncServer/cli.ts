// npm run sync-server -- [--port N] [--host H] --data-dir DIR [--workspace NAME]... [--members-file FILE]
// Prints one line with the server's URL once it listens; SIGINT/SIGTERM stop it.
// The admin password comes from SYNC_ADMIN_PASSWORD, or is made once and kept in DIR/admin-password
// (readable by this user only); it is never printed. --members-file is JSON {"name": "password"}.
// --print-design-doc prints the validation design document to install on a CouchDB (docs/team.md);
// --print-events-design-doc WORKSPACE the events database's (live updates, decision 0072).
// --events also creates each workspace's events database and its hook user, whose password comes
// from SYNC_HOOK_PASSWORD or is made once and kept in DIR/hook-password (mode 600), never printed.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSyncServer } from './syncServer.ts';
import { eventsDesignDoc } from './eventsDesignDoc.ts';
import { teamDesignDoc } from './teamDesignDoc.ts';

const USAGE =
  'usage: npm run sync-server -- --data-dir DIR [--port N] [--host H] [--workspace NAME]... [--members-file FILE] [--events] | --print-design-doc | --print-events-design-doc WORKSPACE';

function adminPassword(dataDir: string): string {
  return keptPassword(dataDir, 'admin-password', process.env.SYNC_ADMIN_PASSWORD);
}

function keptPassword(dataDir: string, fileName: string, fromEnvironment: string | undefined): string {
  if (fromEnvironment) return fromEnvironment;
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const made = randomBytes(18).toString('base64url');
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      workspace: { type: 'string', multiple: true },
      'members-file': { type: 'string' },
      'print-design-doc': { type: 'boolean' },
      'print-events-design-doc': { type: 'string' },
      events: { type: 'boolean' },
    },
  });
  if (values['print-events-design-doc'] !== undefined) {
    process.stdout.write(`${JSON.stringify(eventsDesignDoc(values['print-events-design-doc']), null, 2)}\n`);
    return;
  }
  if (values['print-design-doc']) {
    process.stdout.write(`${JSON.stringify(teamDesignDoc(), null, 2)}\n`);
    return;
  }
  const dataDir = values['data-dir'];
  if (!dataDir?.trim()) throw new Error('--data-dir must name a directory');
  const port = values.port === undefined ? 0 : /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN;
  if (!Number.isInteger(port) || port > 65535) throw new Error(`--port must be a whole number from 0 to 65535; got "${values.port}"`);
  if (values.host?.trim() === '') throw new Error('--host must not be empty');
  mkdirSync(dataDir, { recursive: true });
  // Closed to members until their accounts and workspaces are written: on a restart, a device that
  // asked in between was refused (401) and PouchDB ends a replication on a refusal.
  const server = await startSyncServer({ dataDir, port, host: values.host, adminPassword: adminPassword(dataDir), openToMembers: false });
  if (values.workspace !== undefined) {
    const members: unknown = values['members-file'] ? JSON.parse(readFileSync(values['members-file'], 'utf8')) : {};
    if (typeof members !== 'object' || members === null || Array.isArray(members)) throw new Error('--members-file must hold {"name": "password"}');
    for (const [name, password] of Object.entries(members)) await server.addMember(name, String(password));
    for (const workspace of values.workspace) await server.createWorkspace(workspace, Object.keys(members));
    if (values.events) {
      const hookPassword = keptPassword(dataDir, 'hook-password', process.env.SYNC_HOOK_PASSWORD);
      for (const workspace of values.workspace) await server.createEvents(workspace, Object.keys(members), hookPassword);
    }
  }
  server.openToMembers();
  process.stdout.write(`${server.url}\n`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
});
