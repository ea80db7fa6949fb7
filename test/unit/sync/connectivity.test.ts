// The connectivity state machine: offline from a request that got no answer (or the OS saying so),
// online from any answer; while offline, probes with exponential backoff and no busy loop; an OS
// "online" hint probes at once but is not believed until the service answers.
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectivityMonitor, type ProbeOutcome } from '../../../src/main/core/sync/connectivityMonitor.ts';
import { settle, SteppingClock } from '../../support/steppingClock.ts';

function setup(probeOutcome: () => ProbeOutcome = () => 'no-answer') {
  const clock = new SteppingClock();
  const start = clock.now();
  const changes: [boolean, string][] = [];
  const probes: number[] = [];
  const monitor = new ConnectivityMonitor(
    {
      clock,
      probe: async () => {
        probes.push((clock.now() - start) / 1000);
        return probeOutcome();
      },
      onChange: (online, reason) => changes.push([online, reason]),
    },
    { random: () => 0.5 },
  );
  monitors.push(monitor);
  return { clock, monitor, changes, probes };
}

const monitors: ConnectivityMonitor[] = [];
afterEach(async () => {
  await Promise.all(monitors.splice(0).map((m) => m.stop()));
});

describe('connectivity', () => {
  it('starts online; a request without an answer makes it offline, once', () => {
    const { monitor, changes } = setup();
    expect(monitor.online).toBe(true);
    monitor.noAnswer();
    monitor.noAnswer();
    expect(monitor.online).toBe(false);
    expect(changes).toEqual([[false, 'traffic']]);
  });

  it('while offline, probes back off exponentially up to the cap, with one timer and no busy loop', async () => {
    const { clock, monitor, probes } = setup();
    monitor.noAnswer();
    await clock.runFor(20 * 60_000);
    expect(probes.slice(0, 9)).toEqual([1, 3, 7, 15, 31, 63, 127, 255, 511]);
    // Capped at 5 minutes between probes.
    expect(probes[9]! - probes[8]!).toBe(300);
    expect(probes.length).toBeLessThan(14);
    expect(clock.sleeping).toBe(1);
  });

  it('any answer of the service (even an error status) brings it back online and ends the probing', async () => {
    const { clock, monitor, changes, probes } = setup();
    monitor.noAnswer();
    await clock.runFor(5000);
    monitor.answered();
    await settle();
    const probed = probes.length;
    await clock.runFor(60 * 60_000);
    expect(monitor.online).toBe(true);
    expect(changes).toEqual([
      [false, 'traffic'],
      [true, 'traffic'],
    ]);
    expect(probes.length).toBe(probed);
    expect(clock.sleeping).toBe(0);
  });

  it('a probe that gets an answer brings it back online', async () => {
    let up = false;
    const { clock, monitor, changes } = setup(() => (up ? 'answered' : 'no-answer'));
    monitor.noAnswer();
    await clock.runFor(10_000);
    up = true;
    await clock.runFor(20_000);
    expect(monitor.online).toBe(true);
    expect(changes.at(-1)).toEqual([true, 'probe']);
  });

  it('the OS saying offline is believed at once; saying online probes at once but waits for an answer', async () => {
    let up = false;
    const { clock, monitor, changes, probes } = setup(() => (up ? 'answered' : 'no-answer'));
    monitor.osHint(false);
    expect(changes).toEqual([[false, 'os-hint']]);
    await clock.runFor(200_000);
    const before = probes.length;
    monitor.osHint(true);
    await settle();
    // Probed right away, not after the backoff; the service did not answer, so still offline.
    expect(probes.length).toBe(before + 1);
    expect(probes.at(-1)).toBe(200);
    expect(monitor.online).toBe(false);
    up = true;
    monitor.osHint(true);
    await settle();
    expect(monitor.online).toBe(true);
    expect(changes.at(-1)).toEqual([true, 'probe']);
  });

  it('a probe that could not be sent (no budget to spare) does not lengthen the backoff', async () => {
    let outcome: ProbeOutcome = 'skipped';
    const { clock, monitor, probes } = setup(() => outcome);
    monitor.noAnswer();
    await clock.runFor(5500);
    expect(probes).toEqual([1, 2, 3, 4, 5]);
    outcome = 'no-answer';
    await clock.runFor(10_000);
    expect(probes.slice(5)).toEqual([6, 8, 12]);
  });

  it("reads the service client's events: an answer is online, a network error or timeout offline", () => {
    const { monitor, changes } = setup();
    const request = {
      type: 'request' as const,
      operation: 'reply',
      accountId: 'a',
      profileId: undefined,
      method: 'POST',
      path: '/comments/reply/1',
      durationMs: 5,
    };
    monitor.observe({ ...request, status: undefined, error: { kind: 'timeout', message: 'no answer' } });
    monitor.observe({ type: 'budget-wait', operation: 'reply', accountId: 'a', profileId: undefined, waitMs: 1000 });
    expect(monitor.online).toBe(false);
    monitor.observe({ ...request, status: 503, error: { kind: 'http', message: 'unavailable' } });
    expect(monitor.online).toBe(true);
    monitor.observe({ ...request, status: undefined, error: { kind: 'invalid-request', message: 'empty reply' } });
    expect(monitor.online).toBe(true);
    expect(changes.map(([online]) => online)).toEqual([false, true]);
  });

  it('stopped, it holds no timer and ignores what comes', async () => {
    const { clock, monitor, changes } = setup();
    monitor.noAnswer();
    await monitor.stop();
    expect(clock.sleeping).toBe(0);
    monitor.answered();
    expect(changes).toHaveLength(1);
  });
});
