// Issue 27, one target, in the list's store as the page runs it (the bridge, with no window, answers
// "not connected", so nothing reaches a service): while an item is open, every action's target is
// the open item and the highlight is on it; a teammate's decision that takes it out of Needs reply
// leaves its row where it was (marked kept) and moves nothing; `j` moves the highlight and the open
// item together, and only then does the kept row go.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InboxRow } from '../../../../src/shared/domain/inbox.ts';
import { currentRow, targetItemKey, useInboxStore } from '../../../../src/renderer/stores/inboxStore.ts';
import { targetKeys } from '../../../../src/renderer/stores/triageStore.ts';

const AUTHORS = ['james_outdoors', 'the_real_noah', 'marcus_studio', 'the_real_arjun', 'mia.makes', 'sam.rides'];

function row(authorName: string, index: number): InboxRow {
  return {
    key: `instagram:c${index}`,
    kind: 'comment',
    profileId: 'spoke-and-chain',
    platform: 'instagram',
    socialCommentId: `c${index}`,
    socialPostId: 'p1',
    parentSocialCommentId: null,
    postExcerpt: 'New gravel bikes',
    authorId: authorName,
    authorName,
    text: `Question from ${authorName}`,
    created: `2026-11-28T1${9 - index}:00:00Z`,
    likeCount: 0,
    hidden: false,
    byAccount: false,
    unread: false,
    done: false,
    snoozedUntil: null,
    replied: false,
    labels: [],
    commentUrn: null,
    videoId: null,
  };
}

beforeAll(() => {
  // The page's frame clock: the pane follows `j` after the next frame (afterFrame.ts).
  globalThis.requestAnimationFrame ??= (run: FrameRequestCallback) => Number(setTimeout(() => run(0), 0));
});

beforeEach(() => {
  const rows = AUTHORS.map(row);
  useInboxStore.setState({
    rows,
    items: rows.map((_, index) => ({ kind: 'row' as const, index })),
    order: rows.map((_, index) => index),
    cursor: 0,
    openKey: null,
    shownKey: null,
    kept: null,
    movedByUndo: null,
    grouped: false,
    filter: { view: 'needsReply', profileId: null, platform: null, unreadOnly: false, kind: null, text: '' },
  });
});

const authorAtHighlight = () => currentRow(useInboxStore.getState())?.authorName;

describe('one target in the list', () => {
  it('moves the open item with the highlight: j walks both, and every action targets what is open', () => {
    const inbox = useInboxStore.getState();
    inbox.selectPosition(3);
    inbox.open('instagram:c3');
    inbox.move(1);
    inbox.move(1);
    const state = useInboxStore.getState();
    expect(state.openKey).toBe('instagram:c5');
    expect(authorAtHighlight()).toBe('sam.rides');
    expect(targetKeys()).toEqual(['instagram:c5']);
  });

  it('keeps the open item, its row and the highlight when a teammate takes it out of the view; r then targets it', () => {
    const inbox = useInboxStore.getState();
    inbox.selectPosition(0);
    inbox.open('instagram:c0');
    expect(authorAtHighlight()).toBe('james_outdoors');
    // Ann marked it done on her computer: the item-state event patches the row (liveUpdates.ts).
    useInboxStore.getState().patchRows(['instagram:c0'], { done: true });
    const state = useInboxStore.getState();
    expect(state.rows.map((candidate) => candidate.authorName)).toEqual(AUTHORS);
    expect(state.kept).toBe('instagram:c0');
    expect(authorAtHighlight()).toBe('james_outdoors');
    expect(targetKeys()).toEqual(['instagram:c0']);
    expect(targetItemKey()).toBe('instagram:c0');
    // Another row leaving the view (not open) goes at once, and moves nothing either.
    useInboxStore.getState().patchRows(['instagram:c1'], { done: true });
    expect(authorAtHighlight()).toBe('james_outdoors');
    expect(useInboxStore.getState().rows.map((candidate) => candidate.authorName)).not.toContain('the_real_noah');

    // The person moves on: the next item opens, and the kept row goes.
    useInboxStore.getState().move(1);
    const after = useInboxStore.getState();
    expect(after.openKey).toBe('instagram:c2');
    expect(authorAtHighlight()).toBe('marcus_studio');
    expect(after.kept).toBeNull();
    expect(after.rows.map((candidate) => candidate.authorName)).toEqual(['marcus_studio', 'the_real_arjun', 'mia.makes', 'sam.rides']);
  });

  it('highlights the open item when a row is chosen by key (an undo, a notification), never a second one', () => {
    const inbox = useInboxStore.getState();
    inbox.open('instagram:c4');
    useInboxStore.getState().selectKey('instagram:c3');
    expect(useInboxStore.getState().openKey).toBe('instagram:c3');
    expect(authorAtHighlight()).toBe('the_real_arjun');
  });
});
