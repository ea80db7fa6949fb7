// The core's events, wired to the stores once. Each store listens to the events it cares about in
// its own module and reads nobody else's state there (issue 29, Signal's model: one module per
// job): a new comment refreshes the list (inboxEvents.ts), reloads the open thread
// (threadEvents.ts) and tells the status line the sync worked (statusStore.ts), three listeners of
// one event instead of one function reaching into three stores. The two reads of another store that
// remain say why where they are (countsStore.ts: the switch the sidebar counts for is the list's
// filter; outboxStore.ts: the held toast says "you"). This file only starts and stops them, and makes
// the stores' first reads in the order the first frame with rows needs them.
import { afterNextFrame } from './afterFrame.ts';
import { restoreChoices } from './choices.ts';
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

/** The first reads of askFirstPage, once per page. */
let firstReads: Promise<unknown> | null = null;

/**
 * The first page of the list and what its first frame draws around it, asked for before the first
 * render (main.tsx), so they are the bridge's first calls and the core answers them first: the
 * clients (the rows' badges), the status (the offline bar and notices above the list) and the
 * settings (the theme), then the page. The stored client choice is put in place before, as the page
 * shows it. Asked from App's effect, the page was the ninth call and waited behind the sidebar's
 * counts and the team's reads, whose answers were drawn before its rows (the boot benchmark,
 * test/bench/ui-boot-bench.ts). Asked once: a second call returns the same reads.
 */
export function askFirstPage(): Promise<unknown> {
  if (firstReads === null) {
    restoreChoices();
    firstReads = Promise.all([
      useProfilesStore.getState().load(),
      useStatusStore.getState().load(),
      useSettingsStore.getState().load(),
      useInboxStore.getState().loadFirst(),
    ]);
  }
  return firstReads;
}

/** Resolves after the next frame has been painted (at once where no frame comes: tests without a page). */
function afterPaint(): Promise<void> {
  return new Promise((done) => (typeof requestAnimationFrame === 'function' ? afterNextFrame(done) : done()));
}

/**
 * Every store's first read: those of askFirstPage (asked now if main.tsx has not), then, once the
 * first rows are painted, the rest (the sidebar's counts, the outbox, the team, who is present), so
 * their answers are not drawn before the rows' frame.
 */
export async function loadEverything(): Promise<void> {
  await askFirstPage();
  await afterPaint();
  await Promise.all([useCountsStore.getState().load(), useOutboxStore.getState().load(), useTeamStore.getState().load(), usePresenceStore.getState().load()]);
}
