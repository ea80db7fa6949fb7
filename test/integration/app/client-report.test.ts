// The client report through the core as a host builds it, against the sandbox: a reply sent by the
// app counts from the outbox's confirmed delivery, the figures add up, the client's settings are
// kept across a restart that rebuilds a damaged store (they live beside it, not in it), and bad
// periods or settings are refused.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ClientReport } from '../../../src/shared/domain/clientReport.ts';
import { AppRig } from './appHarness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'client-report-'));
let rig: AppRig | null = null;

afterAll(async () => {
  await rig?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function expectConsistent(report: ClientReport): void {
  const { totals, byChannel, distribution, answeredBySource } = report.current;
  expect(totals.received).toBe(totals.answered + totals.unanswered + totals.hidden + totals.deleted);
  expect(byChannel.reduce((sum, channel) => sum + channel.received, 0)).toBe(totals.received);
  expect(distribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(totals.answered);
  expect(answeredBySource['outbox-confirmed'] + answeredBySource['seen-by-sync']).toBe(totals.answered);
  expect(report.byDay.reduce((sum, day) => sum + day.received, 0)).toBe(totals.received);
}

describe('the client report', () => {
  it('counts a reply sent by the app from its confirmed delivery, keeps the settings across a restart, refuses bad input', async () => {
    rig = await AppRig.start({ dataDir });
    const r = rig;
    await r.call('settings.update', { undoSeconds: 0 });
    const profiles = await r.until('the sandbox profiles', async () => {
      const { profiles } = await r.call('profiles.list', {});
      return profiles.length >= 2 ? profiles : null;
    });
    const profile = profiles.find((p) => !p.isPrimary) ?? profiles[0]!;
    await r.until('comments of the client', async () => {
      const page = await r.call('inbox.page', { filter: { profileIds: [profile.profileId], view: 'needsReply' }, limit: 20 });
      return page.rows.length >= 3 ? page.rows : null;
    });
    // The first round of the sync done: the figures before the reply must not move under it.
    await r.until('the first sync round', async () => {
      const { sync } = await r.call('status.get', {});
      return sync.length > 0 && sync.every((entry) => entry.state === 'idle') ? true : null;
    });

    const period = { profileId: profile.profileId, from: dateOf(Date.now() - 60 * DAY), to: dateOf(Date.now() + DAY) };
    // Defaults until saved: the system's zone, Monday to Friday, 4 business hours.
    const defaults = (await r.call('report.settings.get', { profileId: profile.profileId })).settings;
    expect(defaults.responseTarget).toEqual({ minutes: 240, clock: 'business' });
    const settings = { timeZone: 'UTC', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' as const } };
    expect((await r.call('report.settings.update', { profileId: profile.profileId, settings })).settings).toEqual(settings);

    const before = await r.call('report.get', period);
    expectConsistent(before);
    expect(before.settings).toEqual(settings);
    expect(before.current.counts).toBe('wall');
    expect(before.previous.period.end).toBe(before.current.period.start);
    // The sync read the client's account figures once today: one day per linked network, no change yet.
    expect(before.growth.collected).toBe(true);
    if (before.growth.collected) {
      expect(before.growth.networks.length).toBeGreaterThan(0);
      for (const network of before.growth.networks) {
        expect(network.series.length, network.network).toBeGreaterThanOrEqual(1);
        expect(Object.keys(network.last.figures).length, network.network).toBeGreaterThan(0);
      }
    }
    // The oldest comment still waiting gets its answer from the app (direct messages are items too).
    const answered = { key: before.current.slowestUnanswered.find((item) => item.kind === 'comment')!.id };

    const sent = (await r.call('answer.send', { key: answered.key, text: 'Thank you, we are on it!' })).item;
    const delivered = await r.until('the reply confirmed', async () =>
      (await r.call('outbox.list', {})).items.find((item) => item.id === sent.id && item.state === 'sent'),
    );
    const after = await r.call('report.get', period);
    expectConsistent(after);
    expect(after.current.totals.answered).toBe(before.current.totals.answered + 1);
    expect(after.current.answeredBySource['outbox-confirmed']).toBe(before.current.answeredBySource['outbox-confirmed'] + 1);
    expect(after.current.slowestUnanswered.map((item) => item.id)).not.toContain(answered.key);
    expect(delivered.state).toBe('sent');

    // Bad periods, an unknown client, settings that cannot be right.
    for (const input of [
      { ...period, from: period.to, to: period.from },
      { ...period, from: '2026-02-31' },
      { ...period, from: '2020-01-01', to: '2026-01-01' },
      { ...period, profileId: 'nobody' },
    ]) {
      const refused = await r.invoke('report.get', input);
      expect(refused.ok, JSON.stringify(input)).toBe(false);
    }
    for (const bad of [
      { ...settings, timeZone: 'Mars/Olympus' },
      { ...settings, responseTarget: { minutes: 60, clock: 'business' } },
      { ...settings, timeZone: 'x'.repeat(10_000) },
    ]) {
      const refused = await r.invoke('report.settings.update', { profileId: profile.profileId, settings: bad });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.code).toBe('invalid-input');
    }

    // Quit, and the store file damaged meanwhile: the store is rebuilt and refilled from the
    // sandbox; the settings (kept beside it) and the outbox's confirmed delivery are still there.
    await r.close();
    writeFileSync(join(dataDir, 'inbox.sqlite'), 'not a database '.repeat(500));
    rig = await AppRig.start({ dataDir });
    const restarted = rig;
    expect((await restarted.call('report.settings.get', { profileId: profile.profileId })).settings).toEqual(settings);
    const again = await restarted.until('the report refilled after the rebuild', async () => {
      const report = await restarted.invoke('report.get', period);
      if (!report.ok) return null;
      const data = report.data as ClientReport;
      return data.current.answeredBySource['outbox-confirmed'] >= 1 ? data : null;
    });
    expect(again.settings).toEqual(settings);
    expectConsistent(again);
    expect(again.current.slowestUnanswered.map((item) => item.id)).not.toContain(answered.key);
  });
});
