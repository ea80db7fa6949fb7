// The core's team link when it cannot join: no team set, an address it refuses, no password in the
// vault. The device then works alone (its own changes stay "me" on "this device"), and the status
// says why in a freelancer's words, never with a password.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TeamConnection } from '../../../src/main/core/app/teamConnection.ts';
import { openStore, storeFileIn } from '../../../src/main/core/store/sqliteStore.ts';
import type { SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';

let root: string;
let store: SqliteStore;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'team-connection-'));
  store = openStore(storeFileIn(root)).store;
});

afterEach(() => {
  store.close();
  rmSync(root, { recursive: true, force: true });
});

const TEAM = { serverUrl: 'http://127.0.0.1:9', workspace: 'agency', member: 'ann', device: 'laptop' };

describe('a team that cannot be joined', () => {
  it('is not joined, with no problem, when no team is set', async () => {
    const connection = await TeamConnection.start({ settings: null, password: async () => 'secret-pass', dataDir: root, store });
    expect(connection.status()).toMatchObject({ joined: false, problem: null, member: null, replication: null, serverReachable: false });
    expect(connection.workspace).toBeNull();
    await connection.close();
  });

  it('says an address on another computer must use https, and does not join', async () => {
    const connection = await TeamConnection.start({
      settings: { ...TEAM, serverUrl: 'http://couch.example.org' },
      password: async () => 'secret-pass',
      dataDir: root,
      store,
    });
    expect(connection.status()).toMatchObject({ joined: false, member: 'ann', device: 'laptop' });
    expect(connection.status().problem).toMatch(/must use https/);
    await connection.close();
  });

  it('says no password is kept, and does not join', async () => {
    const connection = await TeamConnection.start({ settings: TEAM, password: async () => null, dataDir: root, store });
    expect(connection.status()).toMatchObject({ joined: false, problem: expect.stringMatching(/No team password/) });
    await connection.close();
  });

  it('refuses a device name with a colon', async () => {
    const connection = await TeamConnection.start({ settings: { ...TEAM, device: 'a:b' }, password: async () => 'secret-pass', dataDir: root, store });
    expect(connection.status().problem).toMatch(/device name/);
    expect(JSON.stringify(connection.status())).not.toContain('secret-pass');
    await connection.close();
  });
});

describe('a team whose copy on this device cannot be opened', () => {
  it('works alone and says so, instead of failing the start', async () => {
    // A file where the workspace's local copy (a folder) must be.
    writeFileSync(join(root, 'team-agency'), 'not a database');
    const logs: string[] = [];
    const logger = { warn: (message: string) => logs.push(message), error: (message: string) => logs.push(message) };
    const connection = await TeamConnection.start({ settings: TEAM, password: async () => 'secret-pass', dataDir: root, store, logger });
    expect(connection.status()).toMatchObject({ joined: false, problem: expect.stringMatching(/could not be opened/) });
    expect(logs).toContain('The team workspace could not be opened on this device');
    expect(JSON.stringify(connection.status())).not.toContain('secret-pass');
    await connection.close();
  });
});
