// World.unique draws ids until one is free; a generator that keeps giving taken ids (an id fixed by
// its inputs, as an X conversation's is) must end in an error, not spin the sandbox's thread.
import { describe, expect, it } from 'vitest';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import { UNIQUE_ID_ATTEMPTS, World } from '../../../src/sandbox/world/world.ts';

const world = new World(seedWorld({ seed: 3, now: new Date('2026-05-20T12:00:00Z'), apiKey: 'k', plan: 'business' }));

describe('World.unique', () => {
  it('gives the first id that is not taken', () => {
    const ids = ['a', 'b', 'c'];
    expect(
      world.unique(
        () => ids.shift() ?? 'z',
        (id) => id !== 'c',
      ),
    ).toBe('c');
  });

  it(`ends in an error after ${UNIQUE_ID_ATTEMPTS} taken ids in a row, having asked that many times`, () => {
    let asked = 0;
    const make = () => {
      asked++;
      return '123-456';
    };
    expect(() => world.unique(make, () => true)).toThrow(/no free id/);
    expect(asked).toBe(UNIQUE_ID_ATTEMPTS);
  });
});
