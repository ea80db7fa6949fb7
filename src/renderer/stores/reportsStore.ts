// The Reports view: which client and which calendar days, the report the core computed from the
// store (so it shows offline), and the client's report settings. The view is on screen instead of
// the inbox or the Posts view; choosing an inbox view (Sidebar) or Posts leaves it. The period starts
// as the last complete month, or the last 30 days when that month has nothing (a new user's month
// before they started); the chosen client and period are remembered on this computer.
import { fmt } from '../logic/format.ts';
import { create } from 'zustand';
import type { ClientReport } from '../../shared/domain/clientReport.ts';
import type { ClientSettings } from '../../shared/domain/clientSettings.ts';
import { call } from '../api/bridge.ts';
import { last30Days, lastMonth } from '../logic/reportFigures.ts';
import { useInboxStore } from './inboxStore.ts';
import { useRouteStore } from './route.ts';

// Whether the Reports view is on screen is the route's (route.ts), not a flag of this store.
interface ReportsState {
  profileId: string | null;
  from: string;
  to: string;
  report: ClientReport | null;
  /** Whether the pages include the appendix (every figure, daily tables). */
  appendix: boolean;
  loading: boolean;
  error: string | null;
  setAppendix: (appendix: boolean) => void;
  /** Shows the report of this client for these days (each defaults to what is chosen now). */
  load: (choice?: { profileId?: string; from?: string; to?: string }) => Promise<void>;
  /** Saves the client's settings and reads the report again; answers the refusal's words, or null. */
  /** `opened`: the settings the form was opened with: main saves only the fields changed since (decision 0063). */
  saveSettings: (settings: ClientSettings, opened?: ClientSettings) => Promise<string | null>;
}

let request = 0;

const CHOICE_KEY = 'report-choice';

interface Choice {
  profileId: string | null;
  /** 'last-month' and 'last-30' move with the calendar; 'custom' keeps its days. */
  period: 'last-month' | 'last-30' | 'custom';
  from: string;
  to: string;
}

/** The choice remembered, or null (first use, or storage unusable: the defaults then). */
function rememberedChoice(): Choice | null {
  try {
    const value = JSON.parse(globalThis.localStorage.getItem(CHOICE_KEY) ?? 'null') as Partial<Choice> | null;
    if (value === null || typeof value !== 'object' || typeof value.from !== 'string' || typeof value.to !== 'string') return null;
    const period = value.period === 'last-month' || value.period === 'last-30' ? value.period : 'custom';
    return { profileId: typeof value.profileId === 'string' ? value.profileId : null, period, from: value.from, to: value.to };
  } catch {
    return null;
  }
}

function remember(choice: Choice): void {
  try {
    globalThis.localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // Not remembered: the next start begins with the defaults.
  }
}

function periodOf(from: string, to: string): Choice['period'] {
  const month = lastMonth(new Date());
  const days = last30Days(new Date());
  return from === month.from && to === month.to ? 'last-month' : from === days.from && to === days.to ? 'last-30' : 'custom';
}

/** The days to start with: the remembered period (moved to today's calendar), else last month. */
function startingDays(choice: Choice | null): { from: string; to: string } {
  if (choice?.period === 'last-30') return last30Days(new Date());
  if (choice?.period === 'custom') return { from: choice.from, to: choice.to };
  return lastMonth(new Date());
}

const remembered = rememberedChoice();
/** No period chosen yet: last month is tried first, and the last 30 days taken when it has nothing. */
let periodIsDefault = remembered === null;

function hasData(report: ClientReport): boolean {
  return report.current.totals.received > 0 || report.topPosts.length > 0 || (report.postsAwaitingFigures ?? 0) > 0;
}

export const useReportsStore = create<ReportsState>((set, get) => ({
  profileId: remembered?.profileId ?? null,
  ...startingDays(remembered),
  report: null,
  appendix: false,
  loading: false,
  error: null,
  setAppendix(appendix) {
    set({ appendix });
  },
  async load(choice = {}) {
    const profileId = choice.profileId ?? get().profileId;
    const from = choice.from ?? get().from;
    const to = choice.to ?? get().to;
    if (choice.from !== undefined || choice.to !== undefined) periodIsDefault = false;
    set({ profileId, from, to });
    if (profileId === null) return;
    remember({ profileId, period: periodOf(from, to), from, to });
    const mine = ++request;
    set({ loading: true, error: null });
    // The page's zone is the user's (the host's process may run on another, e.g. UTC): a client
    // without settings counts its business hours in it.
    const result = await call('report.get', { profileId, from, to, userTimeZone: fmt.timeZone });
    if (mine !== request) return;
    if (!result.ok) set({ loading: false, error: result.error.message, report: null });
    else if (periodIsDefault && !hasData(result.data)) {
      // Last month has nothing for this client (a new user): the last 30 days say more.
      periodIsDefault = false;
      await get().load(last30Days(new Date()));
    } else set({ loading: false, report: result.data });
  },
  async saveSettings(settings, opened) {
    const profileId = get().profileId;
    if (profileId === null) return 'Pick a client first';
    const result = await call('report.settings.update', { profileId, settings, ...(opened ? { opened } : {}) });
    if (!result.ok) return result.error.message;
    await get().load();
    return null;
  },
}));

// Coming to the Reports view: the client chosen in the sidebar follows you here (issue 19).
useRouteStore.subscribe((state, prev) => {
  if (state.route.view !== 'reports' || prev.route.view === 'reports') return;
  const chosen = useInboxStore.getState().filter.profileId;
  const reports = useReportsStore.getState();
  if (chosen !== null && chosen !== reports.profileId) void reports.load({ profileId: chosen });
});
// A client picked in the sidebar while the Reports show is the report's client.
useInboxStore.subscribe((state, prev) => {
  if (!useRouteStore.getState().isAt('reports') || state.filter.profileId === prev.filter.profileId || state.filter.profileId === null) return;
  void useReportsStore.getState().load({ profileId: state.filter.profileId });
});
