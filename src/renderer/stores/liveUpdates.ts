// The core's events, wired to the stores once. Each store listens to the events it cares about in
// its own module and reads nobody else's state there (issue 29, Signal's model: one module per
// job): a new comment refreshes the list (inboxEvents.ts), reloads the open thread
// (threadEvents.ts) and tells the status line the sync worked (statusStore.ts), three listeners of
// one event instead of one function reaching into three stores. The two reads of another store that
// remain say why where they are (countsStore.ts: the switch the sidebar counts for is the list's
// filter; outboxStore.ts: the held toast says "you"). This file only starts and stops them.
import { listenForCounts, useCountsStore } from './countsStore.ts';
import { listenForInbox } from './inboxEvents.ts';
import { useInboxStore } from './inboxStore.ts';
import { listenForOutbox, useOutboxStore } from './outboxStore.ts';
import { listenForPresence, usePresenceStore } from './presenceStore.ts';
import { listenForProfiles, useProfilesStore } from './profilesStore.ts';
import { listenForSettings, useSettingsStore } from './settingsStore.ts';
import { listenForStatus, useStatusStore } from './statusStore.ts';
import { listenForTeam, useTeamStore } from './teamStore.ts';
import { listenForThread } from './threadEvents.ts';

const LISTENERS = [
  listenForCounts,
  listenForInbox,
  listenForThread,
  listenForOutbox,
  listenForStatus,
  listenForTeam,
  listenForPresence,
  listenForProfiles,
  listenForSettings,
];

export function startLiveUpdates(): () => void {
  const offs = LISTENERS.flatMap((listen) => listen());
  return () => {
    for (const off of offs) off();
  };
}

/** Every store's first read, at once. */
export async function loadEverything(): Promise<void> {
  await Promise.all([
    useProfilesStore.getState().load(),
    useCountsStore.getState().load(),
    useStatusStore.getState().load(),
    useSettingsStore.getState().load(),
    useOutboxStore.getState().load(),
    useInboxStore.getState().loadFirst(),
    useTeamStore.getState().load(),
    usePresenceStore.getState().load(),
  ]);
}
