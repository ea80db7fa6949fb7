// The --state file: the whole world as JSON, loaded at start and saved atomically at exit; a file
// that is not a sandbox state is refused with a clear error naming it and is left untouched.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadState, saveState, StateFileError } from '../../../src/sandbox/world/persist.ts';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import type { WorldState } from '../../../src/sandbox/world/types.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function world(): WorldState {
  return seedWorld({ seed: 3, now: new Date('2026-05-01T12:00:00Z'), apiKey: 'persist-key', plan: 'business' });
}

let n = 0;
function file(content?: string): string {
  const path = join(dir, `state-${++n}.json`);
  if (content !== undefined) writeFileSync(path, content);
  return path;
}

/** Expects loadState(path) to refuse the file with a StateFileError naming it, and the file to stay as it was. */
function expectRefused(path: string, reason: RegExp): void {
  const before = readFileSync(path);
  let caught: unknown;
  try {
    loadState(path);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(StateFileError);
  expect((caught as StateFileError).path).toBe(path);
  expect((caught as Error).message).toContain(path);
  expect((caught as Error).message).toMatch(reason);
  expect(readFileSync(path).equals(before)).toBe(true);
}

describe('state file: saved world loads back as it was', () => {
  it('saveState then loadState gives the same world', () => {
    const state = world();
    state.ledger.push({ seq: 1, at: '2026-05-01T12:00:01.000Z', method: 'POST', path: '/post', profileRefId: 'r', kind: 'post.create', ids: ['a'], text: 't' });
    const path = file();
    saveState(path, state);
    expect(loadState(path)).toEqual(state);
  });

  it('saving over an existing state replaces it', () => {
    const path = file();
    const first = world();
    saveState(path, first);
    const second = world();
    second.account.apiKey = 'another-key';
    saveState(path, second);
    expect(loadState(path)?.account.apiKey).toBe('another-key');
  });

  it('saving is atomic: it goes through a temporary file that does not stay behind', () => {
    const sub = mkdtempSync(join(dir, 'atomic-'));
    const path = join(sub, 'world.json');
    saveState(path, world());
    expect(readdirSync(sub)).toEqual(['world.json']);
  });
});

describe('state file: a missing file means a new world', () => {
  it('a file that does not exist yet loads as null (seed a new world, save it at exit)', () => {
    expect(loadState(join(dir, 'not-there-yet.json'))).toBeNull();
  });

  it('a file in a folder that does not exist is refused at start, not at exit', () => {
    const path = join(dir, 'no-such-folder', 'world.json');
    expect(() => loadState(path)).toThrow(StateFileError);
    expect(() => loadState(path)).toThrow(path);
  });
});

describe('state file: a file that is not a sandbox state is refused, named, and left untouched', () => {
  it('not JSON', () => {
    expectRefused(file('this is {not json'), /not valid JSON/);
  });

  it('empty file', () => {
    expectRefused(file(''), /not valid JSON/);
  });

  it('JSON but not an object', () => {
    expectRefused(file('[1, 2, 3]'), /version 1/);
  });

  it('another version', () => {
    expectRefused(file(JSON.stringify({ ...world(), version: 2 })), /version 1/);
  });

  it('a list missing', () => {
    const { comments: _dropped, ...rest } = world();
    expectRefused(file(JSON.stringify(rest)), /"comments"/);
  });

  it('no account', () => {
    const { account: _dropped, ...rest } = world();
    expectRefused(file(JSON.stringify(rest)), /account/);
  });

  it('no primary profile', () => {
    const state = world();
    state.profiles = state.profiles.filter((p) => p.profileKey !== null);
    expectRefused(file(JSON.stringify(state)), /primary/);
  });

  it('a path that cannot be read as a file (a folder)', () => {
    const path = mkdtempSync(join(dir, 'a-folder-'));
    expect(() => loadState(path)).toThrow(StateFileError);
    expect(() => loadState(path)).toThrow(path);
  });

  it('a valid state is accepted (the refusals above are about the content, not the loader)', () => {
    const path = file(JSON.stringify(world()));
    expect(loadState(path)?.account.apiKey).toBe('persist-key');
  });
});
