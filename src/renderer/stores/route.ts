// The main view, as one route: the Reports, the Posts, or the list (one of its views, the outbox
// among them). Components read it with useMainView and change it with goTo, the one setter.
//
// Where it is kept: Reports' and Posts' own `open` flags and the list's filter, which their loads
// and their subscribes already follow (postsStore.ts is item 5's while issue 21 is built); this
// module is the only place that reads or writes them as a route (decision 0049).
import type { ListView } from '../logic/listFilter.ts';
import { useInboxStore } from './inboxStore.ts';
import { usePostsStore } from './postsStore.ts';
import { useReportsStore } from './reportsStore.ts';

/** The list without a `list` view: back to it as it was (Esc from Posts). */
export type Route = { view: 'reports' } | { view: 'posts' } | { view: 'list'; list?: ListView };

/** Which main view shows: the outbox is the list's, but it shows its own pane. */
export type MainView = 'reports' | 'posts' | 'outbox' | 'list';

export function mainViewOf(reportsOpen: boolean, postsOpen: boolean, filter: { view: ListView; text: string }): MainView {
  if (reportsOpen) return 'reports';
  if (postsOpen) return 'posts';
  return filter.view === 'outbox' && filter.text.trim() === '' ? 'outbox' : 'list';
}

export function useMainView(): MainView {
  const reportsOpen = useReportsStore((state) => state.open);
  const postsOpen = usePostsStore((state) => state.open);
  const filter = useInboxStore((state) => state.filter);
  return mainViewOf(reportsOpen, postsOpen, filter);
}

/** The one way to change the main view. */
export function goTo(route: Route): void {
  switch (route.view) {
    case 'reports':
      useReportsStore.getState().setOpen(true);
      return;
    case 'posts':
      usePostsStore.getState().setOpen(true);
      return;
    case 'list':
      useReportsStore.getState().setOpen(false);
      // A view of the list closes Posts by the list's new filter (postsStore follows it); back to
      // the list as it was closes it here.
      if (route.list === undefined) usePostsStore.getState().setOpen(false);
      else useInboxStore.getState().setFilter({ view: route.list, text: '' });
  }
}
