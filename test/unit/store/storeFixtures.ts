// What the store's tests share: a store on a real file in a temp directory, a clock the test
// moves, and builders for accounts, profiles, posts and comments with sensible defaults.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../src/main/core/clock.ts';
import { openStore, type OpenedStore, type OpenStoreOptions, type SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { AccountRecord, CommentInput, PostRecord, ProfileRecord } from '../../../src/main/core/store/types.ts';
import type { Network } from '../../../src/shared/networks.ts';

export const T0 = Date.parse('2026-11-20T12:00:00.000Z');

export class FakeClock implements Clock {
  time: number;
  constructor(time = T0) {
    this.time = time;
  }
  now(): number {
    return this.time;
  }
  async sleep(ms: number): Promise<void> {
    this.time += ms;
  }
}

export interface TempStore {
  dir: string;
  file: string;
  clock: FakeClock;
  store: SqliteStore;
  opened: OpenedStore;
  reopen(options?: OpenStoreOptions): OpenedStore;
  cleanup(): void;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'store-test-'));
}

export function openTempStore(options: { dir?: string; clock?: FakeClock } = {}): TempStore {
  const dir = options.dir ?? tempDir();
  const file = join(dir, 'inbox.sqlite');
  const clock = options.clock ?? new FakeClock();
  const opened = openStore(file, { clock });
  const temp: TempStore = {
    dir,
    file,
    clock,
    store: opened.store,
    opened,
    reopen(reopenOptions = {}) {
      temp.store.close();
      temp.opened = openStore(file, { clock, ...reopenOptions });
      temp.store = temp.opened.store;
      return temp.opened;
    },
    cleanup() {
      temp.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return temp;
}

export const ACCOUNT: AccountRecord = { accountId: 'acc-1', title: 'Studio', baseUrl: 'http://127.0.0.1:4010/api', kind: 'sandbox' };

export function profile(profileId: string, networks: Network[] = ['instagram', 'facebook', 'linkedin'], overrides: Partial<ProfileRecord> = {}): ProfileRecord {
  return {
    accountId: ACCOUNT.accountId,
    profileId,
    title: `Client ${profileId}`,
    isPrimary: false,
    networks: Object.fromEntries(networks.map((network) => [network, { id: ownId(profileId, network), username: `${profileId}-${network}` }])),
    color: null,
    ...overrides,
  };
}

/** The author id of a profile's own account on a network (as `profile()` builds it). */
export function ownId(profileId: string, network: Network): string {
  return `me:${profileId}:${network}`;
}

export function post(profileId: string, platform: Network, socialPostId: string, overrides: Partial<PostRecord> = {}): PostRecord {
  return {
    profileId,
    platform,
    socialPostId,
    servicePostId: `svc-${socialPostId}`,
    text: `Post ${socialPostId}: our autumn collection is here`,
    url: `https://${platform}.example/${socialPostId}`,
    created: new Date(T0 - 86_400_000).toISOString(),
    disableComments: false,
    raw: { id: `svc-${socialPostId}` },
    ...overrides,
  };
}

let serial = 0;

export function comment(overrides: Partial<CommentInput> & { platform?: Network } = {}): CommentInput {
  serial += 1;
  const platform = overrides.platform ?? 'instagram';
  const socialCommentId = overrides.socialCommentId ?? `c${serial}`;
  const base: CommentInput = {
    platform,
    socialCommentId,
    socialPostId: 'p1',
    parentSocialCommentId: null,
    authorId: `fan-${serial}`,
    authorName: `Fan ${serial}`,
    text: `Comment number ${serial}`,
    created: new Date(T0 - serial * 1000).toISOString(),
    likeCount: 0,
    hidden: false,
    raw: { commentId: socialCommentId },
  };
  return { ...base, ...overrides };
}

/** A store with the account and the given profiles in it. */
export function seeded(profiles: ProfileRecord[] = [profile('p-1')]): TempStore {
  const temp = openTempStore();
  temp.store.upsertAccount(ACCOUNT);
  for (const p of profiles) temp.store.upsertProfile(p);
  return temp;
}
