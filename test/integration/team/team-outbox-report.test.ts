// Issue 22's outbox status and the client report per member, in two app cores on one workspace
// (the sync server, one sandbox, a TCP proxy per device: the rig of support/teamCores.ts): a reply going
// through one device's outbox is written to the workspace as `outbox:<device>:<outbox id>` (who,
// what, when, its delivery; never the key), the other device's outbox stays empty of it (status
// documents never make another device send), and the other device's client report counts it for
// its member, timed by its confirmed delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores } from './support/teamCores.ts';
import { asThread } from '../../support/itemReads.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let team: TeamCores;

/** The workspace's outbox status documents on the server, read as its admin. */
const outboxDocsOnServer = () => team.documents<Record<string, unknown>>('outbox:');

const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  for (const who of [ANN, BOB]) await team.startCore(who);
}, 60_000);

afterAll(async () => {
  await team?.close();
});

describe('outbox status and the client report per member, on two cores', () => {
  it('shares a reply’s status without the other device sending it, and counts each member’s replies in the report', async () => {
    const profiles = await laptop().until('the sandbox profiles', async () => {
      const { profiles } = await laptop().call('profiles.list', {});
      return profiles.length >= 2 ? profiles : null;
    });
    const profile = profiles.find((p) => !p.isPrimary) ?? profiles[0]!;
    // In a team one device polls each profile and the other replays what it shared (decision 0060):
    // a device that follows is idle before the comments arrive, so both wait for the client's comments.
    for (const rig of [laptop(), desktop()]) {
      await rig.until('the client’s comments', async () => {
        const { rows } = await rig.call('inbox.page', { filter: { profileIds: [profile.profileId], kind: 'comment', view: 'needsReply' }, limit: 10 });
        return rows.length >= 2 ? true : null;
      });
    }
    const settings = { timeZone: 'UTC', businessHours: null, responseTarget: null };
    await laptop().call('report.settings.update', { profileId: profile.profileId, settings });
    const period = { profileId: profile.profileId, from: dateOf(Date.now() - 60 * DAY), to: dateOf(Date.now() + DAY) };
    const before = await laptop().call('report.get', period);
    // In a team, the section is there from the start: nobody sent anything yet.
    expect(before.byMember).toEqual([]);
    const waiting = before.current.slowestUnanswered.filter((item) => item.kind === 'comment');
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    const [forBob, forAnn] = [waiting[0]!.id, waiting[1]!.id];
    await desktop().until('the comment on the desktop', async () => ((await desktop().invoke('inbox.item', { key: forBob })).ok ? true : null));

    const texts = { bob: 'Bob here: thanks, the parcel left today.', ann: 'Ann here: glad you like it!' };
    const bobs = (await desktop().call('answer.send', { key: forBob, text: texts.bob })).item;
    const anns = (await laptop().call('answer.send', { key: forAnn, text: texts.ann })).item;
    const sentOn = async (rig: AppRig, id: string) =>
      rig.until('the reply sent', async () => (await rig.call('outbox.list', {})).items.find((item) => item.id === id && item.state === 'sent') ?? null);
    const bobSent = await sentOn(desktop(), bobs.id);
    const annSent = await sentOn(laptop(), anns.id);

    // The desktop's status on the server: who, what, when, its delivery; never the key.
    const bobDoc = await desktop().until('the desktop’s status on the server', async () =>
      (await outboxDocsOnServer()).find((doc) => doc._id === `outbox:desktop:${bobs.id}` && doc.state === 'sent'),
    );
    const bobDelivery = Object.entries(bobSent.results).map(([network, result]) => ({
      network,
      at: result.at,
      socialCommentId: result.state === 'sent' ? result.socialCommentId : null,
    }));
    expect(bobDoc).toMatchObject({
      kind: 'outbox',
      who: 'bob',
      device: 'desktop',
      itemKey: forBob,
      text: texts.bob,
      profileId: profile.profileId,
      itemKind: 'reply',
    });
    expect(bobDoc.delivery).toEqual(bobDelivery);
    expect(JSON.stringify(await outboxDocsOnServer())).not.toContain(team.sandbox.apiKey);

    // The laptop's report: Bob's reply counted for Bob, timed by its confirmed delivery; Ann's for Ann.
    const after = await laptop().until('Bob’s reply in the laptop’s report', async () => {
      const report = await laptop().call('report.get', period);
      return report.byMember?.some((member) => member.member === 'bob') ? report : null;
    });
    const createdOf = async (key: string) => Date.parse((await laptop().call('inbox.item', { key }).then(asThread)).thread.comment.created);
    const firstAt = (item: typeof bobSent) => Math.min(...Object.values(item.results).map((result) => result.at));
    expect(after.byMember).toEqual([
      { member: 'ann', repliesSent: 1, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: firstAt(annSent) - (await createdOf(forAnn)) },
      { member: 'bob', repliesSent: 1, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: firstAt(bobSent) - (await createdOf(forBob)) },
    ]);
    expect(after.current.answeredBySource['outbox-confirmed']).toBe(before.current.answeredBySource['outbox-confirmed'] + 2);

    // Only the device that wrote a reply sends it: the laptop's outbox never held Bob's, the service has it once.
    expect((await laptop().call('outbox.list', {})).items.filter((item) => item.answers === forBob)).toEqual([]);
    expect((await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.bob)).toHaveLength(1);
  }, 90_000);
});
