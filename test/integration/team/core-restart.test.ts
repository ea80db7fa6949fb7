// Issue 22, "a device restarted mid-replication loses nothing", with app cores: the laptop's core
// marks 300 comments done (with a label) while it cannot reach the team server, then reaches it over
// a slow link and is closed while the push is under way; started again on the same data folder, it
// sends the rest. The desktop's core ends with every one of them done, and the server holds each
// decision once (one document per change, none written twice). The engine's own cases (a process
// killed hard while pushing or pulling) are in mid-replication.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/shared/bridge/contract.ts';
import type { AppRig } from '../app/appHarness.ts';
import { type RecordingRelay, startRecordingRelay } from './support/recordingRelay.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const COMMENTS = 300;
/** Each comment gets two decisions: done, and a label. */
const CHANGES = COMMENTS * 2;

let team: TeamCores;
let relay: RecordingRelay;

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  // The laptop's link: each chunk held a while, so a push of a few hundred changes takes seconds.
  relay = await startRecordingRelay(() => Number(new URL(team.server.url).port), { chunkDelayMs: 20 });
}, 60_000);

afterAll(async () => {
  await team?.close();
  await relay?.stop();
});

interface ChangeDoc {
  who: string;
  device: string;
  change: { itemKey: string; field: string };
}

/** The laptop's decisions about these comments on the server. */
async function laptopChangesOnServer(keys: ReadonlySet<string>): Promise<ChangeDoc[]> {
  const docs = await team.documents<ChangeDoc>('change:');
  return docs.filter((doc) => doc.device === ANN.device && keys.has(doc.change.itemKey));
}

/** How many of these comments the core's `items.stateChanged` last told as done (what its screen shows). */
function doneOn(rig: AppRig, keys: readonly string[]): number {
  const last = new Map<string, boolean>();
  for (const payload of rig.eventsNamed('items.stateChanged') as EventPayload<'items.stateChanged'>[]) {
    for (const item of payload.items) last.set(item.key, item.state.done);
  }
  return keys.filter((key) => last.get(key) === true).length;
}

it('a core closed while it pushes its decisions sends every one, once, when started again', { timeout: 180_000 }, async () => {
  let laptop = await team.startCore(ANN, { serverUrl: relay.url });
  const desktop = await team.startCore(BOB);
  const keys = await laptop.until('comments on the laptop', async () => {
    const rows = (await laptop.call('inbox.page', { filter: { kind: 'comment', view: 'needsReply' }, limit: COMMENTS })).rows;
    return rows.length === COMMENTS ? rows.map((row) => row.key) : null;
  });
  await desktop.until('the same comments on the desktop', async () => {
    for (const key of keys) if (!(await desktop.invoke('inbox.item', { key })).ok) return null;
    return true;
  });
  const wanted = new Set(keys);

  // The first half reaches the server over the open link. Then the rest is decided, and the link
  // holds the push's write of it (and all after): the core is closed with that write on the wire, in
  // the middle of the push on every run (left to timing, the whole push once landed before the close).
  const [firstHalf, secondHalf] = [keys.slice(0, COMMENTS / 2), keys.slice(COMMENTS / 2)];
  await laptop.call('inbox.triage', { keys: firstHalf, done: true, addLabels: ['billing'] });
  await laptop.until('the first half on the server', async () => ((await laptopChangesOnServer(wanted)).length === CHANGES / 2 ? true : null));
  relay.clear();
  relay.holdAt(/^POST \/[^/]+\/_bulk_docs/);
  await laptop.call('inbox.triage', { keys: secondHalf, done: true, addLabels: ['billing'] });
  await laptop.until('the push of the rest on the wire', () => (relay.requests().some((line) => line.endsWith('/_bulk_docs')) ? true : null));
  await team.closeCore(laptop);
  const atClose = (await laptopChangesOnServer(wanted)).length;
  relay.release();
  expect(atClose).toBe(CHANGES / 2);

  laptop = await team.startCore(ANN, { serverUrl: relay.url });
  await laptop.until('every decision on the server', async () => ((await laptopChangesOnServer(wanted)).length === CHANGES ? true : null), 1200);
  await desktop.until('every comment done on the desktop', async () => (doneOn(desktop, keys) === COMMENTS ? true : null), 1200);
  const onServer = await laptopChangesOnServer(wanted);
  const perDecision = new Map<string, number>();
  for (const doc of onServer)
    perDecision.set(`${doc.change.itemKey} ${doc.change.field}`, (perDecision.get(`${doc.change.itemKey} ${doc.change.field}`) ?? 0) + 1);
  expect(perDecision.size).toBe(CHANGES);
  expect([...perDecision.values()].every((count) => count === 1)).toBe(true);
});
