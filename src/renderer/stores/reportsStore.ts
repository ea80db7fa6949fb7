// The Reports view: which client and which calendar days, the report the core computed from the
// store (so it shows offline), and the client's report settings. The view is on screen instead of
// the inbox or the Posts view; choosing an inbox view (Sidebar) or Posts leaves it.
import { create } from 'zustand';
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { ClientSettings } from '../../shared/domain/clientSettings.ts';
import { call } from '../api/bridge.ts';
import { lastMonth } from '../logic/reportFigures.ts';
import { useInboxStore } from './inboxStore.ts';
import { usePostsStore } from './postsStore.ts';

interface ReportsState {
  open: boolean;
  profileId: string | null;
  from: string;
  to: string;
  report: ClientReport | null;
  loading: boolean;
  error: string | null;
  setOpen: (open: boolean) => void;
  /** Shows the report of this client for these days (each defaults to what is chosen now). */
  load: (choice?: { profileId?: string; from?: string; to?: string }) => Promise<void>;
  /** Saves the client's settings and reads the report again; answers the refusal's words, or null. */
  saveSettings: (settings: ClientSettings) => Promise<string | null>;
}

let request = 0;

export const useReportsStore = create<ReportsState>((set, get) => ({
  open: false,
  profileId: null,
  ...lastMonth(new Date()),
  report: null,
  loading: false,
  error: null,
  setOpen(open) {
    set({ open });
    if (!open) return;
    usePostsStore.getState().setOpen(false);
    // The client chosen in the sidebar follows you here (issue 19).
    const chosen = useInboxStore.getState().filter.profileId;
    if (chosen !== null && chosen !== get().profileId) void get().load({ profileId: chosen });
  },
  async load(choice = {}) {
    const profileId = choice.profileId ?? get().profileId;
    const from = choice.from ?? get().from;
    const to = choice.to ?? get().to;
    set({ profileId, from, to });
    if (profileId === null) return;
    const mine = ++request;
    set({ loading: true, error: null });
    const result = await call('report.get', { profileId, from, to });
    if (mine !== request) return;
    if (!result.ok) set({ loading: false, error: result.error.message, report: null });
    else set({ loading: false, report: result.data });
  },
  async saveSettings(settings) {
    const profileId = get().profileId;
    if (profileId === null) return 'Pick a client first';
    const result = await call('report.settings.update', { profileId, settings });
    if (!result.ok) return result.error.message;
    await get().load();
    return null;
  },
}));

// A client picked in the sidebar is the report's client; the Posts view opened takes the report's place.
useInboxStore.subscribe((state, prev) => {
  const reports = useReportsStore.getState();
  if (!reports.open || state.filter.profileId === prev.filter.profileId || state.filter.profileId === null) return;
  void reports.load({ profileId: state.filter.profileId });
});
usePostsStore.subscribe((state, prev) => {
  if (state.open && !prev.open) useReportsStore.setState({ open: false });
});
