// Settings → Team → Live updates as this page knows it (decision 0083): each client's registration
// (asked when the section opens and answered again by turning on or off) and the last event times
// (asked every few seconds while the section is open: a local call). The event address typed here
// goes straight into `team.liveUpdatesOn` and is forgotten; main keeps it and never sends it back.
import { create } from 'zustand';
import type { LiveUpdatesView } from '../../shared/domain/liveUpdates.ts';
import { call } from '../api/bridge.ts';

/** How often the open section asks for the last event times. */
export const LIVE_TIMES_POLL_MS = 5_000;

interface LiveRegistrationState {
  view: LiveUpdatesView | null;
  /** The event address being typed (empty: use the one saved). */
  address: string;
  busy: 'on' | 'off' | null;
  /** The last action's answer, in words (FormMessage's shape). */
  message: { kind: 'error' | 'ok'; text: string } | null;
  load: () => Promise<void>;
  loadTimes: () => Promise<void>;
  setAddress: (address: string) => void;
  turnOn: () => Promise<void>;
  turnOff: () => Promise<void>;
}

export const useLiveRegistrationStore = create<LiveRegistrationState>((set, get) => {
  const act = async (which: 'on' | 'off') => {
    if (get().busy !== null) return;
    set({ busy: which, message: null });
    const address = get().address.trim();
    const result = which === 'on' ? await call('team.liveUpdatesOn', address === '' ? {} : { address }) : await call('team.liveUpdatesOff', {});
    if (!result.ok) {
      set({ busy: null, message: { kind: 'error', text: result.error.message } });
      return;
    }
    const failed = result.data.clients.filter((client) => client.problem !== null).length;
    const done =
      which === 'on'
        ? 'Live updates are on: new comments and messages now come as they happen.'
        : 'Live updates are off: the app checks for news on its own, as before.';
    set({
      busy: null,
      view: result.data,
      address: '',
      message:
        failed === 0
          ? { kind: 'ok', text: done }
          : { kind: 'error', text: `${failed === 1 ? 'One client' : `${failed} clients`} could not be changed: see below, and try again.` },
    });
  };
  return {
    view: null,
    address: '',
    busy: null,
    message: null,
    async load() {
      const result = await call('team.liveUpdates', {});
      if (result.ok) set({ view: result.data });
      else set({ message: { kind: 'error', text: result.error.message } });
    },
    async loadTimes() {
      const view = get().view;
      if (view === null) return;
      const result = await call('team.liveEventTimes', {});
      if (!result.ok) return;
      const times = new Map(result.data.clients.map((client) => [client.profileId, client.lastEventAt]));
      // The registration may have changed meanwhile: only the times are taken from this answer.
      const now = get().view;
      if (now === null) return;
      set({ view: { ...now, clients: now.clients.map((client) => ({ ...client, lastEventAt: times.get(client.profileId) ?? client.lastEventAt })) } });
    },
    setAddress(address) {
      set({ address });
    },
    turnOn: () => act('on'),
    turnOff: () => act('off'),
  };
});
