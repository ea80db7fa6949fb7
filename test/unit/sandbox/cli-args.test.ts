// The command line of the sandbox: `npm run sandbox -- [--port N] [--host H] [--seed N]
// [--api-key KEY] [--rate-limit N] [--activity N] [--state FILE] [--plan P]`, with the defaults of
// the README (port 4010, host 127.0.0.1, seed 1, key sandbox-key, rate limit 300, activity 0, no
// state file, plan business). parseCli turns argv into startSandbox options; the defaults are
// applied by startSandbox from SANDBOX_DEFAULTS, so both are checked here.
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../src/shared/networks.ts';
import { parseCli } from '../../../src/sandbox/commandLine.ts';
import { SANDBOX_DEFAULTS } from '../../../src/sandbox/index.ts';

describe('CLI defaults: port 4010, host 127.0.0.1, seed 1, key sandbox-key, rate limit 300, activity 0, no state file, plan business', () => {
  it('no flags give no options, so startSandbox applies its defaults', () => {
    expect(parseCli([])).toEqual({});
  });

  it('SANDBOX_DEFAULTS are exactly the documented defaults', () => {
    expect(SANDBOX_DEFAULTS).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      seed: 1,
      apiKey: 'sandbox-key',
      rateLimit: 300,
      activity: 0,
      plan: 'business',
    });
    // "no state file": there is no default path at all.
    expect('statePath' in SANDBOX_DEFAULTS).toBe(false);
  });
});

describe('CLI flags map to startSandbox options', () => {
  it('every flag of the contract is accepted and mapped', () => {
    expect(
      parseCli([
        '--port',
        '0',
        '--host',
        '127.0.0.2',
        '--seed',
        '42',
        '--api-key',
        'k-123',
        '--rate-limit',
        '2',
        '--activity',
        '600',
        '--state',
        '/tmp/world.json',
        '--plan',
        'premium',
      ]),
    ).toEqual({
      port: 0,
      host: '127.0.0.2',
      seed: 42,
      apiKey: 'k-123',
      rateLimit: 2,
      activity: 600,
      statePath: '/tmp/world.json',
      plan: 'premium',
    });
  });

  it('the --flag=value form is accepted too', () => {
    expect(parseCli(['--port=4011', '--plan=enterprise'])).toEqual({ port: 4011, plan: 'enterprise' });
  });

  it('--port takes 0 (a free port) up to 65535', () => {
    expect(parseCli(['--port', '0']).port).toBe(0);
    expect(parseCli(['--port', '65535']).port).toBe(65535);
  });

  it('--activity 0 (none) is accepted', () => {
    expect(parseCli(['--activity', '0']).activity).toBe(0);
  });

  it.each(PLANS)('--plan %s is accepted', (plan) => {
    expect(parseCli(['--plan', plan]).plan).toBe(plan);
  });
});

describe('CLI refuses bad flags with a message naming the flag', () => {
  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '-1'], /--port/],
    [['--port', '65536'], /--port/],
    [['--port', '1.5'], /--port/],
    // Number("") is 0: an empty value must not silently mean "a free port".
    [['--port', ''], /--port/],
    [['--port', '1e3'], /--port/],
    [['--port', '0x10'], /--port/],
    [['--seed', 'x'], /--seed/],
    [['--seed', '-3'], /--seed/],
    [['--rate-limit', '0'], /--rate-limit/],
    [['--rate-limit', 'lots'], /--rate-limit/],
    [['--activity', '-1'], /--activity/],
    [['--activity', 'fast'], /--activity/],
    [['--plan', 'gold'], /--plan/],
    [['--api-key', ''], /--api-key/],
    [['--api-key', '   '], /--api-key/],
    [['--host', ''], /--host/],
    [['--state', ''], /--state/],
    [['--nope'], /nope/],
    [['positional'], /positional/],
    // A flag that takes a value, given none.
    [['--port'], /port/],
  ])('%j is refused', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe('CLI flags of the Messages API limits', () => {
  it('--conversation-limit and --reply-window-hours map to activeConversationLimit and messageReplyWindowMs', () => {
    expect(parseCli(['--conversation-limit', '2', '--reply-window-hours', '1'])).toEqual({ activeConversationLimit: 2, messageReplyWindowMs: 3_600_000 });
    expect(SANDBOX_DEFAULTS).toMatchObject({ activeConversationLimit: 1000, messageReplyWindowMs: 7 * 24 * 3_600_000 });
  });

  it('refuses what is not a whole number in range, naming the flag', () => {
    expect(() => parseCli(['--conversation-limit', '-1'])).toThrow('--conversation-limit');
    expect(() => parseCli(['--reply-window-hours', '1.5'])).toThrow('--reply-window-hours');
  });
});
