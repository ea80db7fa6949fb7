// `npm run web -- [--port N] [--data-dir DIR] [--sandbox-url URL] [--poll-hot-ms N]`, exactly: tooling
// outside the code base starts the host this way, so anything else is a usage error (exit 2 in the CLI).
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_PORT, parseWebCli, WebUsageError } from '../../../src/main/web/cliArgs.ts';

describe('parseWebCli', () => {
  it('defaults to port 5317, the default data folder and the embedded sandbox', () => {
    expect(DEFAULT_WEB_PORT).toBe(5317);
    expect(parseWebCli([])).toEqual({ port: 5317 });
  });

  it('takes the three flags, in either form', () => {
    expect(parseWebCli(['--port', '0', '--data-dir', '/tmp/x', '--sandbox-url', 'http://127.0.0.1:4010/api'])).toEqual({
      port: 0,
      dataDir: '/tmp/x',
      sandboxUrl: 'http://127.0.0.1:4010/api',
    });
    expect(parseWebCli(['--port=65535', '--data-dir=rel/dir'])).toEqual({ port: 65535, dataDir: 'rel/dir' });
  });

  it("takes the sync's hot poll interval, a whole number of milliseconds from 1,000 to an hour", () => {
    expect(parseWebCli(['--poll-hot-ms', '1000'])).toEqual({ port: 5317, pollHotMs: 1_000 });
    expect(parseWebCli(['--poll-hot-ms=3600000', '--port', '0'])).toEqual({ port: 0, pollHotMs: 3_600_000 });
  });

  it('joins a team with --sync-url (the workspace as its last segment), --device-name and --member', () => {
    expect(parseWebCli(['--sync-url', 'http://127.0.0.1:5984/agency', '--device-name', 'laptop', '--member', 'ann'])).toEqual({
      port: 5317,
      team: { serverUrl: 'http://127.0.0.1:5984', workspace: 'agency', member: 'ann', device: 'laptop' },
    });
    expect(parseWebCli(['--sync-url=https://couch.example.org/db/agency/', '--device-name=desk', '--member=bob']).team).toEqual({
      serverUrl: 'https://couch.example.org/db',
      workspace: 'agency',
      member: 'bob',
      device: 'desk',
    });
  });

  it.each([
    [['--sync-url', 'http://127.0.0.1:5984/agency', '--device-name', 'laptop']],
    [['--sync-url', 'http://127.0.0.1:5984/agency', '--member', 'ann']],
    [['--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'http://127.0.0.1:5984', '--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'http://couch.example.org/agency', '--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'http://ann:secret@127.0.0.1:5984/agency', '--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'http://127.0.0.1:5984/Agency', '--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'not a url', '--device-name', 'laptop', '--member', 'ann']],
    [['--sync-url', 'http://127.0.0.1:5984/agency', '--device-name', '', '--member', 'ann']],
    [['--sync-url', 'http://127.0.0.1:5984/agency', '--device-name', 'laptop', '--member', 'ann', '--password', 'secret']],
  ])('refuses the team flags %j with a usage error', (argv) => {
    expect(() => parseWebCli(argv)).toThrow(WebUsageError);
  });

  it('never repeats a password given in the address in its message', () => {
    expect(() => parseWebCli(['--sync-url', 'http://ann:secret-pass@127.0.0.1:5984/agency', '--device-name', 'laptop', '--member', 'ann'])).toThrow(
      /^(?!.*secret-pass)/,
    );
  });

  it.each([
    [['--port', '65536']],
    [['--port', '-1']],
    [['--port', '']],
    [['--port', 'abc']],
    [['--port', '1e3']],
    [['--port', ' 80']],
    [['--port']],
    [['--data-dir', '']],
    [['--data-dir', '  ']],
    [['--sandbox-url', 'not a url']],
    [['--sandbox-url', 'ftp://127.0.0.1/']],
    [['--sandbox-url', 'http://user:pass@127.0.0.1:4010/api']],
    [['--poll-hot-ms', '999']],
    [['--poll-hot-ms', '0']],
    [['--poll-hot-ms', '3600001']],
    [['--poll-hot-ms', '1.5e3']],
    [['--poll-hot-ms', '1500.5']],
    [['--poll-hot-ms', '']],
    [['--poll-hot-ms']],
    [['--host', '0.0.0.0']],
    [['--sandbox-key', 'k']],
    [['serve']],
    [['-p', '80']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseWebCli(argv)).toThrow(WebUsageError);
  });
});
