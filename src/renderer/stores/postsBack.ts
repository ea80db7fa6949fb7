// Esc in the Posts view (decision 0050): the innermost thing open goes first. An open panel (a
// post's, a publication's on every network, or a twitter thread's) closes and the list stays;
// with no panel open, Esc leaves Posts for the list as it was. At most one of the three panels is
// open at a time (each closes the others as it opens), so the order below only says which is read.
import { usePostsStore } from './postsStore.ts';
import { usePostThreadsStore } from './postThreadsStore.ts';
import { usePublicationStore } from './publicationStore.ts';
import { goTo } from './route.ts';

/** Closes the open panel; answers false when none was open. */
export function closePostsPanel(): boolean {
  const publication = usePublicationStore.getState();
  if (publication.openKey !== null) {
    publication.close();
    return true;
  }
  const threads = usePostThreadsStore.getState();
  if (threads.openHeadKey !== null) {
    threads.closeThread();
    return true;
  }
  const posts = usePostsStore.getState();
  if (posts.panelKey !== null) {
    posts.closePanel();
    return true;
  }
  return false;
}

/** One Esc in the Posts view: the open panel, else the view itself. */
export function backInPosts(): void {
  if (!closePostsPanel()) goTo({ view: 'list' });
}
