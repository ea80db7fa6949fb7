// Reviews in a team (issue 31's leftovers, items 2 and 4): two app cores on the sync server and one
// sandbox (support/teamCores.ts), Ann's laptop and Bob's desktop, each reading the clients' reviews
// itself. A review both answer at once gets one reply: the team claim before the send (the review
// task kind's `teamClaim: 'item'`) holds the second for its person's choice, and the sandbox's
// ledger has one reply. A review Ann marks done leaves Bob's Needs reply. A label, an assignment and
// a note on a review reach the other device (a review assigned to Bob is in his "Assigned to me" and
// its count: before decision 0086 that view found comments and conversations only); the review's
// words find it in search there. Bob's removal of the reply Ann sent is held for his choice (the
// removal claims the review as a reply does) and goes once he chooses Send anyway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

let team: TeamCores;
const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  for (const who of [ANN, BOB]) await team.startCore(who);
}, 60_000);

afterAll(async () => {
  await team?.close();
});

const outboxItem = async (rig: AppRig, id: string) => (await rig.call('outbox.list', {})).items.find((item) => item.id === id) ?? null;

async function reviewKeys(rig: AppRig, view: 'needsReply' | 'assignedToMe' | 'all'): Promise<string[]> {
  return (await rig.call('inbox.page', { filter: { view, kind: 'review' }, cursor: null, limit: 500 })).rows.map((row) => row.key);
}

/** A one-star Google review of the first client that has a Google listing, made now and read on both devices. */
async function reviewOnBoth(words: string, reviewer: string): Promise<{ key: string; id: string; profileRefId: string }> {
  const made = (await laptop().control('POST', '/reviews', { platform: 'gmb', rating: 1, review: words, reviewer: { name: reviewer } })) as {
    profileRefId: string;
    review: { id: string };
  };
  const key = `review:gmb:${made.review.id}`;
  for (const rig of [laptop(), desktop()]) {
    // "Refresh now" reads the client's reviews at once; asked again every two seconds or so until the review is there.
    let tries = 0;
    await rig.until(`the review on ${rig === laptop() ? 'Ann' : 'Bob'}’s device`, async () => {
      // Refused until the device's first sync has stored the client: asked again then.
      if (tries++ % 40 === 0) await rig.invoke('sync.refresh', { profileId: made.profileRefId });
      return (await rig.invoke('inbox.item', { key })).ok ? true : null;
    });
  }
  return { key, id: made.review.id, profileRefId: made.profileRefId };
}

async function removalsInLedger(reviewId: string): Promise<number> {
  return (await laptop().ledger('review.replyDelete')).filter((entry) => entry.ids[0] === reviewId).length;
}

async function repliesInLedger(reviewId: string): Promise<string[]> {
  return (await laptop().ledger('review.reply')).filter((entry) => entry.kind === 'review.reply' && entry.ids[0] === reviewId).map((entry) => entry.text ?? '');
}

