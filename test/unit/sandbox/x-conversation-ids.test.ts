// An X conversation's id is the two user ids joined, the smaller first. The ordering is numeric
// (as BigInt orders them) for any two ids, and nothing passed to it throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conversationIdFor, isXUserId } from '../../../src/sandbox/ids.ts';
import { Random } from '../../../src/sandbox/random.ts';

const rng = new Random(1);
const digitString = fc.stringMatching(/^\d{1,25}$/);

describe('conversationIdFor on twitter', () => {
  it('puts the numerically smaller id first, as BigInt would, leading zeros and lengths included', () => {
    fc.assert(
      fc.property(digitString, digitString, (account, person) => {
        const [a, b] = BigInt(account) < BigInt(person) ? [account, person] : [person, account];
        expect(conversationIdFor(rng, 'twitter', account, person)).toBe(`${a}-${b}`);
      }),
    );
  });

  it('does not throw on ids that are not numbers', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (account, person) => {
        expect(conversationIdFor(rng, 'twitter', account, person)).toContain('-');
      }),
    );
    expect(conversationIdFor(rng, 'twitter', '1234', 'not-a-number')).toBe('1234-not-a-number');
  });
});

describe('isXUserId', () => {
  it('takes 1 to 19 digits without a leading zero, and nothing else', () => {
    for (const id of ['1', '42', '1234567890123456789']) expect(isXUserId(id), id).toBe(true);
    for (const id of ['', '0', '012', '12345678901234567890', '1e9', '-5', ' 1', '1 ', '0x1F', '١٢٣']) expect(isXUserId(id), id).toBe(false);
  });
});
