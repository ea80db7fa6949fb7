// The redactor blanks out the call's secrets wherever they turn up: a service message that quotes
// a key, an error body, an event's path.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../src/main/core/service/redactor.ts';
import type { ServiceClientEvent } from '../../../src/main/core/service/events.ts';
import { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { SteppingClock, FakeTransport, fakeVault, json, SECRETS } from './fakes.ts';

describe('Redactor', () => {
  it('blanks out every occurrence of every secret, longest first', () => {
    const redactor = new Redactor(['abcdef123', 'abcdef123456', undefined]);
    expect(redactor.text('x abcdef123456 y abcdef123 z')).toBe(`x ${REDACTED} y ${REDACTED} z`);
  });

  it('leaves short strings alone (they are not keys and would blank out words)', () => {
    expect(new Redactor(['abc']).text('abc')).toBe('abc');
  });

  it('redacts nested values of a JSON body', () => {
    expect(new Redactor(['secret-value']).value({ a: ['x secret-value'], b: { c: 'secret-value' } })).toEqual({ a: [`x ${REDACTED}`], b: { c: REDACTED } });
  });
});

describe('a service that quotes the key back', () => {
  it('the error and the events carry it redacted', async () => {
    const events: ServiceClientEvent[] = [];
    const transport = new FakeTransport(() =>
      json(401, { status: 'error', code: 102, message: `API key ${SECRETS.apiKey} not valid for profile ${SECRETS.profileKey}` }),
    );
    const client = new ServiceClient({ vault: fakeVault(), transport, clock: new SteppingClock(), onEvent: (e) => events.push(e) });
    const error = await client.user({ accountId: 'a', profileId: 'p' }).catch((e: unknown) => e as Error);
    const printed = [error.message, inspect(error, { depth: 10 }), JSON.stringify(events)].join('\n');
    expect(printed).toContain(REDACTED);
    expect(printed).not.toContain(SECRETS.apiKey);
    expect(printed).not.toContain(SECRETS.profileKey);
  });
});
