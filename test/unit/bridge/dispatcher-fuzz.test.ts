// 12,000 random calls through the dispatcher: real and made-up command names, random values of
// every kind, and near-valid inputs (the contract's valid samples with one or two things changed:
// a field dropped, added, retyped, emptied, made huge). Every answer must be a validation refusal
// or a success whose data matches the output schema; nothing throws; and a spy on every handler
// proves no handler ever ran with an input its command's schema rejects.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commands, type CommandName } from '../../../src/shared/bridge/contract.ts';
import { VALIDATION_ERROR_CODES } from '../../../src/shared/bridge/result.ts';
import { bridgeCall } from './contractArbitraries.ts';
import { dispatcherRig } from './dispatcherRig.ts';

const RUNS = 12_000;

describe('the bridge dispatcher under random input', () => {
  it(`answers ${RUNS.toLocaleString('en')} random calls with a validation refusal or a valid result, and no handler sees an input its schema rejects`, async () => {
    const rig = dispatcherRig();
    const tally = { runs: 0, ok: 0, refused: 0, handled: 0 };
    await fc.assert(
      fc.asyncProperty(bridgeCall, async ({ name, input }) => {
        tally.runs += 1;
        const before = rig.calls.length;
        const result = await rig.dispatcher.invoke(name, input);
        const calls = rig.calls.slice(before);
        tally.handled += calls.length;
        for (const seen of calls) {
          // The handler ran: the raw input must be one its schema accepts, and it got the parsed form.
          const parsed = commands[seen.name].input.safeParse(input);
          expect(parsed.success, `${seen.name} ran with an input its schema rejects`).toBe(true);
          expect(seen.input).toEqual(parsed.data);
        }
        if (result.ok) {
          tally.ok += 1;
          expect(calls).toHaveLength(1);
          expect(commands[name as CommandName].output.safeParse(result.data).success).toBe(true);
        } else {
          tally.refused += 1;
          expect(VALIDATION_ERROR_CODES).toContain(result.error.code);
          expect(typeof result.error.message).toBe('string');
          expect(calls).toHaveLength(0);
        }
      }),
      { numRuns: RUNS },
    );
    expect(tally.runs).toBeGreaterThanOrEqual(10_000);
    // The generator reaches the handlers often enough for the spy to mean something.
    expect(tally.handled).toBeGreaterThan(RUNS / 20);
    expect(tally.refused).toBeGreaterThan(RUNS / 4);
  }, 120_000);
});
