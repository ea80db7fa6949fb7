// The inbox's answers against a naive model: random comments, threads, re-ingests and triage,
// then random filters (every combination of profiles, networks, view, unread, text, "now") read
// page by page with random page sizes. Ties in time are frequent on purpose (a few seconds only),
// so keyset pagination inside one second is exercised on every run.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommentInput, InboxFilter, InboxView, ProfileRecord, TriagePatch, ViewCounts } from '../../../src/main/core/store/types.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { ownId, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

const PROFILES: ProfileRecord[] = [profile('p-1', ['instagram', 'facebook']), profile('p-2', ['facebook', 'linkedin']), profile('p-3', ['tiktok'])];
const PLATFORMS: Network[] = ['instagram', 'facebook', 'linkedin', 'tiktok'];
const WORDS = ['apple', 'apricot', 'banana', 'band', 'cherry', 'chart', 'delivery', 'price'];
const VIEWS: InboxView[] = ['all', 'needsReply', 'done', 'snoozed', 'hidden'];
const NOWS = [T0 - 60_000, T0, T0 + 60_000];
/** 60 runs in \`npm test\`; STORE_MODEL_RUNS=1000 for a longer hunt. */
const RUNS = Number(process.env.STORE_MODEL_RUNS ?? 60);

interface ModelComment {
  profileId: string;
  input: CommentInput;
  key: string;
  created: string;
  unread: boolean;
  done: boolean;
  snoozedUntil: number | null;
}

const commentArb = fc.record({
  profile: fc.integer({ min: 0, max: 2 }),
  platform: fc.constantFrom(...PLATFORMS),
  id: fc.integer({ min: 0, max: 40 }),
  post: fc.integer({ min: 0, max: 2 }),
  parent: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  mine: fc.boolean(),
  words: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }),
  author: fc.constantFrom('Ann Apple', 'Bob Band', 'Cy Chart'),
  // Five seconds, with milliseconds: many ties at the second, some at the millisecond.
  second: fc.integer({ min: 0, max: 4 }),
  ms: fc.constantFrom(0, 0, 250, 999),
  hidden: fc.boolean(),
});

type CommentCase = typeof commentArb extends fc.Arbitrary<infer T> ? T : never;

const triageArb = fc.record({
  ids: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 6 }),
  unread: fc.option(fc.boolean(), { nil: undefined }),
  done: fc.option(fc.boolean(), { nil: undefined }),
  snoozedUntil: fc.option(fc.constantFrom(null, T0 - 30_000, T0 + 30_000, T0 + 3_600_000), { nil: undefined }),
  labels: fc.option(fc.array(fc.constantFrom('vip', 'later')), { nil: undefined }),
});

const filterArb = fc.record({
  profileIds: fc.option(fc.subarray(['p-1', 'p-2', 'p-3', 'unknown']), { nil: undefined }),
  platforms: fc.option(fc.subarray(PLATFORMS), { nil: undefined }),
  view: fc.option(fc.constantFrom(...VIEWS), { nil: undefined }),
  unreadOnly: fc.option(fc.boolean(), { nil: undefined }),
  text: fc.option(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom('ap', 'ban', 'ch', 'ann', 'band apple', 'zzz', '"price" OR', '***', 'Bob')), {
    nil: undefined,
  }),
  now: fc.constantFrom(...NOWS),
  pageSize: fc.integer({ min: 1, max: 7 }),
});

function inputOf(c: CommentCase): { profileId: string; input: CommentInput } {
  const owner = PROFILES[c.profile]!;
  const socialCommentId = `c${c.id}`;
  return {
    profileId: owner.profileId,
    input: {
      platform: c.platform,
      socialCommentId,
      socialPostId: `post${c.post}`,
      parentSocialCommentId: c.parent === null || c.parent === c.id ? null : `c${c.parent}`,
      authorId: c.mine ? ownId(owner.profileId, c.platform) : `fan-${c.author}`,
      authorName: c.author,
      text: c.words.join(' '),
      created: new Date(T0 - 10_000 + c.second * 1000 + c.ms).toISOString(),
      likeCount: 0,
      hidden: c.hidden,
      raw: { c },
    },
  };
}

class Model {
  readonly comments = new Map<string, ModelComment>();

  ingest(profileId: string, input: CommentInput): void {
    const key = `${input.platform}:${input.socialCommentId}`;
    const known = this.comments.get(key);
    if (known) {
      // Synced fields follow the network; identity (profile, time, post, parent) stays.
      known.input = {
        ...input,
        created: known.input.created,
        socialPostId: known.input.socialPostId,
        parentSocialCommentId: known.input.parentSocialCommentId,
      };
      return;
    }
    const mine = this.byAccount(profileId, input);
    this.comments.set(key, {
      profileId,
      input,
      key,
      created: new Date(Date.parse(input.created)).toISOString(),
      unread: !mine,
      done: false,
      snoozedUntil: null,
    });
  }

  byAccount(profileId: string, input: CommentInput): boolean {
    return PROFILES.find((p) => p.profileId === profileId)!.networks[input.platform]?.id === input.authorId;
  }

  /** The account answered this comment itself (a direct reply by it), not only something below it. */
  replied(c: ModelComment): boolean {
    for (const child of this.comments.values()) {
      if (child.input.platform !== c.input.platform || child.input.parentSocialCommentId !== c.input.socialCommentId) continue;
      if (this.byAccount(child.profileId, child.input)) return true;
    }
    return false;
  }

