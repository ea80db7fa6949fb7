// A saved reply's id in the team's merge (decision 0059): the host's list has no ids, so the title
// is the id, and the n-th reply with one title is "<title> (n)", so two replies never share one.
import { describe, expect, it } from 'vitest';
import { repliesById } from '../../../src/main/core/app/teamSavedReplies.ts';

describe('saved reply ids', () => {
  it('names each reply by its title, numbering repeated titles in order', () => {
    const ids = repliesById([
      { title: 'Thanks', text: 'Thank you, {name}!' },
      { title: ' Hours ', text: 'Open 9 to 5.' },
      { title: 'Thanks', text: 'Many thanks, {name}.' },
      { title: 'Thanks', text: 'Cheers, {name}!' },
    ]);
    expect([...ids.keys()]).toEqual(['Thanks', 'Hours', 'Thanks (2)', 'Thanks (3)']);
    expect(ids.get('Thanks (2)')).toEqual({ title: 'Thanks', text: 'Many thanks, {name}.' });
  });
});
