// The key check behind "Add account" against a service that trickles its answer: the person at the
// form gets a typed timeout in words within the check's own deadline, not a form that spins for
// minutes (it hung 85 s and more before requests had an overall deadline).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeErrorOf } from '../../src/main/core/bridge/errorMapping.ts';
import { checkAccountKeys } from '../../src/main/core/app/keyCheck.ts';
import { TimeoutError } from '../../src/main/core/service/errors.ts';
import { type HostileServer, startHostileServer } from './support/hostileServer.ts';

let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer({ mode: { kind: 'trickle', everyMs: 20 } });
});

afterAll(async () => {
  await server.close();
});

describe('the key check against a trickling service', () => {
  it('ends at its own deadline with a timeout the bridge reports as a service error', async () => {
    // A short deadline stands in for the default, so the test takes half a second, not 15.
    const failure = await checkAccountKeys({ baseUrl: server.baseUrl, apiKey: 'KEY-CHECK-SECRET-1' }, { deadlineMs: 500 }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as TimeoutError).phase).toBe('total');
    const answer = bridgeErrorOf(failure);
    expect(answer.error.code).toBe('service');
    expect(answer.error.message).not.toContain('KEY-CHECK-SECRET-1');
    // Without the check's own deadline the call would run to the client's 60 s default: this guard
    // against a hang fails it long before that.
  }, 10_000);
});
