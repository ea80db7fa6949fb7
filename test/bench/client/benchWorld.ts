// The world both sides of the comparison work on: the seeded sandbox world plus 1,000 facebook
// posts on one client profile (for "analytics of 1,000 posts"), saved as a state file so that each
// sandbox of the benchmark starts from the same world.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../../../src/sandbox/index.ts';

export interface BenchWorld {
  statePath: string;
  apiKey: string;
  xCredentials: { key: string; secret: string };
  profiles: { refId: string; profileKey: string | null; platforms: string[] }[];
  /** The seeded posts (social id, network, profile), for "comments of 200 posts". */
  seededPosts: { profileRefId: string; platform: string; socialId: string; commentCount: number }[];
  /** The profile and the social ids of the 1,000 facebook posts. */
  analyticsProfile: string;
  analyticsIds: string[];
}

export async function buildBenchWorld(postCount = 1000): Promise<BenchWorld> {
  const statePath = join(mkdtempSync(join(tmpdir(), 'client-bench-')), 'world.json');
  const sandbox = await startSandbox({ port: 0, rateLimit: 1_000_000_000, statePath });
  const auth = { authorization: `Bearer ${sandbox.apiKey}` };
  const world = (await (await fetch(`${sandbox.controlUrl}/world`, { headers: auth })).json()) as {
    xCredentials: { key: string; secret: string };
    profiles: BenchWorld['profiles'];
    posts: (BenchWorld['seededPosts'][number] & { serviceId: string | null })[];
  };
  const profile = world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('facebook'));
  if (!profile?.profileKey) throw new Error('the seeded world has no client profile on facebook');
  const ids: string[] = [];
  for (let start = 0; start < postCount; start += 50) {
    const made = await Promise.all(
      Array.from({ length: Math.min(50, postCount - start) }, async (_, i) => {
        const response = await fetch(`${sandbox.url}/post`, {
          method: 'POST',
          headers: { ...auth, 'profile-key': profile.profileKey!, 'content-type': 'application/json' },
          body: JSON.stringify({ post: `Benchmark post ${start + i}`, platforms: ['facebook'] }),
        });
        const body = (await response.json()) as { postIds: { id: string }[] };
        return body.postIds[0]!.id;
      }),
    );
    ids.push(...made);
  }
  await sandbox.close();
  return {
    statePath,
    apiKey: sandbox.apiKey,
    xCredentials: world.xCredentials,
    profiles: world.profiles,
    seededPosts: world.posts.map(({ profileRefId, platform, socialId, commentCount }) => ({ profileRefId, platform, socialId, commentCount })),
    analyticsProfile: profile.refId,
    analyticsIds: ids,
  };
}
