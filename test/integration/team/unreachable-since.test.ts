// Issue 28, item 14: "Team server unreachable since …" showed the start of an earlier outage. The
// time was kept from the first status that found the server away and cleared only by a status that
// found it back; when nobody asked in between (the screen closed, or the server back for a moment
// with nothing new to bring), the next outage inherited the old time. Here the device reaches the
// server between two outages without any status being asked (a relay in front of the link shows
// its pull going through), and the second outage must show its own start.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppRig } from '../app/appHarness.ts';
import { type RecordingRelay, startRecordingRelay } from './support/recordingRelay.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };

let team: TeamCores;
let relay: RecordingRelay;
let rig: AppRig;

beforeAll(async () => {
  team = await TeamCores.start([ANN]);
  // The core → the relay (which records request lines) → the device's proxy (cut and healed) → the server.
  const proxyPort = Number(new URL(team.proxies.get(ANN.device)!.url).port);
  relay = await startRecordingRelay(() => proxyPort);
  rig = await team.startCore(ANN, { serverUrl: relay.url });
}, 60_000);

afterAll(async () => {
  await team?.close();
  await relay?.stop();
});

const status = () => rig.call('team.status', {});
const changesRequests = () => relay.requests().filter((line) => line.includes('/_changes')).length;

it('a second outage shows its own start, although no status was asked while the server was back', async () => {
  const proxy = team.proxies.get(ANN.device)!;
  await rig.until('up to date', async () => ((await status()).replication === 'up-to-date' ? true : null));

  proxy.cut();
  const first = await rig.until('the first outage seen', async () => (await status()).unreachableSince);
  relay.clear();
  proxy.heal();
  // A second pull request after the heal means the first one was answered: the server was reached.
  await rig.until('the pull through again', () => Promise.resolve(changesRequests() >= 2 ? true : null));
  await new Promise((later) => setTimeout(later, 20));
  const secondCut = Date.now();
  relay.clear();
  proxy.cut();
  // Asked only once the device has found the server away again (its pull retried, so it failed):
  // a status asked in between would find it still up to date, and start the time afresh anyway.
  await rig.until('the pull retried', () => Promise.resolve(relay.requests().length >= 1 ? true : null));
  const second = await rig.until('the second outage seen', async () => (await status()).unreachableSince);
  // And it stays the start of this outage while it lasts, however often the device retries.
  relay.clear();
  await rig.until('the pull retried again', () => Promise.resolve(relay.requests().length >= 2 ? true : null));
  expect((await status()).unreachableSince).toBe(second);
  proxy.heal();
  expect(second).toBeGreaterThan(first);
  expect(second).toBeGreaterThanOrEqual(secondCut);
}, 90_000);