  inView(c: ModelComment, view: InboxView, now: number): boolean {
    const snoozed = c.snoozedUntil !== null && c.snoozedUntil > now;
    switch (view) {
      case 'all':
        return true;
      case 'needsReply':
        return !this.byAccount(c.profileId, c.input) && !c.done && !c.input.hidden && !snoozed && !this.replied(c);
      case 'done':
        return c.done;
      case 'snoozed':
        return snoozed;
      case 'hidden':
        return c.input.hidden;
      case 'assignedToMe':
        // A store outside a team assigns nothing (its actor is "me", whom no item is assigned to).
        return false;
    }
  }

  matchesText(c: ModelComment, text: string | undefined): boolean {
    if (text === undefined || text.trim() === '') return true;
    const words: string[] = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    if (words.length === 0) return false;
    const tokens: string[] = `${c.input.text} ${c.input.authorName}`.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    return words.every((word, index) => (index === words.length - 1 ? tokens.some((t) => t.startsWith(word)) : tokens.includes(word)));
  }

  query(filter: InboxFilter): string[] {
    const now = filter.now!;
    return [...this.comments.values()]
      .filter(
        (c) =>
          (filter.profileIds === undefined || filter.profileIds.includes(c.profileId)) &&
          (filter.platforms === undefined || filter.platforms.includes(c.input.platform)) &&
          this.inView(c, filter.view ?? 'all', now) &&
          (!filter.unreadOnly || c.unread) &&
          this.matchesText(c, filter.text),
      )
      .sort((a, b) => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
      .map((c) => c.key);
  }

  counts(now: number): Record<string, ViewCounts> {
    const result: Record<string, ViewCounts> = {};
    for (const p of PROFILES) {
      const mine = [...this.comments.values()].filter((c) => c.profileId === p.profileId);
      const count = (view: InboxView) => mine.filter((c) => this.inView(c, view, now)).length;
      result[p.profileId] = {
        unread: mine.filter((c) => c.unread).length,
        needsReply: count('needsReply'),
        all: mine.length,
        done: count('done'),
        snoozed: count('snoozed'),
        hidden: count('hidden'),
      };
    }
    return result;
  }
}

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

describe('inbox pages against a naive model', () => {
  it(
    'returns exactly the filtered comments, newest first, across pages, for any filter',
    () => {
      fc.assert(
        fc.property(
          fc.array(commentArb, { minLength: 1, maxLength: 60 }),
          fc.array(triageArb, { maxLength: 8 }),
          fc.array(commentArb, { maxLength: 15 }),
          fc.array(filterArb, { minLength: 1, maxLength: 12 }),
          (comments, triage, later, filters) => {
            temp?.cleanup();
            temp = seeded(PROFILES);
            const store = temp.store;
            const model = new Model();
            const ingest = (batch: CommentCase[]) => {
              const byProfile = new Map<string, CommentInput[]>();
              // Within one batch the last listing of a comment counts (as the store promises).
              const lastListing = new Map(batch.map((c) => [`${c.platform}:${c.id}`, c]));
              for (const c of lastListing.values()) {
                const { profileId, input } = inputOf(c);
                // A comment belongs to the profile that first brought it.
                const owner = model.comments.get(`${input.platform}:${input.socialCommentId}`)?.profileId ?? profileId;
                byProfile.set(owner, [...(byProfile.get(owner) ?? []), input]);
              }
              for (const [profileId, inputs] of byProfile) {
                store.ingestComments(profileId, inputs);
                for (const input of inputs) model.ingest(profileId, input);
              }
            };
            ingest(comments);
            for (const t of triage) {
              const patch: TriagePatch = {
                ...(t.unread === undefined ? {} : { unread: t.unread }),
                ...(t.done === undefined ? {} : { done: t.done }),
                ...(t.snoozedUntil === undefined ? {} : { snoozedUntil: t.snoozedUntil }),
                ...(t.labels === undefined ? {} : { labels: t.labels }),
              };
              const keys = t.ids.flatMap((id) => PLATFORMS.map((platform) => `${platform}:c${id}`));
              store.setTriage(keys, patch);
              for (const key of keys) {
                const c = model.comments.get(key);
                if (!c) continue;
                if (patch.unread !== undefined) c.unread = patch.unread;
                if (patch.done !== undefined) c.done = patch.done;
                if (patch.snoozedUntil !== undefined) c.snoozedUntil = patch.snoozedUntil;
              }
            }
            ingest(later);

            for (const filter of filters) {
              const { pageSize, ...query } = filter;
              const expected = model.query(query);
              const got: string[] = [];
              let cursor = null;
              for (let pages = 0; pages < 200; pages += 1) {
                const page = store.inboxPage(query, cursor, pageSize);
                got.push(...page.rows.map((row) => row.key));
                expect(page.rows.length).toBeLessThanOrEqual(pageSize);
                if (page.next === null) break;
                cursor = page.next;
              }
              expect(got).toEqual(expected);
            }
            for (const now of NOWS) expect(store.counts({ now })).toEqual(model.counts(now));
          },
        ),
        { numRuns: RUNS },
      );
    },
    60_000 + RUNS * 200,
  );
});
