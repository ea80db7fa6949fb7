// "Since you last looked" through the core as a host builds it: posts.markSeen keeps the look and
// answers the one before, refuses a snapshot that is not the post's and input that is not a look,
// and the last look survives quitting and starting the core again on the same data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppRig } from './appHarness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'post-seen-'));
let rig: AppRig | null = null;

afterAll(async () => {
  await rig?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Two posts of one client with stored numbers (asked for now, not at the sync's next round). */
async function twoPostsWithNumbers(r: AppRig): Promise<{ postKey: string; snapshotId: number }[]> {
  const profiles = await r.until('the sandbox profiles', async () => {
    const { profiles } = await r.call('profiles.list', {});
    return profiles.length >= 2 ? profiles : null;
  });
  const profile = profiles.find((p) => !p.isPrimary) ?? profiles[0]!;
  const { posts } = await r.until('the client’s posts', async () => {
    const list = await r.call('posts.list', { profileId: profile.profileId });
    return list.posts.filter((s) => s.post.platform !== 'twitter').length >= 2 ? list : null;
  });
  const chosen = posts.filter((s) => s.post.platform !== 'twitter').slice(0, 2);
  for (const s of chosen) await r.call('sync.refresh', { postKey: s.post.key });
  return Promise.all(
    chosen.map((s) =>
      r.until(`numbers of ${s.post.key}`, async () => {
        const { latest } = await r.call('posts.metrics', { postKey: s.post.key });
        return latest === null ? null : { postKey: s.post.key, snapshotId: latest.id };
      }),
    ),
  );
}

describe('the last look at a post, kept by the core', () => {
  it('answers the look before, refuses what is not a look, and survives a restart', async () => {
    rig = await AppRig.start({ dataDir });
    const [first, second] = await twoPostsWithNumbers(rig);
    if (!first || !second) throw new Error('no posts');

    const look1 = await rig.call('posts.markSeen', first);
    expect(look1.previous).toBeNull();
    expect(look1.seen.snapshot.id).toBe(first.snapshotId);
    const look2 = await rig.call('posts.markSeen', first);
    expect(look2.previous).toEqual(look1.seen);
    expect(look2.seen.at).toBeGreaterThanOrEqual(look1.seen.at);

    // Another post's snapshot, an unknown post, and input the contract refuses.
    const foreign = await rig.invoke('posts.markSeen', { postKey: first.postKey, snapshotId: second.snapshotId });
    expect(foreign.ok).toBe(false);
    const unknown = await rig.invoke('posts.markSeen', { postKey: 'instagram:nope', snapshotId: first.snapshotId });
    expect(unknown.ok).toBe(false);
    for (const input of [
      { postKey: first.postKey, snapshotId: -1 },
      { postKey: first.postKey, snapshotId: 1.5 },
      { postKey: first.postKey },
      { ...first, at: 0 },
    ]) {
      const refused = await rig.invoke('posts.markSeen', input);
      expect(refused.ok, JSON.stringify(input)).toBe(false);
      if (!refused.ok) expect(refused.error.code).toBe('invalid-input');
    }
    // The refusals changed nothing.
    expect((await rig.call('posts.markSeen', first)).previous?.at).toBe(look2.seen.at);
    const kept = (await rig.call('posts.markSeen', second)).seen;

    await rig.close();
    rig = await AppRig.start({ dataDir });
    const afterRestart = await rig.call('posts.markSeen', second);
    expect(afterRestart.previous).toEqual(kept);
  });
});
