// The web host keeps keys in memory only: after a restart an added account is still in the store,
// but its key is gone. The sync must then ask for the key, in words and with where to enter it,
// through the same event the status line shows (sync.problem), never "Unexpected MissingKeyError";
// and a page opened after the problem was found (the browser tab comes later) is told it too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';
import { startWebApp } from '../../../src/main/web/webApp.ts';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { makeRendererDir, RecordingLogger, until } from './harness.ts';

let builtIn: RunningSandbox;
let service: RunningSandbox;
let dataDir: string;
let rendererDir: string;

beforeAll(async () => {
  builtIn = await startSandbox({ port: 0 });
  service = await startSandbox({ port: 0, seed: 21 });
  dataDir = mkdtempSync(join(tmpdir(), 'web-missing-key-'));
  rendererDir = makeRendererDir();
});
afterAll(async () => {
  await builtIn.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(rendererDir, { recursive: true, force: true });
});

describe('an added account after a restart of the web host', () => {
  it('asks for its API key (Settings → Accounts → Replace keys) instead of reporting an unexpected error', async () => {
    const options = { port: 0, dataDir, rendererDir, sandboxUrl: builtIn.url, logger: new RecordingLogger() };
    const first = await startWebApp(options);
    const added = await first.core.dispatcher.invoke('accounts.add', { title: 'Studio', baseUrl: service.url, apiKey: service.apiKey });
    expect(added.ok).toBe(true);
    const accountId = added.ok ? (added.data as { account: { accountId: string } }).account.accountId : '';
    await first.close();

    const second = await startWebApp(options);
    const problems: Array<{ accountId: string; kind: string; message: string }> = [];
    const listen = (into: typeof problems) =>
      second.core.dispatcher.subscribe((event: BridgeEvent) => {
        if (event.name === 'sync.problem') into.push(event.payload as (typeof problems)[number]);
      });
    listen(problems);
    try {
      await until(() => problems.some((problem) => problem.accountId === accountId), 'a sync problem of the added account');
      // The held profile does not ask again for a while: a page that subscribes now is still told.
      const later: typeof problems = [];
      listen(later);
      expect(later).toEqual([expect.objectContaining({ accountId, kind: 'auth' })]);
      // And a page that loads the status first (the desktop window, which opens after the core).
      const status = await second.core.dispatcher.invoke('status.get', {});
      expect(status).toMatchObject({ ok: true, data: { keyProblem: { accountId, kind: 'auth', message: expect.stringMatching(/is missing/) } } });
      const ours = problems.filter((problem) => problem.accountId === accountId);
      for (const problem of ours) {
        expect(problem.kind).toBe('auth');
        expect(problem.message).not.toMatch(/Unexpected/);
        expect(problem.message).toMatch(/API key of account .* is missing/);
        expect(problem.message).toMatch(/Settings → Accounts → Replace keys/);
      }
      // Entered again: a page opened from now on is not told the key is missing.
      expect(await second.core.dispatcher.invoke('accounts.updateKeys', { accountId, apiKey: service.apiKey })).toMatchObject({ ok: true });
      expect(await second.core.dispatcher.invoke('status.get', {})).toMatchObject({ ok: true, data: { keyProblem: null } });
      // The profile held for the missing key tries again now, not when its 30-minute hold ends.
      const heldProfiles = async () => {
        const answer = (await second.core.dispatcher.invoke('status.get', {})) as { ok: true; data: { sync: { accountId: string; state: string }[] } };
        return answer.data.sync.filter((entry) => entry.accountId === accountId && entry.state === 'held').length;
      };
      let held = await heldProfiles();
      for (let turn = 0; turn < 400 && held > 0; turn++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        held = await heldProfiles();
      }
      expect(held).toBe(0);
      const afterwards: typeof problems = [];
      listen(afterwards);
      expect(afterwards).toEqual([]);
      // The built-in account, whose keys the sandbox hands over at each start, is not affected.
      expect(problems.filter((problem) => problem.accountId === 'sandbox')).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
