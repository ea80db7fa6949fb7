// The choices that follow you (issue 19, item 13): the client chosen in the sidebar (which the
// inbox, Posts and Reports all show) and the report's period. They are kept in the page's
// localStorage: they are this window's way of looking, not settings of the app, and the settings
// are sent whole on every change (decision 0037). A stored client that no longer exists is dropped.
// And what is open follows the list: an open comment or conversation closes when a switch of kind
// (Comments / Messages) or network takes it out of the list.
import { kindViewOfKey } from '../kinds/kindViews.ts';
import { lastMonth, last30Days } from '../logic/reportFigures.ts';
import { useInboxStore, type ListFilter } from './inboxStore.ts';
import { usePostsStore } from './postsStore.ts';
import { useProfilesStore } from './profilesStore.ts';
import { useReportsStore } from './reportsStore.ts';
import { goTo, useRouteStore } from './route.ts';

const KEY = 'social-inbox.choices.v1';

/** A named period is worked out again on each start ("last month" stays last month); custom days stay. */
export type PeriodChoice = { kind: 'last-month' } | { kind: 'last-30' } | { kind: 'custom'; from: string; to: string };

export interface Choices {
  profileId: string | null;
  period: PeriodChoice;
}

const DEFAULT_CHOICES: Choices = { profileId: null, period: { kind: 'last-month' } };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage turned off: the choices last for this page only.
  }
}

/** What was stored, checked field by field: anything odd is the default. */
export function readChoices(): Choices {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    raw = null; // Not JSON: as if nothing was stored.
  }
  if (typeof raw !== 'object' || raw === null) return DEFAULT_CHOICES;
  const { profileId, period } = raw as { profileId?: unknown; period?: { kind?: unknown; from?: unknown; to?: unknown } };
  const chosenPeriod: PeriodChoice =
    period?.kind === 'last-30'
      ? { kind: 'last-30' }
      : period?.kind === 'custom' && typeof period.from === 'string' && typeof period.to === 'string' && DAY.test(period.from) && DAY.test(period.to)
        ? { kind: 'custom', from: period.from, to: period.to }
        : { kind: 'last-month' };
  return { profileId: typeof profileId === 'string' && profileId !== '' ? profileId : null, period: chosenPeriod };
}

function write(choices: Choices): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(choices));
  } catch {
    // A full or refused storage: the choice still holds for this page.
  }
}

/** The days of a period choice, today. */
export function periodDays(period: PeriodChoice, now: Date = new Date()): { from: string; to: string } {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  return period.kind === 'last-30' ? last30Days(now) : lastMonth(now);
}

/** The period choice that these days are, today. */
export function periodOf(from: string, to: string, now: Date = new Date()): PeriodChoice {
  const month = lastMonth(now);
  if (month.from === from && month.to === to) return { kind: 'last-month' };
  const days = last30Days(now);
  if (days.from === from && days.to === to) return { kind: 'last-30' };
  return { kind: 'custom', from, to };
}

/**
 * A client chosen in Posts or Reports: the sidebar's client becomes it (Posts and Reports follow the
 * sidebar's). The same client again changes nothing: a new filter would leave the Posts view.
 */
export function chooseClient(profileId: string): void {
  if (useInboxStore.getState().filter.profileId !== profileId) {
    useInboxStore.getState().setFilter({ profileId });
    return;
  }
  const route = useRouteStore.getState();
  if (route.isAt('posts') && usePostsStore.getState().profileId !== profileId) void usePostsStore.getState().load(profileId);
  if (route.isAt('reports') && useReportsStore.getState().profileId !== profileId) void useReportsStore.getState().load({ profileId });
}

let started = false;

/** Puts the stored choices in place (before the first load) and keeps them as they change. */
export function restoreChoices(): void {
  if (started) return;
  started = true;
  const stored = readChoices();
  const inbox = useInboxStore.getState();
  if (stored.profileId !== null) useInboxStore.setState({ filter: { ...inbox.filter, profileId: stored.profileId } });
  useReportsStore.setState(periodDays(stored.period));

  // A stored client that is gone (its account removed): back to all clients.
  useProfilesStore.subscribe((state) => {
    const chosen = useInboxStore.getState().filter.profileId;
    if (state.loaded && chosen !== null && !state.profiles.some((profile) => profile.profileId === chosen))
      useInboxStore.getState().setFilter({ profileId: null });
  });
  useInboxStore.subscribe((state, prev) => {
    if (state.filter.profileId !== prev.filter.profileId) write({ ...readChoices(), profileId: state.filter.profileId });
    if (state.openKey !== null && state.openKey === prev.openKey && leftTheList(state.openKey, state.filter, prev.filter)) state.open(null);
  });
  useReportsStore.subscribe((state, prev) => {
    if (state.from !== prev.from || state.to !== prev.to) write({ ...readChoices(), period: periodOf(state.from, state.to) });
  });
  oneClientChoice();
}

/** The client Posts or Reports shows now (they show one at a time), or null elsewhere. */
function clientOnPage(): string | null {
  const route = useRouteStore.getState();
  if (route.isAt('posts')) return usePostsStore.getState().profileId;
  if (route.isAt('reports')) return useReportsStore.getState().profileId;
  return null;
}

/**
 * One client choice, shown the same everywhere (issue 27, item 10): Posts and Reports show one
 * client, so arriving there with "All clients" the client they show becomes the choice and the
 * sidebar names it; "All clients" picked there is a wish for the lists, which can show them all.
 */
function oneClientChoice(): void {
  const adopt = () => {
    const shown = clientOnPage();
    if (shown !== null && useInboxStore.getState().filter.profileId === null) useInboxStore.getState().setFilter({ profileId: shown });
  };
  usePostsStore.subscribe((state, prev) => state.profileId !== prev.profileId && adopt());
  useReportsStore.subscribe((state, prev) => state.profileId !== prev.profileId && adopt());
  useRouteStore.subscribe((state, prev) => state.route !== prev.route && adopt());
  useInboxStore.subscribe((state, prev) => {
    if (state.filter.profileId === null && prev.filter.profileId !== null && clientOnPage() !== null) goTo({ view: 'list' });
  });
}

/** Whether a change of kind or network takes the open item (by its key) out of the list. */
function leftTheList(openKey: string, filter: ListFilter, before: ListFilter): boolean {
  const view = kindViewOfKey(openKey);
  if (filter.kind !== before.kind && filter.kind !== null && filter.kind !== view.kind) return true;
  if (filter.platform !== before.platform && filter.platform !== null) return view.networkOfKey(openKey) !== filter.platform;
  return false;
}
