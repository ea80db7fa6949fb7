// A saved reply without an id of its own (settings kept before ids existed) gets one from its
// title (decision 0063): the title, and "<title> (n)" for the n-th reply with that title, so two
// replies never share one; an id already in the list is never given twice.
import { describe, expect, it } from 'vitest';
import { withSavedReplyIds } from '../../../src/shared/savedReplies.ts';

describe('saved reply ids', () => {
  it('names each reply by its title, numbering repeated titles in order', () => {
    const ids = withSavedReplyIds([
      { title: 'Thanks', text: 'Thank you, {name}!' },
      { title: ' Hours ', text: 'Open 9 to 5.' },
      { title: 'Thanks', text: 'Many thanks, {name}.' },
      { title: 'Thanks', text: 'Cheers, {name}!' },
    ]);
    expect(ids.map((reply) => reply.id)).toEqual(['Thanks', 'Hours', 'Thanks (2)', 'Thanks (3)']);
    expect(ids[2]).toEqual({ id: 'Thanks (2)', title: 'Thanks', text: 'Many thanks, {name}.' });
  });

  it('keeps the ids replies have, and gives none twice', () => {
    const ids = withSavedReplyIds([
      { id: 'Thanks', title: 'Many thanks', text: 'Many thanks, {name}.' },
      { title: 'Thanks', text: 'Thank you, {name}!' },
      { id: 'a1', title: 'Hours', text: 'Open 9 to 5.' },
      { id: 'a1', title: 'Hours', text: 'Open 10 to 6.' },
    ]);
    expect(ids.map((reply) => reply.id)).toEqual(['Thanks', 'Thanks (2)', 'a1', 'Hours']);
  });
});
