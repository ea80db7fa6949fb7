// The main view, as one route: the Reports, the Posts, or the list (one of its views, the outbox
// among them). It is one piece of state, `route`, with one setter, `goTo` (decision 0050): the
// Posts and Reports stores follow it (postsStore.ts, reportsStore.ts subscribe to it) instead of
// keeping flags of their own, so two main views can never both think they show.
//
// Which of the list's views shows stays the list's filter (inboxStore): a search or a view picked
// belongs to the list, and the list remembers it while Posts or Reports are on screen. This module
// imports only the inbox store, so every other store may import it.
import { create } from 'zustand';
import type { ListView } from '../logic/listFilter.ts';
import { useInboxStore } from './inboxStore.ts';

/** Where the main view is: one of the three. */
export type MainRoute = { view: 'reports' } | { view: 'posts' } | { view: 'list' };

/** Where to go: the list without a `list` view is the list as it was (Esc from Posts). */
export type Route = { view: 'reports' } | { view: 'posts' } | { view: 'list'; list?: ListView };

/** Which main view shows: the outbox is the list's, but it shows its own pane. */
export type MainView = 'reports' | 'posts' | 'outbox' | 'list';

interface RouteState {
  route: MainRoute;
  /** The one way to change the main view. */
  goTo: (route: Route) => void;
  /** For handlers: whether this main view is the route now. */
  isAt: (view: MainRoute['view']) => boolean;
}

export const useRouteStore = create<RouteState>((set, get) => ({
  route: { view: 'list' },
  goTo(route) {
    if (route.view !== get().route.view) set({ route: { view: route.view } });
    if (route.view === 'list' && route.list !== undefined) useInboxStore.getState().setFilter({ view: route.list, text: '' });
  },
  isAt(view) {
    return get().route.view === view;
  },
}));

/** The one setter, for code outside components (actions, stores). */
export function goTo(route: Route): void {
  useRouteStore.getState().goTo(route);
}

export function mainViewOf(route: MainRoute, filter: { view: ListView; text: string }): MainView {
  if (route.view !== 'list') return route.view;
  return filter.view === 'outbox' && filter.text.trim() === '' ? 'outbox' : 'list';
}

export function useMainView(): MainView {
  const route = useRouteStore((state) => state.route);
  const filter = useInboxStore((state) => state.filter);
  return mainViewOf(route, filter);
}

// A change of the list's view, search or kind is a wish to see the list: it leaves the Posts view.
// A change of client or network keeps it (Posts follows the sidebar's client). Reports stay: they
// are left only by choosing another main view, as before.
useInboxStore.subscribe((state, prev) => {
  if (state.filter === prev.filter || !useRouteStore.getState().isAt('posts')) return;
  if (state.filter.profileId !== prev.filter.profileId || state.filter.platform !== prev.filter.platform) return;
  goTo({ view: 'list' });
});
