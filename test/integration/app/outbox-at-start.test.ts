// Issue 28, item 14: for about a second after a start the outbox left items out and refused
// commands on them ("There is no such reply or message in the outbox"): the outbox of an account
// is listed only once its runtime has started, and the built-in sandbox account starts a server
// first. The outbox now waits for the accounts still starting, so from the first call after a
// start it lists every item and acts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { AppRig } from './appHarness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'outbox-at-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// A long undo window: the reply stays queued in the outbox across the restart.
const settings = { undoSeconds: 30 };

it('lists every item and takes commands on them from the first call after a start', async () => {
  const first = await AppRig.start({ dataDir, settings });
  let id: string;
  try {
    const key = await first.until('a comment in the inbox', async () => {
      const rows = (await first.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 50 })).rows;
      return rows.find((row) => row.platform === 'facebook' || row.platform === 'instagram')?.key ?? null;
    });
    ({
      item: { id },
    } = await first.call('answer.send', { key: key, text: 'Thanks, we will look into it.' }));
  } finally {
    await first.close();
  }

  const second = await AppRig.start({ dataDir, settings });
  try {
    // The very first calls, while the sandbox account may still be starting.
    const listed = await second.call('outbox.list', {});
    expect(listed.items.map((item) => item.id)).toContain(id);
    const { item } = await second.call('outbox.cancel', { id });
    expect(item).toMatchObject({ id, state: 'cancelled' });
  } finally {
    await second.close();
  }
});
