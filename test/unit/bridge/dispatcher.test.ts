import { describe, expect, it } from 'vitest';
import { CoreRefusal } from '../../../src/main/core/refusal.ts';
import { INTERNAL_MESSAGE } from '../../../src/main/core/bridge/errorMapping.ts';
import { OutboxActionError } from '../../../src/main/core/outbox/errors.ts';
import { HttpError, NetworkError } from '../../../src/main/core/service/errors.ts';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { commands, events } from '../../../src/shared/bridge/contract.ts';
import { COMMAND_NAMES } from '../../../src/shared/bridge/names.ts';
import { SAMPLE_OUTPUTS, SAMPLE_SECRET, VALID_INPUTS } from './contractSamples.ts';
import { dispatcherRig } from './dispatcherRig.ts';

describe('the bridge dispatcher', () => {
  it('answers every valid sample input of every command with its handler’s output', async () => {
    const { dispatcher, calls } = dispatcherRig();
    for (const name of COMMAND_NAMES) {
      for (const input of VALID_INPUTS[name]) {
        const result = await dispatcher.invoke(name, input);
        expect(result, name).toEqual({ ok: true, data: commands[name].output.parse(SAMPLE_OUTPUTS[name]) });
      }
    }
    expect(calls.length).toBe(COMMAND_NAMES.reduce((sum, name) => sum + VALID_INPUTS[name].length, 0));
  });

  it('refuses a command the contract does not have, including names of Object.prototype', async () => {
    const { dispatcher, calls } = dispatcherRig();
    for (const name of ['inbox.delete', '', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const result = await dispatcher.invoke(name, {});
      expect(result).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    }
    expect(await dispatcher.invoke(42 as unknown as string, {})).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    expect(calls).toEqual([]);
  });

  it('refuses invalid input with a message that names the field, and never calls the handler', async () => {
    const { dispatcher, calls } = dispatcherRig();
    const result = await dispatcher.invoke('answer.send', { key: 'instagram:c1', text: '   ' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    if (result.ok) throw new Error('unreachable');
    expect(result.error.message).toContain('answer.send');
    expect(result.error.message).toContain('text');
    expect(result.error.message).toContain('must not be empty');

    const unknownField = await dispatcher.invoke('inbox.item', { key: 'instagram:c1', extra: 1 });
    expect(unknownField).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await dispatcher.invoke('inbox.item', undefined)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await dispatcher.invoke('inbox.item', { key: 'myspace:c1' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(calls).toEqual([]);
  });

  it('takes conversation keys where direct messages go, and refuses the wrong kind of key or text before any handler', async () => {
    const { dispatcher, calls } = dispatcherRig();
    const refused = async (name: string, input: unknown, says: string) => {
      const result = await dispatcher.invoke(name, input);
      expect(result, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      if (!result.ok) expect(result.error.message).toContain(says);
    };
    // One answer command takes every kind's key: a key of no kind is refused (LinkedIn has no direct messages).
    await refused('answer.send', { key: 'dm:linkedin:c1', text: 'Hi' }, 'An inbox key is');
    await refused('answer.send', { key: 'dm:instagram:c1', text: ' \n ' }, 'A message must not be empty');
    await refused('answer.send', { key: 'dm:twitter:c1', text: 'x'.repeat(10_001) }, 'A message is at most 10,000 characters');
    await refused('inbox.item', { key: 'dm:linkedin:c1' }, 'An inbox key is');
    // A direct message is held to its own kind's rules: no image.
    await refused('answer.send', { key: 'dm:instagram:c1', text: 'Hi', mediaUrls: ['https://example.com/a.png'] }, 'A direct message takes no image');
    await refused('inbox.triage', { keys: ['dm:'], done: true }, 'An inbox key is');
    await refused('inbox.closingSoon', { withinMs: 8 * 86_400_000 }, 'withinMs');
    expect(calls).toEqual([]);

    expect(await dispatcher.invoke('inbox.triage', { keys: ['dm:facebook:t_1', 'facebook:c1'], done: true })).toMatchObject({ ok: true });
    expect(await dispatcher.invoke('inbox.counts', { kind: 'conversation' })).toMatchObject({ ok: true });
    expect(calls.map((call) => call.input)).toEqual([{ keys: ['dm:facebook:t_1', 'facebook:c1'], done: true }, { kind: 'conversation' }]);
  });

  it('hands the handler the parsed input, defaults filled in', async () => {
    const { dispatcher, calls } = dispatcherRig();
    await dispatcher.invoke('inbox.page', {});
    expect(calls).toEqual([{ name: 'inbox.page', input: { filter: {} } }]);
  });

  it('answers the core’s refusals as refused, with their message', async () => {
    const refusals = [
      new CoreRefusal('That comment is not in the inbox (any more)'),
      new StoreInputError('Profile p9: unknown account'),
      new OutboxActionError('edit', 'o1', 'sent', 'it was sent already'),
    ];
    for (const refusal of refusals) {
      const { dispatcher, logs } = dispatcherRig({
        answer: () => {
          throw refusal;
        },
      });
      // Issue 19: an outbox refusal no longer names the item's id.
      const message = refusal instanceof OutboxActionError ? 'You cannot edit it now: it is sent.' : refusal.message;
      expect(await dispatcher.invoke('outbox.edit', { id: 'o1', text: 'x' })).toEqual({ ok: false, error: { code: 'refused', message } });
      expect(logs).toEqual([]);
    }
  });

  it('answers the service’s errors as service errors, saying whether trying again helps', async () => {
    const offline = new NetworkError('reply', 'The service could not be reached (ECONNREFUSED)', 'ECONNREFUSED');
    const refused = new HttpError({
      operation: 'reply',
      status: 400,
      code: 215,
      serviceMessage: 'Invalid comment',
      errors: [],
      hint: undefined,
      body: {},
      retryable: false,
      writeOutcome: 'not-applied',
    });
    const rig = dispatcherRig({
      answer: (_name, input) => {
        throw (input as { id: string }).id === 'offline' ? offline : refused;
      },
    });
    expect(await rig.dispatcher.invoke('outbox.retry', { id: 'offline' })).toEqual({
      ok: false,
      // Issue 19: in the translator's words; the client's own text (operation, errno) goes to the log.
      error: { code: 'service', message: "Can't reach the service. Try again in a moment.", retryable: true },
    });
    expect(await rig.dispatcher.invoke('outbox.retry', { id: 'refused' })).toEqual({
      ok: false,
      error: {
        code: 'service',
        message: 'The service could not post it: comments may be off on this post, or the comment or its post is gone or not public. Nothing was changed.',
        retryable: false,
      },
    });
  });

  it('turns any other failure into a generic internal error and logs the detail without the secrets it knows', async () => {
    const rig = dispatcherRig({
      answer: () => {
        throw new TypeError(`cannot read key ${SAMPLE_SECRET} of undefined`);
      },
      redact: (text) => text.split(SAMPLE_SECRET).join('[redacted]'),
    });
    const result = await rig.dispatcher.invoke('settings.get', {});
    expect(result).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } });
    expect(rig.logs).toHaveLength(1);
    expect(JSON.stringify(rig.logs)).toContain('cannot read key [redacted]');
    expect(JSON.stringify(rig.logs)).not.toContain(SAMPLE_SECRET);
  });

  it('never lets a malformed answer out: a handler bug becomes internal, and fields the schema does not name are dropped', async () => {
    const malformed = dispatcherRig({ answer: () => ({ accounts: [{ accountId: 'a1' }] }) });
    expect(await malformed.dispatcher.invoke('accounts.list', {})).toEqual({ ok: false, error: { code: 'internal', message: INTERNAL_MESSAGE } });
    expect(malformed.logs[0]?.message).toContain('output schema');

    const overFull = dispatcherRig({
      answer: () => ({ ...SAMPLE_OUTPUTS['accounts.keyStatus'], apiKey: { configured: true, protection: 'os', last4: 'cdef', value: SAMPLE_SECRET } }),
    });
    const result = await overFull.dispatcher.invoke('accounts.keyStatus', { accountId: 'a1' });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(SAMPLE_SECRET);
  });

  it('never throws, even when the handler rejects with something odd and the logger throws', async () => {
    const rig = dispatcherRig({
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the test is of a handler rejecting with a non-Error
      answer: () => Promise.reject(Symbol('odd')),
      logger: {
        warn: () => {
          throw new Error('logger down');
        },
        error: () => {
          throw new Error('logger down');
        },
      },
    });
    await expect(rig.dispatcher.invoke('settings.get', {})).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('sends events checked against their schema, payload fields it does not name dropped', () => {
    const rig = dispatcherRig();
    const seen: unknown[] = [];
    const unsubscribe = rig.dispatcher.subscribe((event) => seen.push(event));
    rig.hub.emit('sync.progress', { accountId: 'a', profileId: 'p', postsDone: 1, postsTotal: 2, apiKey: SAMPLE_SECRET } as never);
    rig.hub.emit('sync.progress', { accountId: 'a' } as never);
    unsubscribe();
    rig.hub.emit('sync.progress', { accountId: 'a', profileId: 'p', postsDone: 2, postsTotal: 2 });
    expect(seen).toEqual([{ name: 'sync.progress', payload: { accountId: 'a', profileId: 'p', postsDone: 1, postsTotal: 2 } }]);
    expect(rig.logs.map((line) => line.message)).toEqual(['A bridge event did not match its schema and was not sent']);
    expect(events['sync.progress']).toBeDefined();
  });

  it('sends news of direct messages as the one new-items event of their kind, with the conversation keys and the network', () => {
    const rig = dispatcherRig();
    const seen: unknown[] = [];
    rig.dispatcher.subscribe((event) => seen.push(event));
    rig.hub.emit('items.new', { kind: 'conversation', accountId: 'a', profileId: 'p', platform: 'instagram', keys: ['dm:instagram:c1'], firstFetch: false });
    rig.hub.emit('items.new', { kind: 'mention', accountId: 'a', profileId: 'p', platform: 'instagram', keys: ['dm:linkedin:c1'], firstFetch: false } as never);
    expect(seen).toEqual([
      {
        name: 'items.new',
        payload: { kind: 'conversation', accountId: 'a', profileId: 'p', platform: 'instagram', keys: ['dm:instagram:c1'], firstFetch: false },
      },
    ]);
  });

  it('replays a sticky event (the store was rebuilt) to a subscriber that comes later', () => {
    const rig = dispatcherRig();
    rig.hub.emitSticky('store.recovered', { reason: 'The file was damaged', temporary: false });
    const seen: unknown[] = [];
    rig.dispatcher.subscribe((event) => seen.push(event.name));
    expect(seen).toEqual(['store.recovered']);
  });
});
