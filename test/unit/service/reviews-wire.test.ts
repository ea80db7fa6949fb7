// The wire schemas of the Reviews API: the public example's fields read, unknown fields kept, a
// rating the client does not know shown as no stars instead of failing; any value at all checked
// without throwing; a reply accepted exactly when its network would take it (Google counts bytes of
// UTF-8, Facebook characters), with messages a person can act on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACEBOOK_REPLY_MAX_CHARS, GMB_REPLY_MAX_BYTES } from '../../../src/shared/reviews.ts';
import { checkShape } from '../../../src/shared/wire/check.ts';
import { GmbReviewsResponseSchema, OneReviewQuerySchema, ReplyReviewRequestSchema, ReviewRecordSchema, reviewStars } from '../../../src/shared/wire/reviews.ts';

const googleReview = {
  created: '2023-07-11T21:23:57.707819Z',
  id: 'AbFvOqkkVAAQYEe2o5asfICQAGTTG',
  rating: 'FIVE',
  review: 'Lovely place.',
  reviewReply: { reply: 'Thank you!', updated: '2024-02-05T22:36:17.989625Z' },
  reviewer: { name: 'Mia Park', profilePhotoUrl: 'https://example.com/mia.jpg' },
};

describe('answers', () => {
  it('a Google list in the fields of the public example, unknown fields kept', () => {
    const checked = checkShape(GmbReviewsResponseSchema, {
      gmb: [googleReview],
      lastUpdated: '2024-02-05T22:47:42.996Z',
      nextUpdate: '2024-02-05T22:58:42.996Z',
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
    expect(checked.value.gmb[0]).toEqual(googleReview);
    expect(reviewStars(checked.value.gmb[0]!)).toBe(5);
  });

  it('stars: ONE…FIVE are 1…5; Facebook ratings and unknown values are none', () => {
    expect(['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].map((rating) => reviewStars({ rating }))).toEqual([1, 2, 3, 4, 5]);
    for (const rating of ['positive', 'negative', 'STAR_RATING_UNSPECIFIED', '']) expect(reviewStars({ rating })).toBeNull();
  });

  it('a review without an id, a time or a rating is a mismatch naming the field', () => {
    for (const field of ['id', 'created', 'rating'] as const) {
      const { [field]: _gone, ...rest } = googleReview;
      const checked = checkShape(ReviewRecordSchema, rest);
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.issues.map((i) => i.path)).toContain(field);
    }
  });

  it('any value at all is checked without throwing', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        checkShape(GmbReviewsResponseSchema, value);
        checkShape(ReplyReviewRequestSchema, value);
      }),
      { numRuns: 300 },
    );
  });
});

describe('requests', () => {
  it('a Google reply of 4,096 bytes is taken, one byte more is told in bytes', () => {
    const at = 'é'.repeat(GMB_REPLY_MAX_BYTES / 2);
    expect(checkShape(ReplyReviewRequestSchema, { platform: 'gmb', reviewId: 'r', reply: at }).ok).toBe(true);
    const over = checkShape(ReplyReviewRequestSchema, { platform: 'gmb', reviewId: 'r', reply: `${at}a` });
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.issues[0]!.message).toBe('The reply has 4097 bytes; Google takes at most 4096: shorten it');
  });

  it('a Facebook reply counts characters: 8,000 emoji are taken, 8,001 are not', () => {
    expect(checkShape(ReplyReviewRequestSchema, { platform: 'facebook', reviewId: 'r', reply: '🙂'.repeat(FACEBOOK_REPLY_MAX_CHARS) }).ok).toBe(true);
    expect(checkShape(ReplyReviewRequestSchema, { platform: 'facebook', reviewId: 'r', reply: '🙂'.repeat(FACEBOOK_REPLY_MAX_CHARS + 1) }).ok).toBe(false);
  });

  it('blank replies, blank review ids and other networks are refused with what to do', () => {
    const blank = checkShape(ReplyReviewRequestSchema, { platform: 'gmb', reviewId: 'r', reply: ' \n ' });
    expect(blank.ok ? [] : blank.issues).toEqual([{ path: 'reply', message: 'The reply is empty; write something first' }]);
    const noId = checkShape(ReplyReviewRequestSchema, { platform: 'gmb', reviewId: '  ', reply: 'Hi' });
    expect(noId.ok ? [] : noId.issues.map((i) => i.path)).toEqual(['reviewId']);
    const other = checkShape(ReplyReviewRequestSchema, { platform: 'instagram', reviewId: 'r', reply: 'Hi' });
    expect(other.ok ? '' : other.issues[0]!.message).toContain('they are on gmb and facebook');
    const one = checkShape(OneReviewQuerySchema, { platform: 'facebook', id: 'r' });
    expect(one.ok ? '' : one.issues[0]!.message).toContain('gmb (Google) only');
  });
});
