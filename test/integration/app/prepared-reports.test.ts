// Ready on the 1st: the core as a host builds it, against the sandbox's seeded clients, with the
// preparer on a fixed clock (1 November, 00:10 UTC; every client counted in UTC). The 1st prepares
// every client's October once and notifies once; the same month again (an hour later, a restart)
// does nothing; the files a crash after 2 of the clients leaves make a restart finish the others
// only; "Prepare again" replaces one; a month with no data still gives a report that says so.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../src/main/core/ports.ts';
import type { PreparedReportSummary } from '../../../src/shared/domain/preparedReports.ts';
import { SteppingClock } from '../../support/steppingClock.ts';
import { AppRig, FAST_TUNING } from './appHarness.ts';

const NOV_1 = Date.UTC(2026, 10, 1, 0, 10);
const HOUR = 3_600_000;
const dirs: string[] = [];
const rigs: AppRig[] = [];

afterAll(async () => {
  for (const rig of rigs) await rig.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'prepared-reports-'));
  dirs.push(dir);
  return dir;
}

async function startRig(dataDir: string, clock: SteppingClock): Promise<AppRig> {
  const rig = await AppRig.start({ dataDir, tuning: { ...FAST_TUNING, preparedReports: { clock } } });
  rigs.push(rig);
  return rig;
}

/** The clients, each counted in UTC, once the sync has finished its first round. */
async function clientsReady(rig: AppRig): Promise<string[]> {
  const profiles = await rig.until('the sandbox clients', async () => {
    const { profiles } = await rig.call('profiles.list', {});
    return profiles.length >= 2 ? profiles : null;
  });
  for (const profile of profiles) {
    const { settings } = await rig.call('report.settings.get', { profileId: profile.profileId });
    await rig.call('report.settings.update', { profileId: profile.profileId, settings: { ...settings, timeZone: 'UTC' } });
  }
  await rig.until('the first sync round', async () => {
    const { sync } = await rig.call('status.get', {});
    // Each client's first complete fetch done and this start checked: what the preparer waits for (decision 0069).
    const synced = (entry: (typeof sync)[number]) => entry.checked && entry.firstFetched.comment !== null && entry.firstFetched.conversation !== null;
    return sync.length > 0 && sync.every((entry) => entry.state === 'idle' && synced(entry)) ? true : null;
  });
  return profiles.map((profile) => profile.profileId);
}

function readyNotifications(rig: AppRig): Extract<AppNotification, { kind: 'reports-ready' }>[] {
  return rig.notifications.filter((n): n is Extract<AppNotification, { kind: 'reports-ready' }> => n.kind === 'reports-ready');
}

async function prepared(rig: AppRig): Promise<PreparedReportSummary[]> {
  return (await rig.call('reports.prepared.list', {})).reports;
}

/** The preparer waits on its clock for the sync to settle; a step lets it look again, and run. */
async function letItRun(rig: AppRig, clock: SteppingClock, count: number): Promise<PreparedReportSummary[]> {
  await clock.advance(5_000);
  return rig.until(`${count} prepared reports`, async () => {
    const reports = await prepared(rig);
    return reports.length >= count ? reports : null;
  });
}

