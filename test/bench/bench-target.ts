// The benchmark's target, shared by `npm run bench:sandbox` and its short version in the test
// suite: a new post of the primary profile with `count` outside comments, read with GET /comments/:id.
export interface BenchTarget {
  /** The URL autocannon hammers: GET {url}/comments/{service post id}. */
  target: string;
  /** The network the post is on (the key of its comment list in the answer). */
  platform: string;
  headers: Record<string, string>;
}

/** `url` is the service's base URL (…/api). Throws if the sandbox does not answer as expected. */
export async function prepareBenchTarget(url: string, apiKey: string, count: number): Promise<BenchTarget> {
  const origin = url.replace(/\/api$/, '');
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  // The primary profile's networks depend on the seed: post on one of them (not twitter, which
  // would need the X headers on every request), preferring facebook.
  const world = (await fetch(`${origin}/__sandbox/world`, { headers }).then((r) => r.json())) as {
    profiles: { profileKey: string | null; platforms: string[] }[];
  };
  const linked = world.profiles.find((p) => p.profileKey === null)?.platforms ?? [];
  const platform = ['facebook', 'linkedin', 'instagram', 'bluesky', 'threads', 'tiktok', 'youtube'].find((n) => linked.includes(n));
  if (!platform) throw new Error(`the primary profile has no usable network: ${linked.join(', ')}`);
  const created = await fetch(`${url}/post`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ post: 'Benchmark post', platforms: [platform] }),
  });
  const post = (await created.json()) as { id: string; postIds?: { id: string }[] };
  const socialPostId = post.postIds?.[0]?.id;
  if (created.status !== 200 || !socialPostId) throw new Error(`POST /post: HTTP ${created.status} ${JSON.stringify(post)}`);
  for (let i = 0; i < count; i++) {
    const reply = await fetch(`${origin}/__sandbox/comments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ platform, socialPostId, comment: `Comment number ${i} on the benchmark post, with a few words more` }),
    });
    if (reply.status !== 200) throw new Error(`inject: HTTP ${reply.status}`);
  }
  const target = `${url}/comments/${post.id}`;
  const check = (await fetch(target, { headers }).then((r) => r.json())) as Record<string, unknown[]>;
  if (check[platform]?.length !== count) throw new Error(`expected ${count} ${platform} comments, got ${check[platform]?.length}`);
  return { target, platform, headers };
}
