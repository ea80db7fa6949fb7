// The built-in sandbox account's service, as the web host provides it: an embedded sandbox of its
// own, or one already running (--sandbox-url), with the keys read from the sandbox's control surface.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { childProcessSandboxFactory, remoteSandboxFactory, SandboxUnavailableError, sandboxBase } from '../../../src/main/web/sandboxFactories.ts';
import { RecordingLogger } from './harness.ts';

let running: RunningSandbox;
let otherKey: RunningSandbox;
beforeAll(async () => {
  running = await startSandbox({ port: 0 });
  otherKey = await startSandbox({ port: 0, apiKey: 'not-the-default' });
});
afterAll(async () => {
  await running.close();
  await otherKey.close();
});

async function world(sandbox: RunningSandbox) {
  const response = await fetch(`${sandbox.controlUrl}/world`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
  return (await response.json()) as { apiKey: string; xCredentials: { key: string; secret: string } };
}

describe('the sandbox of its own (in a child process)', () => {
  it("runs on a loopback port of its own, answers with its world's keys, and stops on close", async () => {
    const started = await childProcessSandboxFactory({ logger: new RecordingLogger() }).start();
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(started.url).not.toBe(running.url);
    const user = await fetch(`${started.url}/user`, { headers: { authorization: `Bearer ${started.apiKey}` } });
    expect(user.status).toBe(200);
    expect(started.xCredentials.key).toBeTruthy();
    await started.close();
    await expect(fetch(`${started.url}/user`)).rejects.toThrow();
  });
});

describe('an already running sandbox (--sandbox-url)', () => {
  it('is used at its printed …/api URL or its bare origin, with the keys from /__sandbox/world', async () => {
    const expected = await world(running);
    for (const given of [running.url, `${running.url}/`, running.url.replace(/\/api$/, '')]) {
      const started = await remoteSandboxFactory(given).start();
      expect(started).toMatchObject({ url: running.url, apiKey: expected.apiKey, xCredentials: expected.xCredentials });
      await started.close(); // Not ours: it keeps running.
    }
    expect((await fetch(`${running.url}/user`, { headers: { authorization: `Bearer ${running.apiKey}` } })).status).toBe(200);
  });

  it('started with another API key is refused with a message that says how to fix it', async () => {
    const error = await remoteSandboxFactory(otherKey.url)
      .start()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxUnavailableError);
    expect(String(error)).toMatch(/without --api-key/);
    expect(String(error)).not.toContain('not-the-default');
  });

  it('that is not there is a clear error, not a hang or a crash', async () => {
    const closed = await startSandbox({ port: 0 });
    await closed.close();
    const error = await remoteSandboxFactory(closed.url)
      .start()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxUnavailableError);
    expect(String(error)).toMatch(/No sandbox answers at .*ECONNREFUSED/);
  });

  it('names the sandbox by its base, with or without /api', () => {
    expect(sandboxBase('http://127.0.0.1:4010/api')).toBe('http://127.0.0.1:4010');
    expect(sandboxBase('http://127.0.0.1:4010/api/')).toBe('http://127.0.0.1:4010');
    expect(sandboxBase('http://localhost:4010')).toBe('http://localhost:4010');
    expect(sandboxBase('http://127.0.0.1:4010/prefix/api')).toBe('http://127.0.0.1:4010/prefix');
  });
});