describe('reviews in a team of two devices', () => {
  it('answers a review once when Ann and Bob both reply: the second is held for its person, the ledger has one reply', async () => {
    const review = await reviewOnBoth('The cake was dry and the icing melted.', 'Greta Holm');
    const texts = { ann: 'Ann: Greta, we are sorry, the next cake is on us.', bob: 'Bob: sorry Greta, please come back.' };
    const [fromAnn, fromBob] = await Promise.all([
      laptop().call('answer.send', { key: review.key, text: texts.ann }),
      desktop().call('answer.send', { key: review.key, text: texts.bob }),
    ]);
    const settled = (rig: AppRig, id: string) =>
      rig.until('the reply sent or held', async () => {
        const item = await outboxItem(rig, id);
        return item?.state === 'sent' || item?.heldBy ? item : null;
      });
    const outcomes = [await settled(laptop(), fromAnn.item.id), await settled(desktop(), fromBob.item.id)];
    expect(outcomes.filter((item) => item.state === 'sent')).toHaveLength(1);
    const held = outcomes.find((item) => item.heldBy);
    expect(held).toMatchObject({ kind: 'review-reply', state: 'failed', lastError: { code: 'team-answered' } });
    const winner = held === outcomes[0] ? 'bob' : 'ann';
    expect(held?.heldBy?.who).toBe(winner);
    expect(held?.lastError?.message).toBe(`${winner} already answered this review, so yours was not sent.`);
    expect(await repliesInLedger(review.id)).toEqual([winner === 'ann' ? texts.ann : texts.bob]);
    // Still one a while later: the held reply waits for its person's choice, it is never sent by itself.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await repliesInLedger(review.id)).toHaveLength(1);
  }, 120_000);

  it('holds Bob’s removal of the reply Ann sent for his choice, and removes it once when he chooses to', async () => {
    const review = await reviewOnBoth('The croissants were stale by noon.', 'Nils Ek');
    const sent = (await laptop().call('answer.send', { key: review.key, text: 'Nils, thank you: we bake twice a day now.' })).item;
    await laptop().until('Ann’s reply sent', async () => ((await outboxItem(laptop(), sent.id))?.state === 'sent' ? true : null));
    // Bob's device reads the review again and has Ann's reply on it.
    let tries = 0;
    await desktop().until('Ann’s reply on Bob’s device', async () => {
      if (tries++ % 40 === 0) await desktop().invoke('sync.refresh', { profileId: review.profileRefId });
      return (await desktop().call('inbox.item', { key: review.key })).row.review?.reply ? true : null;
    });

    const removal = (await desktop().call('reviews.removeReply', { key: review.key })).item;
    const held = await desktop().until('Bob’s removal held', async () => {
      const item = await outboxItem(desktop(), removal.id);
      return item?.heldBy ? item : null;
    });
    expect(held).toMatchObject({ kind: 'review-reply-delete', lastError: { code: 'team-answered' } });
    expect(held.heldBy?.who).toBe('ann');
    expect(held.lastError?.message).toBe('ann already changed the reply to this review, so yours was not sent.');
    expect(await removalsInLedger(review.id)).toBe(0);

    await desktop().call('outbox.sendAnyway', { id: removal.id });
    await desktop().until('Bob’s removal sent', async () => ((await outboxItem(desktop(), removal.id))?.state === 'sent' ? true : null));
    expect(await removalsInLedger(review.id)).toBe(1);
    expect(await repliesInLedger(review.id)).toHaveLength(1);
  }, 120_000);

  it('takes a review Ann marks done out of Bob’s Needs reply', async () => {
    const review = await reviewOnBoth('Nobody answered the phone all week.', 'Lars Berg');
    for (const rig of [laptop(), desktop()]) expect(await reviewKeys(rig, 'needsReply')).toContain(review.key);
    await laptop().call('inbox.triage', { keys: [review.key], done: true });
    await desktop().until('the review out of Bob’s Needs reply', async () => ((await reviewKeys(desktop(), 'needsReply')).includes(review.key) ? null : true));
    const row = (await desktop().call('inbox.item', { key: review.key })).row;
    expect(row.done).toBe(true);
  }, 60_000);

  it('carries a label, an assignment and a note on a review to the other device, where its words find it', async () => {
    const words = 'The sourdough starter you sold me died in two days.';
    const review = await reviewOnBoth(words, 'Ingrid Dahl');
    await laptop().until('Ann’s device knows Bob', async () => ((await laptop().call('team.members', {})).members.includes('bob') ? true : null));
    await laptop().call('inbox.triage', { keys: [review.key], addLabels: ['refund'] });
    await laptop().call('inbox.assign', { keys: [review.key], assignee: 'bob' });
    await desktop().until('the label and the assignment on Bob’s device', async () => {
      const row = (await desktop().call('inbox.item', { key: review.key })).row;
      return row.labels.includes('refund') && row.assignee === 'bob' ? true : null;
    });
    expect(await reviewKeys(desktop(), 'assignedToMe')).toContain(review.key);
    expect(await reviewKeys(laptop(), 'assignedToMe')).not.toContain(review.key);
    expect((await desktop().call('inbox.counts', { kind: 'review' })).total.assignedToMe).toBe(1);

    await desktop().call('inbox.setNote', { key: review.key, note: 'Offer a fresh starter and a refund' });
    const history = await laptop().until('Bob’s note on Ann’s device', async () => {
      const answer = await laptop().call('team.itemHistory', { key: review.key });
      return answer.note !== null ? answer : null;
    });
    expect(history.note).toBe('Offer a fresh starter and a refund');
    expect(history.assignee).toBe('bob');

    const found = await desktop().call('inbox.search', { filter: { kind: 'review' }, text: 'sourdough starter died', cursor: null, limit: 50 });
    expect(found.rows.map((row) => row.key)).toContain(review.key);
    expect(found.rows.find((row) => row.key === review.key)?.labels).toEqual(['refund']);
  }, 60_000);
});
