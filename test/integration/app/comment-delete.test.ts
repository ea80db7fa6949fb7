// inbox.deleteComment through the core against a real sandbox: an outside comment is deleted on
// its network (once, per the ledger) and leaves the inbox; someone else's TikTok comment is
// refused before any call goes out (TikTok: the account's own comments only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { AppRig } from './appHarness.ts';

let rig: AppRig;

beforeAll(async () => {
  rig = await AppRig.start();
});

afterAll(async () => {
  await rig?.close();
});

async function outsideComment(platform: string): Promise<InboxRow> {
  return rig.until(`an outside ${platform} comment in the inbox`, async () =>
    (await rig.call('inbox.page', { filter: { platforms: [platform as 'facebook'], view: 'all', kind: 'comment' }, limit: 200 })).rows.find(
      (row) => !row.byAccount,
    ),
  );
}

describe('deleting a comment', () => {
  it('deletes an outside facebook comment on the network, once, and takes it out of the inbox', async () => {
    const row = await outsideComment('facebook');
    expect(await rig.call('inbox.deleteComment', { key: row.key })).toEqual({ deleted: true });
    const deletes = (await rig.ledger('comment.delete')).filter((entry) => entry.ids.includes(row.socialCommentId));
    expect(deletes).toHaveLength(1);
    expect((await rig.invoke('inbox.item', { key: row.key })).ok).toBe(false);
    const left = (await rig.call('inbox.page', { filter: { platforms: ['facebook'], view: 'all' }, limit: 500 })).rows;
    expect(left.map((r) => r.key)).not.toContain(row.key);
  });

  it("refuses someone else's tiktok comment with the rule, and sends nothing", async () => {
    const row = await outsideComment('tiktok');
    const result = await rig.invoke('inbox.deleteComment', { key: row.key });
    expect(result).toMatchObject({ ok: false, error: { message: expect.stringMatching(/TikTok lets an account delete only its own comments/) } });
    expect((await rig.ledger('comment.delete')).filter((entry) => entry.ids.includes(row.socialCommentId))).toHaveLength(0);
    expect((await rig.invoke('inbox.item', { key: row.key })).ok).toBe(true);
  });
});