describe('reports prepared on the 1st', () => {
  const dataDir = freshDir();
  let clients: string[] = [];
  let first: PreparedReportSummary[] = [];

  it("prepares every client's last month once and notifies once", async () => {
    const clock = new SteppingClock(NOV_1);
    const rig = await startRig(dataDir, clock);
    clients = await clientsReady(rig);
    first = await letItRun(rig, clock, clients.length);
    await rig.until('the notification', () => readyNotifications(rig).length > 0);

    expect(first.map((report) => report.profileId).sort()).toEqual([...clients].sort());
    for (const report of first) {
      expect(report).toMatchObject({
        month: '2026-10',
        from: '2026-10-01',
        to: '2026-10-31',
        timeZone: 'UTC',
        preparedAt: NOV_1 + 5_000,
        preparedAgain: false,
      });
    }
    expect(readyNotifications(rig)).toEqual([expect.objectContaining({ month: '2026-10', clients: clients.length })]);
    // The figures are the report of those days, as report.get gives it.
    const kept = (await rig.call('reports.prepared.get', { month: '2026-10', profileId: clients[0]! })).report;
    const live = await rig.call('report.get', { profileId: clients[0]!, from: '2026-10-01', to: '2026-10-31' });
    expect(kept.report.current.totals).toEqual(live.current.totals);
    expect(kept.report.current.period).toEqual({ start: Date.UTC(2026, 9, 1), end: Date.UTC(2026, 10, 1) });

    // An hour later (the preparer's next look), nothing is prepared or told again.
    await clock.advance(HOUR);
    await clock.advance(HOUR);
    expect(await prepared(rig)).toEqual(first);
    expect(readyNotifications(rig)).toHaveLength(1);
    await rig.close();
  });

  it('a restart the same month does nothing', async () => {
    const clock = new SteppingClock(NOV_1 + 6 * HOUR);
    const rig = await startRig(dataDir, clock);
    await clientsReady(rig);
    await clock.advance(5_000);
    // It has looked (it sleeps until its next look, an hour on), and found nothing to do.
    await rig.until('the preparer asleep until its next look', () => (clock.nextWakeAt() ?? 0) > clock.now() + 5_000);
    await clock.advance(HOUR);
    expect(await prepared(rig)).toEqual(first);
    expect(readyNotifications(rig)).toEqual([]);
    await rig.close();
  });

  it('after a crash that left 2 clients prepared, a restart prepares the others only and notifies once', async () => {
    // What a crash after the second client leaves on disk: two reports, no marker of the month.
    const month = join(dataDir, 'reports', '2026-10');
    const keep = new Set(first.slice(0, 2).map((report) => `${Buffer.from(report.profileId).toString('base64url')}.report.json`));
    for (const name of readdirSync(month)) if (!keep.has(name)) rmSync(join(month, name));
    expect(existsSync(join(month, 'notified.json'))).toBe(false);

    const clock = new SteppingClock(NOV_1 + 7 * HOUR);
    const rig = await startRig(dataDir, clock);
    await clientsReady(rig);
    const after = await letItRun(rig, clock, clients.length);
    await rig.until('the notification', () => readyNotifications(rig).length > 0);
    const byClient = new Map(after.map((report) => [report.profileId, report]));
    for (const report of first.slice(0, 2)) expect(byClient.get(report.profileId)).toEqual(report);
    for (const report of first.slice(2)) expect(byClient.get(report.profileId)?.preparedAt).toBe(NOV_1 + 7 * HOUR + 5_000);
    expect(readyNotifications(rig)).toEqual([expect.objectContaining({ month: '2026-10', clients: clients.length })]);

    // "Prepare again" replaces that one report, and no other.
    await clock.advance(HOUR);
    const again = (await rig.call('reports.prepared.prepareAgain', { month: '2026-10', profileId: first[0]!.profileId })).report;
    expect(again).toMatchObject({ profileId: first[0]!.profileId, preparedAgain: true, preparedAt: NOV_1 + 8 * HOUR + 5_000 });
    const listed = await prepared(rig);
    expect(listed).toHaveLength(clients.length);
    expect(listed.find((report) => report.profileId === first[0]!.profileId)).toEqual(again);
    expect(listed.filter((report) => report.profileId !== first[0]!.profileId)).toEqual(after.filter((report) => report.profileId !== first[0]!.profileId));
    expect(readyNotifications(rig)).toHaveLength(1);

    // Nothing to prepare again that was not prepared; a bad month is refused at the bridge.
    const missing = await rig.invoke('reports.prepared.prepareAgain', { month: '2026-09', profileId: first[0]!.profileId });
    expect(missing).toMatchObject({ ok: false, error: { code: 'refused' } });
    const bad = await rig.invoke('reports.prepared.get', { month: '2026-13', profileId: first[0]!.profileId });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // A host without a folder dialog (the web host, this one): kept in the data folder, no choosing, no export to a folder.
    expect(await rig.call('reports.prepared.list', {})).toMatchObject({ folder: join(dataDir, 'reports'), canChooseFolder: false });
    expect(await rig.call('reports.prepared.chooseFolder', {})).toEqual({ outcome: 'unsupported' });
    expect(await rig.call('reports.prepared.exportAll', { month: '2026-10', files: [] })).toEqual({ outcome: 'unsupported' });
    // The page cannot name the folder: the setting is not part of what it may change.
    expect(await rig.invoke('settings.update', { reportsFolder: '/tmp/elsewhere' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it("while the app runs across the month's end, the 1st prepares the month just ended, a few minutes after midnight", async () => {
    const clock = new SteppingClock(Date.UTC(2026, 9, 31, 22, 0));
    const rig = await startRig(freshDir(), clock);
    const ids = await clientsReady(rig);
    const september = await letItRun(rig, clock, ids.length);
    expect(new Set(september.map((report) => report.month))).toEqual(new Set(['2026-09']));
    await rig.until('the notification of September', () => readyNotifications(rig).length > 0);

    // Midnight: October has ended, but its last minutes' comments may still be on their way.
    await clock.advanceTo(Date.UTC(2026, 10, 1, 0, 1));
    expect((await prepared(rig)).filter((report) => report.month === '2026-10')).toEqual([]);
    // Five minutes after midnight (the timer on the clock; no start, no click): every client's October, one notification.
    await clock.advanceTo(Date.UTC(2026, 10, 1, 0, 5));
    const october = await rig.until('October prepared', async () => {
      const reports = (await prepared(rig)).filter((report) => report.month === '2026-10');
      return reports.length === ids.length ? reports : null;
    });
    expect(october.every((report) => report.preparedAt === Date.UTC(2026, 10, 1, 0, 5))).toBe(true);
    await rig.until('the notification of October', () => readyNotifications(rig).length > 1);
    expect(readyNotifications(rig).map((n) => [n.month, n.clients])).toEqual([
      ['2026-09', ids.length],
      ['2026-10', ids.length],
    ]);
  });

  it('a month with no data still gives every client a report that says so', async () => {
    const clock = new SteppingClock(Date.UTC(2020, 2, 1, 9));
    const rig = await startRig(freshDir(), clock);
    const ids = await clientsReady(rig);
    const reports = await letItRun(rig, clock, ids.length);
    expect(reports.map((report) => [report.month, report.received])).toEqual(ids.map(() => ['2020-02', 0]));
    const kept = (await rig.call('reports.prepared.get', { month: '2020-02', profileId: ids[0]! })).report;
    expect(kept.report.current.totals.received).toBe(0);
    expect(kept.report.byDay).toHaveLength(29);
    await rig.until('the notification', () => readyNotifications(rig).length > 0);
    expect(readyNotifications(rig)).toEqual([expect.objectContaining({ month: '2020-02', clients: ids.length })]);
  });
});
