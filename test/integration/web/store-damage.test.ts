// The web host against a damaged store (issue 11): with one page of the sync cursors overwritten it
// used to exit with "The store's file is damaged" on every start, and never moved the file aside.
// Now it starts, says so in words through the status, and keeps the built-in account. (Issue 21: the
// start no longer reads the sync's table, which held the account list then; it reads the table of an
// account list carried over from an earlier version, so that is the table damaged here.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebApp } from '../../../src/main/web/webApp.ts';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import type { AppStatus } from '../../../src/shared/domain/status.ts';
import { overwritePage, pagesOf } from '../../support/sqlitePages.ts';
import { makeRendererDir, RecordingLogger } from './harness.ts';

let builtIn: RunningSandbox;
let dataDir: string;
let rendererDir: string;

beforeAll(async () => {
  builtIn = await startSandbox({ port: 0 });
  dataDir = mkdtempSync(join(tmpdir(), 'web-store-damage-'));
  rendererDir = makeRendererDir();
});
afterAll(async () => {
  await builtIn.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('the web host on a store with a damaged page', () => {
  it.each(['accounts_carried_over', 'profiles'])('starts when a page of %s is damaged, moves the file aside and says so', async (table) => {
    const options = { port: 0, dataDir, rendererDir, sandboxUrl: builtIn.url, logger: new RecordingLogger() };
    const first = await startWebApp(options);
    await first.close();
    const file = join(dataDir, 'inbox.sqlite');
    for (const page of pagesOf(file, table)) overwritePage(file, page);

    const second = await startWebApp(options);
    try {
      const status = await second.core.dispatcher.invoke('status.get', {});
      expect(status.ok).toBe(true);
      expect((status.ok ? (status.data as AppStatus) : null)?.storeRecovery?.reason).toMatch(/was damaged, so a fresh one was started/);
      const accounts = await second.core.dispatcher.invoke('accounts.list', {});
      expect(accounts).toMatchObject({ ok: true, data: { accounts: [{ accountId: 'sandbox' }] } });
      expect(await second.core.dispatcher.invoke('profiles.list', {})).toMatchObject({ ok: true });
      expect(readdirSync(dataDir).filter((name) => name.startsWith('inbox.sqlite.unusable-') && !/-(wal|shm)$/.test(name)).length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
