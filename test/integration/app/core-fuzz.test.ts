// Random calls through the real core (its store on a temp file, no account): whatever comes in,
// the answer is a result, never a throw, and never an 'internal' error (a fault of ours). Commands
// that would reach out to an address taken from the input (adding an account, joining a team) or
// restart the sandbox are left out: the dispatcher's own fuzz test covers their validation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, type CommandName } from '../../../src/shared/bridge/contract.ts';
import { bridgeCall } from '../../unit/bridge/contractArbitraries.ts';
import { AppRig } from './appHarness.ts';

const RUNS = 3_000;
const LEFT_OUT = new Set(['accounts.add', 'accounts.resetSandbox', 'team.configure']);

let rig: AppRig;
beforeAll(async () => {
  rig = await AppRig.start({ sandbox: false });
});
afterAll(async () => {
  await rig?.close();
});

describe('the real core under random input', () => {
  it(`answers ${RUNS.toLocaleString('en')} random calls without a throw or an internal error`, async () => {
    await fc.assert(
      fc.asyncProperty(
        bridgeCall.filter(({ name }) => !LEFT_OUT.has(name)),
        async ({ name, input }) => {
          const result = await rig.core.dispatcher.invoke(name, input);
          if (result.ok) expect(commands[name as CommandName].output.safeParse(result.data).success).toBe(true);
          else expect(['invalid-input', 'unknown-command', 'refused'], `${name}: ${result.error.message}`).toContain(result.error.code);
        },
      ),
      { numRuns: RUNS },
    );
    expect(rig.logs.filter((line) => line.level === 'error')).toEqual([]);
  }, 60_000);
});
