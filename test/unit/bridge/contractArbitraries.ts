// Random calls for the bridge: real and made-up command names, random values of every kind, and
// near-valid inputs (the contract's valid samples with one or two things changed: a field dropped,
// added, retyped, emptied, made huge).
import fc from 'fast-check';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import { VALID_INPUTS } from './contractSamples.ts';

const madeUpName = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'inbox', 'inbox.', 'INBOX.PAGE', 'inbox.page ', 'bridge:inbox.page'),
);

const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withNullPrototype: true,
    withTypedArray: true,
    withSparseArray: true,
  }),
  fc.constantFrom(undefined, null, NaN, -0, Infinity, '', [], {}),
);

/** Values a field could wrongly hold: wrong types, edge numbers, empty, huge or odd strings. */
const oddValue = fc.oneof(
  anyValue,
  fc.string({ maxLength: 20 }),
  fc.constantFrom('x'.repeat(25_000), ' ', '\u0000', 'instagram:', ':c1', 'javascript:alert(1)', 'http://example.com/hook', '#12345', '#zzzzzz'),
  fc.double(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 53), 8.64e15 + 1),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.array(fc.constant('instagram:c1'), { minLength: 1_001, maxLength: 1_001 }),
);

/** One change to a value, anywhere in it. */
export function mutated(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return oddValue;
  if (Array.isArray(value)) {
    const changes: fc.Arbitrary<unknown>[] = [oddValue, fc.constant([]), oddValue.map((extra) => [...value, extra])];
    if (value.length > 0) {
      changes.push(
        fc.nat(value.length - 1).chain((index) => mutated(value[index], depth + 1).map((child) => value.map((item, i) => (i === index ? child : item)))),
      );
    }
    return fc.oneof(...changes);
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const changes: fc.Arbitrary<unknown>[] = [oddValue, fc.tuple(fc.string({ maxLength: 10 }), oddValue).map(([key, extra]) => ({ ...record, [key]: extra }))];
    if (keys.length > 0) {
      changes.push(
        fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(record).filter(([k]) => k !== key))),
        fc.constantFrom(...keys).chain((key) => mutated(record[key], depth + 1).map((child) => ({ ...record, [key]: child }))),
      );
    }
    return fc.oneof(...changes);
  }
  return oddValue;
}

/** A real command with a valid sample input, changed once or twice (or not at all). */
export const nearValidCall = fc
  .constantFrom(...COMMAND_NAMES)
  .chain((name) =>
    fc
      .constantFrom(...(VALID_INPUTS[name] as unknown[]))
      .chain((input) =>
        fc
          .oneof(
            { weight: 1, arbitrary: fc.constant(input) },
            { weight: 5, arbitrary: mutated(input) },
            { weight: 2, arbitrary: mutated(input).chain((once) => mutated(once)) },
          )
          .map((changed) => ({ name, input: changed })),
      ),
  );

export const bridgeCall = fc.oneof(
  { weight: 6, arbitrary: nearValidCall },
  { weight: 2, arbitrary: fc.record({ name: fc.constantFrom<string>(...COMMAND_NAMES), input: anyValue }) },
  { weight: 1, arbitrary: fc.record({ name: madeUpName, input: anyValue }) },
);
