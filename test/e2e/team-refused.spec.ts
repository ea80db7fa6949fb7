// Settings → Team lists what the device refused from the team (issue 28, decision 0064): Ann, a
// member with her own password, writes straight to the team server a `content:` document for one of
// the clients, from a device of hers that polls nothing ("tablet"). Bob's window says so in words:
// "Refused: content for <client> from ann’s tablet, which does not poll it." and the made-up comment
// is not in his inbox. Screenshots at 1440×900 and 1024×700 into /tmp/h28docs.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { SharedWrite } from '../../src/shared/domain/teamContent.ts';
import type { ContentDoc } from '../../src/shared/domain/teamDocuments.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './support/axe.ts';
import { ANN, startTeamHosts, type TeamHosts } from './support/teamHosts.ts';

let team: TeamHosts | null = null;
test.afterEach(async () => {
  await team?.close();
  team = null;
});

const SHOTS = '/tmp/h28docs';

async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByRole('heading', { name: 'Left out from the team' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

type CommentsWrite = Extract<SharedWrite, { op: 'comments' }>;

test('content a member forged for a client is left out of Bob’s inbox and listed in Settings → Team', async ({ page, sandbox }, testInfo) => {
  test.setTimeout(120_000);
  team = await startTeamHosts(sandbox);
  const { bob, syncUrl } = team;
  const authorization = `Basic ${Buffer.from(`${ANN.member}:${ANN.password}`).toString('base64')}`;
  const range = `startkey=${encodeURIComponent('"content:"')}&endkey=${encodeURIComponent('"content:\uffff"')}`;
  let shared: { doc: ContentDoc; write: CommentsWrite } | null = null;
  await expect(async () => {
    const body = (await (await fetch(`${syncUrl}/_all_docs?include_docs=true&${range}`, { headers: { authorization } })).json()) as {
      rows: { doc: ContentDoc }[];
    };
    for (const { doc } of body.rows) {
      const write = doc.writes.find((candidate): candidate is CommentsWrite => candidate.op === 'comments' && candidate.rows.length > 0);
      if (write) shared = { doc, write };
    }
    expect(shared).not.toBeNull();
  }).toPass();
  const { doc, write } = shared!;
  const at = Date.now();
  const forged = {
    _id: `content:${doc.scope}:${String(at).padStart(15, '0')}.000001.tablet`,
    kind: 'content',
    who: ANN.member,
    device: 'tablet',
    scope: doc.scope,
    at,
    writes: [{ ...write, rows: [{ ...write.rows[0]!, socialCommentId: `forged-${at}`, authorName: 'Fake Customer', text: 'Call me on this number' }] }],
  };
  const put = await fetch(`${syncUrl}/${encodeURIComponent(forged._id)}`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(forged),
  });
  expect(put.ok).toBe(true);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(bob.url);
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('tab', { name: 'Team' }).click();
  const line = page.getByRole('listitem').filter({ hasText: 'Refused: content for' });
  await expect(line).toHaveText(/^Refused: content for .+ from ann’s tablet, which does not poll it\.$/, { timeout: 30_000 });
  await expect(line).not.toContainText('Unknown');
  const { rows } = await bob.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 200 });
  expect(rows.some((row) => row.authorName === 'Fake Customer')).toBe(false);
  await expectAccessible(page, testInfo, 'settings-team-refused');
  await shots(page, 'settings-team-refused');
});
