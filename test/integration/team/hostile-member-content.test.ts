// Issue 28, item 1 (decision 0064): a member forges what another device read from the service. Bob's
// desktop polls every client under their leases and shares what it reads; Ann, a member with her own
// password but no device polling anything, writes a `content:` document straight to the team server
// for one of bob's clients, with a made-up comment (markup in its text and its author's name). Bob's
// device must keep it out of its store (the inbox never shows it) and list the refusal for
// Settings → Team: which client, whose device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDoc } from '../../../src/shared/domain/teamDocuments.ts';
import type { SharedWrite } from '../../../src/shared/domain/teamContent.ts';
import type { AppRig } from '../app/appHarness.ts';
import { HostileMember } from './support/hostileMember.ts';
import { TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

let cores: TeamCores;
let bob: AppRig;

beforeAll(async () => {
  cores = await TeamCores.start([ANN, BOB]);
  bob = await cores.startCore(BOB);
});

afterAll(async () => {
  await cores?.close();
});

type CommentsWrite = Extract<SharedWrite, { op: 'comments' }>;

describe('a member forging content for a client another device polls', () => {
  it('is kept out of the store and listed as refused, with the client and the device', async () => {
    // What bob's device shared of a client: a comments write with at least one comment in it.
    const shared = await bob.until('a comment bob shared', async () => {
      const docs = await cores.documents<ContentDoc>('content:');
      for (const doc of docs) {
        const write = doc.writes.find((candidate): candidate is CommentsWrite => candidate.op === 'comments' && candidate.rows.length > 0);
        if (doc.device === BOB.device && write) return { doc, write };
      }
      return null;
    });
    const at = Date.now();
    const forgedRow = {
      ...shared.write.rows[0]!,
      socialCommentId: `forged-${at}`,
      authorId: 'fake-customer',
      authorName: '<b>Fake Customer</b>',
      text: '<script>alert("ann")</script> Please call me on this number',
      created: new Date(at).toISOString(),
    };
    const ann = new HostileMember(cores.server.url, ANN.member, ANN.password);
    const forged = {
      _id: `content:${shared.doc.scope}:${String(at).padStart(15, '0')}.000001.${ANN.device}`,
      kind: 'content',
      who: ANN.member,
      device: ANN.device,
      scope: shared.doc.scope,
      at,
      writes: [{ ...shared.write, rows: [forgedRow], polledAt: at, firstFetch: false }],
    };
    const written = await ann.put(forged);
    // The content validation binds `who` to the member signed in, so Ann's own password writes it.
    expect(written.asAdmin).toBe(false);

    // Until the forged comment shows or the refusal does (on the old code the comment showed about 1 s later).
    const outcome = await bob.until('the forged content to be taken or refused', async () => {
      const rows = (await bob.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 200 })).rows;
      const shown = rows.some((row) => row.authorName.includes('Fake Customer') || row.text.includes('alert('));
      const status = await bob.call('team.status', {});
      const refusal = (status.refused ?? []).find((group) => group.content?.member === ANN.member);
      return shown || refusal ? { shown, refusal } : null;
    });
    expect(outcome.shown).toBe(false);
    expect(outcome.refusal).toMatchObject({
      count: 1,
      content: { profileId: shared.doc.scope.slice(0, shared.doc.scope.lastIndexOf('@')), member: 'ann', device: 'laptop' },
    });

    // Nor is it taken later (a second look after bob's next polls and replications), nor after a restart.
    await cores.closeCore(bob);
    bob = await cores.startCore(BOB);
    await bob.until('bob replicating again', async () => (await bob.call('team.status', {})).replication === 'up-to-date');
    const rows = (await bob.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 200 })).rows;
    expect(rows.some((row) => row.authorName.includes('Fake Customer'))).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });
});
