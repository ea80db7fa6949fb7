// The system clock's sleep: callers tell an abort from other failures by the signal's own reason, so
// the rejection must be that very value (whatever it is), as fetch and the DOM's APIs do.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/main/core/clock.ts';

describe('systemClock.sleep', () => {
  it('resolves once the time has passed, and a later abort changes nothing', async () => {
    const controller = new AbortController();
    await expect(systemClock.sleep(1, controller.signal)).resolves.toBeUndefined();
    controller.abort(new Error('too late'));
    await expect(systemClock.sleep(0)).resolves.toBeUndefined();
  });

  it('rejects with the reason of a signal aborted before it starts, even one that is not an Error', async () => {
    const reason = { stopped: 'by the test' };
    await expect(systemClock.sleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it('rejects with the reason of a signal aborted while it waits', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort('stopped');
    await expect(sleeping).rejects.toBe('stopped');
  });

  it('rejects with the signal’s own AbortError when aborted without a reason', async () => {
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    const failure: unknown = await sleeping.catch((error: unknown) => error);
    expect(failure).toBe(controller.signal.reason);
    expect(failure).toMatchObject({ name: 'AbortError' });
  });
});
