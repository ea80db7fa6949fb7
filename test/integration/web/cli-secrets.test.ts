// Issue 28, item 10: a team server address given with a member name and password in it
// (`--sync-url http://bob:SECRET@…`) is refused, and the refusal names the address without the
// password, whatever is wrong with it (a port out of range, credentials in a good address, a
// password with a slash the URL parser splits elsewhere). The CLI runs as a child process, as
// tooling runs it; both of its outputs are read whole.
import { describe, expect, it } from 'vitest';
import { spawnWeb } from '../../e2e/webHostProcess.ts';

async function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const web = spawnWeb(['--port', '0', ...args]);
  const exit = await web.exited;
  return { code: exit.code, stdout: web.stdout(), stderr: web.stderr() };
}

const TEAM = ['--device-name', 'laptop', '--member', 'bob'];

describe('npm run web with credentials in an address', () => {
  it.each([
    ['a port out of range', ['--sync-url', 'http://bob:SECRET@127.0.0.1:99999/agency', ...TEAM]],
    ['a good address', ['--sync-url', 'http://bob:SECRET@127.0.0.1:5984/agency', ...TEAM]],
    ['a password with a slash', ['--sync-url', 'http://bob:SE/CRET@127.0.0.1:99999/agency', ...TEAM]],
    ['a sandbox address out of range', ['--sandbox-url', 'http://bob:SECRET@127.0.0.1:99999/api']],
  ])('refuses %s without printing the password', async (_case, args) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(2);
    // It said what is wrong (so the absence of the password is not the absence of any message).
    expect(stderr).toMatch(/--(sync|sandbox)-url/);
    expect(stdout + stderr).not.toMatch(/SECRET|CRET|SE\//);
  });
});
