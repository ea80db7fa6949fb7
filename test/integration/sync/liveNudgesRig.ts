// The live-updates rig both live-nudge tests start the same way: the profile added to the real sync,
// LiveNudges over its ProfileSync on the rig's fake clock, both started, and the profile's first sync
// run to its end, so a test's event meets a sync at its everyday pace.
import { LiveNudges } from '../../../src/main/core/team/liveNudges.ts';
import type { SyncRig } from './syncHarness.ts';

const MINUTE = 60_000;

/** Starts the sync and the nudges for `profileId` and runs until its first sync is done; stop the nudges after. */
export async function startNudgedSync(rig: SyncRig, profileId: string): Promise<LiveNudges> {
  rig.addProfile(profileId);
  const nudges = new LiveNudges({ clock: rig.clock, syncOf: (id) => rig.sync.profile(id) });
  rig.sync.start();
  nudges.start();
  await rig.runUntil(() => rig.firstSyncDone(profileId), 30 * MINUTE);
  return nudges;
}
