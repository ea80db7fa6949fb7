// The rig the review journeys share (issue 31): a review written now through the sandbox's control
// call, as a customer of the client would, and the wait until the app's store has it. One place, so
// `reviews.spec.ts` and `review-reply-remove.spec.ts` start from the same review the same way.
import { expect } from '@playwright/test';
import type { AppHost } from './appHost.ts';
import type { TestSandbox } from './sandboxControl.ts';

/** A review written now (POST /__sandbox/reviews): its client's profile and the review's id. */
export async function newReview(sandbox: TestSandbox, body: Record<string, unknown>): Promise<{ profileRefId: string; id: string }> {
  const response = await fetch(`${sandbox.running.controlUrl}/reviews`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.running.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /__sandbox/reviews answered ${response.status}: ${await response.text()}`);
  const made = (await response.json()) as { profileRefId: string; review: { id: string } };
  return { profileRefId: made.profileRefId, id: made.review.id };
}

/** Asks for the client's news now and waits until the app's store has the review. */
export async function reviewArrived(app: AppHost, profileId: string, key: string): Promise<void> {
  await app.call('sync.refresh', { profileId });
  await expect
    .poll(
      async () =>
        (await app.call('inbox.page', { filter: { kind: 'review', profileIds: [profileId] }, cursor: null, limit: 500 })).rows.some((r) => r.key === key),
      { timeout: 20_000 },
    )
    .toBe(true);
}
