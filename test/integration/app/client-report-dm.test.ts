// Direct messages in the client report, through the core as a host builds it, against the sandbox:
// a conversation waiting for the account is an unanswered item of kind 'conversation'; a message the app sends
// to it answers it, timed by the outbox's confirmed delivery; the figures per kind add up to the total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientReport } from '../../../src/shared/domain/clientReport.ts';
import { MESSAGE_REPLY_WINDOW_MS } from '../../../src/shared/networks.ts';
import { AppRig, type SandboxWorld } from './appHarness.ts';

let rig: AppRig;
let world: SandboxWorld;

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ rig, world } = await AppRig.startWithWorld());
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

function kindOf(report: ClientReport, kind: 'comment' | 'conversation') {
  return report.current.byKind?.find((figures) => figures.kind === kind);
}

describe('direct messages in the client report', () => {
  it('counts a waiting conversation as unanswered and the app’s message to it as an answer confirmed by the outbox', async () => {
    await rig.call('settings.update', { undoSeconds: 0 });
    // A conversation waiting for the account that can still be answered: twitter, or a reply window open for an hour more.
    const messaging = new Set(world.profiles.filter((p) => p.messagingEnabled).map((p) => p.refId));
    const waiting = world.conversations.find(
      (c) =>
        c.status === 'active' &&
        c.awaitingReply &&
        messaging.has(c.profileRefId) &&
        (c.platform === 'twitter' || Date.parse(c.lastReceivedAt) + MESSAGE_REPLY_WINDOW_MS > Date.now() + 60 * 60_000),
    );
    if (waiting === undefined) throw new Error('the sandbox world has no conversation waiting for an answer');
    const key = `dm:${waiting.platform}:${waiting.conversationId}`;
    const row = await rig.until('the conversation in the inbox', async () => {
      const page = await rig.call('inbox.page', { filter: { kind: 'conversation', view: 'needsReply' }, limit: 500 });
      return page.rows.find((r) => r.key === key) ?? null;
    });
    // The longest period a report may cover, so the conversation's open turn is in it.
    const period = { profileId: row.profileId, from: dateOf(Date.now() - 399 * DAY), to: dateOf(Date.now()) };

    // The sync may still be bringing the client's comments and conversations: wait for the counts to settle.
    const counts = (report: ClientReport) => JSON.stringify([report.current.totals, report.current.byChannel]);
    let last = '';
    const before = await rig.until('the report settled', async () => {
      const report = await rig.call('report.get', period);
      const settled = counts(report) === last;
      last = counts(report);
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 300));
      return settled ? report : null;
    });
    const messages = kindOf(before, 'conversation');
    expect(messages?.totals.unanswered).toBeGreaterThan(0);
    const kinds = before.current.byKind ?? [];
    expect(kinds.reduce((sum, figures) => sum + figures.totals.received, 0)).toBe(before.current.totals.received);
    expect(kinds.reduce((sum, figures) => sum + figures.totals.answered, 0)).toBe(before.current.totals.answered);
    expect(before.current.byChannel.filter((channel) => channel.kind === 'conversation').reduce((sum, channel) => sum + channel.received, 0)).toBe(
      messages?.totals.received,
    );

    const sent = (await rig.call('answer.send', { key: key, text: 'Thanks for writing, it ships on Monday.' })).item;
    await rig.until('the message confirmed', async () =>
      (await rig.call('outbox.list', {})).items.find((item) => item.id === sent.id && item.state === 'sent'),
    );
    const after = await rig.call('report.get', period);
    expect(kindOf(after, 'conversation')?.totals.answered).toBe((messages?.totals.answered ?? 0) + 1);
    expect(kindOf(after, 'conversation')?.totals.unanswered).toBe((messages?.totals.unanswered ?? 0) - 1);
    expect(after.current.answeredBySource['outbox-confirmed']).toBe(before.current.answeredBySource['outbox-confirmed'] + 1);
    // The comments' counts did not move.
    expect(kindOf(after, 'comment')?.totals).toEqual(kindOf(before, 'comment')?.totals);
  });
});
