// A realistic, seeded store load for the benchmark (and for tests that need volume): a freelancer
// with 4 client profiles on 4 to 6 networks each, posts over four months, a heavy-tailed number of
// comments per post, reply threads, the account's own replies, hidden comments, comment text of
// realistic length from an everyday vocabulary, author names from a pool.
import type { Network } from '../../../src/shared/networks.ts';
import type { AccountRecord, CommentInput, PostRecord, ProfileRecord } from '../../../src/main/core/store/types.ts';

export interface StoreDataset {
  account: AccountRecord;
  profiles: ProfileRecord[];
  posts: PostRecord[];
  /** One batch per post, as the sync would ingest it. */
  batches: { profileId: string; comments: CommentInput[] }[];
  commentCount: number;
  /** Names and words that occur, for search queries. */
  authorNames: string[];
  now: number;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const WORDS = (
  'love this so much great post thanks for sharing where can i buy it what is the price does it ship to canada ' +
  'amazing colour looks beautiful need one how much is shipping when will it be back in stock my order never arrived ' +
  'please help customer service is slow best product ever bought two already recommend to friends the quality is ' +
  'outstanding not worth the money disappointed with the size too small too big fits perfectly wow stunning photo ' +
  'congratulations team proud of you keep going inspiring story can you do a tutorial on this which camera did you use ' +
  'link in bio does not work discount code expired any sale coming soon black friday holiday gift idea my mom loved it ' +
  'vegan friendly gluten free recipe please open a store in berlin london paris tokyo madrid shipping cost delivery time ' +
  'refund return policy warranty broken after a week replacement arrived quickly thank you support was helpful ' +
  'subscribe follow back nice video music track name song awesome edit transition coffee morning weekend vibes'
).split(' ');

const FIRST =
  'Anna Ben Carla David Emma Felix Greta Hugo Ines Jonas Klara Lukas Mia Noah Olga Paul Quinn Rosa Sam Tina Uma Victor Wen Xenia Yusuf Zoe Ali Bea Chen Dara Eli Fatima Gus Hana Ivan Juno Kai Lea Mateo Nia'.split(
    ' ',
  );
const LAST =
  'Smith Müller Garcia Rossi Dubois Kowalski Tanaka Silva Novak Jensen Ivanova Nguyen Okafor Haddad Larsen Costa Weber Moreau Sato Khan Lopez Fischer Berg Santos Kim Park Olsen Meyer Brown Wilson'.split(
    ' ',
  );

const PROFILE_NETWORKS: Network[][] = [
  ['instagram', 'facebook', 'tiktok', 'youtube', 'threads'],
  ['linkedin', 'twitter', 'facebook', 'bluesky'],
  ['instagram', 'tiktok', 'youtube', 'twitter', 'threads', 'facebook'],
  ['linkedin', 'instagram', 'facebook', 'bluesky', 'twitter'],
];

const DAY = 86_400_000;

export function buildDataset(options: { comments?: number; posts?: number; seed?: number; now?: number } = {}): StoreDataset {
  const total = options.comments ?? 100_000;
  const postTotal = options.posts ?? 600;
  const random = mulberry32(options.seed ?? 42);
  const now = options.now ?? Date.parse('2026-11-21T12:00:00.000Z');
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const account: AccountRecord = { accountId: 'bench-account', title: 'Studio', baseUrl: 'http://127.0.0.1:4010/api', kind: 'sandbox' };
  const profiles: ProfileRecord[] = PROFILE_NETWORKS.map((networks, index) => ({
    accountId: account.accountId,
    profileId: `profile-${index + 1}`,
    title: `Client ${index + 1}`,
    isPrimary: index === 0,
    networks: Object.fromEntries(networks.map((network) => [network, { id: `me-${index + 1}-${network}`, username: `client${index + 1}` }])),
    color: null,
  }));

  const authors = Array.from({ length: 8000 }, (_, index) => ({ id: `u${index}`, name: `${pick(FIRST)} ${pick(LAST)}` }));

  // Heavy tail: a Pareto weight per post, scaled so the counts add up to `total`.
  const weights = Array.from({ length: postTotal }, () => 1 / Math.pow(1 - random() * 0.999, 0.9));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const counts = weights.map((weight) => Math.floor((weight / weightSum) * total));
  let missing = total - counts.reduce((sum, count) => sum + count, 0);
  for (let index = 0; missing > 0; index = (index + 1) % postTotal, missing -= 1) counts[index]! += 1;

  const posts: PostRecord[] = [];
  const batches: StoreDataset['batches'] = [];
  let serial = 0;
  for (let index = 0; index < postTotal; index += 1) {
    const profile = profiles[index % profiles.length]!;
    const platform = pick(PROFILE_NETWORKS[index % profiles.length]!);
    const postCreated = now - Math.floor(random() * 120 * DAY);
    const socialPostId = `${platform}-post-${index}`;
    posts.push({
      profileId: profile.profileId,
      platform,
      socialPostId,
      servicePostId: random() < 0.85 ? `svc-${index}` : null,
      text: sentence(random, pick, 12, 40),
      url: `https://${platform}.example/p/${index}`,
      created: new Date(postCreated).toISOString(),
      disableComments: false,
      raw: { id: `svc-${index}`, platform, postIds: [{ id: socialPostId }] },
    });
    const own = profile.networks[platform]!;
    const comments: CommentInput[] = [];
    for (let n = 0; n < counts[index]!; n += 1) {
      serial += 1;
      // Most comments come in the first days after the post.
      const delay = Math.floor(-Math.log(1 - random() * 0.9999) * 1.5 * DAY);
      // A comment that would land in the future lands somewhere in the post's life so far instead.
      const created = postCreated + delay < now ? postCreated + delay : postCreated + Math.floor(random() * (now - postCreated));
      const byAccount = comments.length > 0 && random() < 0.06;
      const parent = comments.length > 0 && (byAccount || random() < 0.3) ? comments[Math.floor(random() * comments.length)]! : null;
      const author = byAccount ? { id: own.id, name: own.username } : pick(authors);
      const socialCommentId = `${platform}-c-${serial}`;
      const text = sentence(random, pick, 3, random() < 0.1 ? 60 : 25);
      const hidden = random() < 0.02;
      const likeCount = Math.floor(-Math.log(1 - random() * 0.999) * 3);
      const createdIso = new Date(Math.min(now, Math.max(created, parent ? Date.parse(parent.created) + 1000 : created))).toISOString();
      comments.push({
        platform,
        socialCommentId,
        socialPostId,
        parentSocialCommentId: parent?.socialCommentId ?? null,
        authorId: author.id,
        authorName: author.name,
        text,
        created: createdIso,
        likeCount,
        hidden,
        ...(platform === 'linkedin' ? { commentUrn: `urn:li:comment:(urn:li:activity:${index},${serial})` } : {}),
        ...(platform === 'tiktok' ? { videoId: `video-${index}` } : {}),
        serviceCommentId: byAccount ? `svc-c-${serial}` : null,
        raw: { comment: text, commentId: socialCommentId, created: createdIso, platform, from: { id: author.id, username: author.name }, likeCount, hidden },
      });
    }
    batches.push({ profileId: profile.profileId, comments });
  }
  return { account, profiles, posts, batches, commentCount: total, authorNames: [...new Set(authors.map((author) => author.name))], now };
}

function sentence(random: () => number, pick: <T>(list: readonly T[]) => T, min: number, max: number): string {
  const length = min + Math.floor(random() * (max - min));
  const words = Array.from({ length }, () => pick(WORDS));
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(' ')}${random() < 0.3 ? '!' : '.'}`;
}
