// The main view's route (issue 21, decision 0050): one piece of state with one setter, which the
// Posts and Reports stores follow; and Esc in the Posts view, which closes the open panel (a post's,
// a publication's or a thread's) before it leaves the view. The stores run as in the page; with no
// window the bridge answers "not connected", so nothing here reaches a service.
import { beforeEach, describe, expect, it } from 'vitest';
import { useInboxStore } from '../../../../src/renderer/stores/inboxStore.ts';
import { backInPosts } from '../../../../src/renderer/stores/postsBack.ts';
import { usePostsStore } from '../../../../src/renderer/stores/postsStore.ts';
import { usePostThreadsStore } from '../../../../src/renderer/stores/postThreadsStore.ts';
import { usePublicationStore } from '../../../../src/renderer/stores/publicationStore.ts';
import { goTo, mainViewOf, useRouteStore } from '../../../../src/renderer/stores/route.ts';

function mainView() {
  return mainViewOf(useRouteStore.getState().route, useInboxStore.getState().filter);
}

beforeEach(() => {
  goTo({ view: 'list', list: 'needsReply' });
  useInboxStore.getState().setFilter({ profileId: null, platform: null, kind: null });
});

describe('the route of the main view', () => {
  it('is one value: going to Reports leaves Posts, and back to the list leaves both', () => {
    goTo({ view: 'posts' });
    expect(useRouteStore.getState().route).toEqual({ view: 'posts' });
    expect(mainView()).toBe('posts');
    goTo({ view: 'reports' });
    expect(useRouteStore.getState().route).toEqual({ view: 'reports' });
    expect(mainView()).toBe('reports');
    goTo({ view: 'list' });
    expect(useRouteStore.getState().route).toEqual({ view: 'list' });
    expect(mainView()).toBe('list');
  });

  it('goes to a view of the list through the list’s filter; the outbox shows its own pane', () => {
    goTo({ view: 'posts' });
    goTo({ view: 'list', list: 'outbox' });
    expect(useInboxStore.getState().filter.view).toBe('outbox');
    expect(mainView()).toBe('outbox');
  });

  it('leaves Posts when the list’s view or search changes, not when the client or network does', () => {
    goTo({ view: 'posts' });
    useInboxStore.getState().setFilter({ profileId: 'profile-b' });
    useInboxStore.getState().setFilter({ platform: 'instagram' });
    expect(useRouteStore.getState().route.view).toBe('posts');
    useInboxStore.getState().setFilter({ text: 'discount' });
    expect(useRouteStore.getState().route.view).toBe('list');
  });

  it('closes the open panel on leaving Posts, so coming back shows the list', async () => {
    goTo({ view: 'posts' });
    await usePostsStore.getState().openPanel('post:facebook:1');
    goTo({ view: 'list' });
    goTo({ view: 'posts' });
    expect(usePostsStore.getState().panelKey).toBeNull();
  });
});

describe('Esc in the Posts view', () => {
  it('closes a post’s panel first, then the view', async () => {
    goTo({ view: 'posts' });
    await usePostsStore.getState().openPanel('post:facebook:1');
    backInPosts();
    expect(usePostsStore.getState().panelKey).toBeNull();
    expect(useRouteStore.getState().route.view).toBe('posts');
    backInPosts();
    expect(useRouteStore.getState().route.view).toBe('list');
  });

  it('closes a publication’s panel first, then the view', async () => {
    goTo({ view: 'posts' });
    await usePublicationStore.getState().openPublication('publication:42', ['post:facebook:1', 'post:instagram:1']);
    backInPosts();
    expect(usePublicationStore.getState().openKey).toBeNull();
    expect(useRouteStore.getState().route.view).toBe('posts');
    backInPosts();
    expect(useRouteStore.getState().route.view).toBe('list');
  });

  it('closes a thread’s panel first, then the view', async () => {
    goTo({ view: 'posts' });
    usePostThreadsStore.setState({ threads: [{ headKey: 'post:twitter:1', keys: ['post:twitter:1', 'post:twitter:2'], announced: 2 }] });
    await usePostThreadsStore.getState().openThread('post:twitter:1');
    expect(usePostThreadsStore.getState().openHeadKey).toBe('post:twitter:1');
    backInPosts();
    expect(usePostThreadsStore.getState().openHeadKey).toBeNull();
    expect(useRouteStore.getState().route.view).toBe('posts');
    backInPosts();
    expect(useRouteStore.getState().route.view).toBe('list');
  });
});
