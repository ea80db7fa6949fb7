// A report prepared by an earlier version named a conversation's turns 'dm'; such a file must stay
// readable, with its items read as the inbox's 'conversation' kind, and a kind nobody ever named is
// still refused.
import { describe, expect, it } from 'vitest';
import { ResponsivenessViewSchema } from '../../../src/shared/domain/clientReport.ts';

const counts = { received: 3, answered: 2, unanswered: 1, hidden: 0, deleted: 0 };

function viewWithKind(kind: string) {
  return {
    period: { start: 0, end: 86_400_000 },
    asOf: 86_400_000,
    counts: 'business',
    totals: counts,
    byChannel: [{ ...counts, network: 'instagram', kind }],
    answeredBySource: { 'outbox-confirmed': 1, 'seen-by-sync': 1 },
    firstResponse: { medianMs: 60_000, p90Ms: 120_000 },
    distribution: [],
    target: null,
    slowestUnanswered: [{ id: 'dm:instagram:c1:m1', network: 'instagram', kind, createdAt: 1_000, ageMs: 5_000 }],
  };
}

describe("a report's kinds from an earlier version", () => {
  it("reads 'dm' as a conversation everywhere a kind is named", () => {
    const view = ResponsivenessViewSchema.parse(viewWithKind('dm'));
    expect(view.byChannel[0]?.kind).toBe('conversation');
    expect(view.slowestUnanswered[0]?.kind).toBe('conversation');
  });

  it('keeps the kinds of this version as they are', () => {
    expect(ResponsivenessViewSchema.parse(viewWithKind('comment')).byChannel[0]?.kind).toBe('comment');
  });

  it('still refuses a kind that no version named', () => {
    expect(ResponsivenessViewSchema.safeParse(viewWithKind('toString')).success).toBe(false);
    expect(ResponsivenessViewSchema.safeParse(viewWithKind('letter')).success).toBe(false);
  });
});
