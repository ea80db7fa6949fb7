// Decisions 0064 and 0085: of two documents claiming one history entry, the one that reached the
// device first is kept, also after a restart. A device's start reads its copy in id order (the cheap
// read) unless two documents claim one entry id and the device has not yet written down which was
// first (`_local/history-owners`, written a few seconds after a refusal and at every close): stopped
// in between, it reads its copy in arrival order. Here Ann, a member writing straight to the server,
// reuses the id of Bob's change with a document stamped earlier, so her document's id sorts before
// his; Bob's device refuses it, then stops before writing that down (the note is removed from his
// copy after a clean close, which is what a stop in those few seconds leaves). Started again, it
// still keeps Bob's change and refuses Ann's.
import PouchDB from 'pouchdb';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import { folderName } from '../../../src/main/core/team/teamWorkspaceContract.ts';
import type { TeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { HostileRig, until } from './support/hostileRig.ts';
import { WORKSPACE } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const ITEM = 'instagram:c-restart-order';

let rig: HostileRig;

beforeAll(async () => {
  rig = await HostileRig.start([ANN, BOB]);
});

afterAll(async () => {
  await rig?.close();
});

const audit = (workspace: TeamWorkspace): string[] =>
  workspace
    .entries(ITEM)
    .map((entry) => (entry.kind === 'change' ? `${entry.who}: ${entry.change.field} ${String(entry.change.to)}` : `${entry.who}: ${entry.event}`));

describe('a claim on another member’s history entry, across a restart', () => {
  it('keeps the entry that arrived first when the device stopped before writing down who was first', async () => {
    let bob = await rig.open(BOB);
    const at = rig.clock;
    await bob.record([{ id: 'change-bob-done', itemKey: ITEM, field: 'done', from: false, to: true, who: 'bob', device: 'desktop', at }]);
    const bobDocId = `change:${ITEM}:${bob.entries(ITEM)[0]!.hlc}`;

    const annHlc = formatStamp(at - 60_000, 0, ANN.device);
    const annDocId = `change:${ITEM}:${annHlc}`;
    expect(annDocId < bobDocId).toBe(true);
    await rig.hostile(ANN).put({
      _id: annDocId,
      kind: 'change',
      who: 'ann',
      device: 'laptop',
      hlc: annHlc,
      seen: [],
      change: { id: 'change-bob-done', itemKey: ITEM, field: 'done', from: true, to: false, who: 'ann', device: 'laptop', at: at - 60_000 },
    });
    await until('bob’s device receiving ann’s claim', () => bob.refused().some((error) => error.documentId === annDocId) || audit(bob).length > 1);
    expect(audit(bob)).toEqual(['bob: done true']);

    await rig.closeWorkspace(bob);
    const copy = new PouchDB(join(rig.root, BOB.device, folderName(WORKSPACE)));
    const note = await copy.get('_local/history-owners');
    await copy.put({ _id: '_local/history-owners', _rev: note._rev, _deleted: true });
    await copy.close();

    bob = await rig.open(BOB);
    expect(audit(bob)).toEqual(['bob: done true']);
    expect(bob.item(ITEM)?.state.done).toBe(true);
    expect(bob.refused().map((error) => error.documentId)).toEqual([annDocId]);
  });
});
