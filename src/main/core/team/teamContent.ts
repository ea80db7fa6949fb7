// The rate budget is the workspace's (issue 22, decision 0060): the team's side of the sync's
// `SharedPolling` port. A profile's lease is `lease:<scope>` on the team server; what the polling
// device stored is shared as `content:<scope>:<stamp>` documents, written locally and replicated
// like everything else; what other devices shared arrives by replication and waits here, per
// profile, until that profile's sync takes it. The scope names the profile on its service
// (`<profileId>@<service host>`), so two devices share only when they read the same service.
//
// Only what changed is shared: each row's fingerprint (comment, message, post, the profile's
// identities) is remembered, whether this device read it or replayed it, so a poll that found
// nothing new writes nothing, and a device that takes a profile over does not share it all again.
import { createHash } from 'node:crypto';
import { MAX_ROWS_PER_WRITE, MAX_WRITES_PER_DOCUMENT, type SharedWrite } from '../../../shared/domain/teamContent.ts';
import type { ContentDoc } from '../../../shared/domain/teamDocuments.ts';
import type { LoggerPort } from '../ports.ts';
import type { LeaseAnswer, SharedPolling } from '../sync/pollLease.ts';
import { contentDocId, MAX_DOCUMENT_CHARACTERS } from './teamDocuments.ts';
import type { TeamWorkspace } from './teamWorkspace.ts';

/** A document is filled up to this many characters of JSON: under half of what every device accepts, which counts a short number or key as more than its JSON. */
const DOCUMENT_BUDGET = Math.floor(MAX_DOCUMENT_CHARACTERS * 0.45);
/** Writes kept for a profile no sync has taken yet (one not on this device): the oldest go first. */
const MAX_WAITING_WRITES = 20_000;

type NewContentDoc = Omit<ContentDoc, 'who' | 'device' | '_rev'>;

export interface TeamContentOptions {
  device: string;
  logger?: LoggerPort | undefined;
  now?: () => number;
}

/** The scope of a profile on a service: the profile's id and the service's host. */
export function contentScope(serviceUrl: string, profileId: string): string {
  let host = 'service';
  try {
    host = new URL(serviceUrl).host;
  } catch {
    // An address the account could not have been added with; the profile id still names it.
  }
  return `${profileId}@${host}`;
}

export class TeamContent {
  /** The workspace open now; null while the device is in none (Settings → Team left it, or is changing it). */
  #workspace: TeamWorkspace | null = null;
  #unsubscribe: (() => void) | null = null;
  #device: string;
  readonly #logger: LoggerPort | undefined;
  readonly #now: () => number;
  readonly #waiting = new Map<string, SharedWrite[]>();
  readonly #listeners = new Map<string, Set<() => void>>();
  /** Per scope: row key → fingerprint of what the workspace already holds. */
  readonly #known = new Map<string, Map<string, string>>();
  readonly #pending = new Map<string, SharedWrite[]>();
  /**
   * The scopes whose lease this device holds (its last answer): only those are shared. A device that
   * polls because the server could not be asked shares nothing, since the others take content only
   * from the lease's holder (decision 0064) and poll for themselves meanwhile.
   */
  readonly #holding = new Set<string>();
  #flushTimer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();
  #sequence = 0;

  constructor(workspace: TeamWorkspace, options: TeamContentOptions) {
    this.#device = options.device;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.attach(workspace);
  }

  /**
   * The workspace open now (the syncs' ports stay the same across a change of team): a lease is asked
   * of it, what is shared goes to it, and what arrives comes from it. Null: no lease can be asked, so
   * each device polls for itself, and nothing is shared.
   */
  attach(workspace: TeamWorkspace | null, device = this.#device): void {
    this.#device = device;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#workspace = workspace;
    this.#known.clear();
    this.#holding.clear();
    if (workspace !== null) this.#unsubscribe = workspace.subscribe((update) => this.#arrived(update.content));
  }

  /** The port for the sync of an account reading the service at `serviceUrl`. */
  forService(serviceUrl: string): SharedPolling {
    const scope = (profileId: string) => contentScope(serviceUrl, profileId);
    return {
      takeLease: async (profileId, durationMs): Promise<LeaseAnswer> => {
        const key = scope(profileId);
        const answer: LeaseAnswer = this.#workspace === null ? { status: 'unknown' } : await this.#workspace.takeLease(key, durationMs);
        if (answer.status === 'held-by-me') this.#holding.add(key);
        else this.#holding.delete(key);
        return answer;
      },
      share: (profileId, writes) => this.#share(scope(profileId), writes),
      arrived: (profileId) => {
        const key = scope(profileId);
        const writes = this.#waiting.get(key) ?? [];
        this.#waiting.delete(key);
        return writes;
      },
      onArrival: (profileId, listener) => {
        const key = scope(profileId);
        let listeners = this.#listeners.get(key);
        if (!listeners) this.#listeners.set(key, (listeners = new Set<() => void>()));
        listeners.add(listener);
        if ((this.#waiting.get(key)?.length ?? 0) > 0) listener();
        return () => listeners.delete(listener);
      },
    };
  }

  /** Everything shared so far is written to the workspace's copy (tests, closing). */
  async flushed(): Promise<void> {
    this.#flush();
    await this.#writing;
  }

  #arrived(docs: readonly ContentDoc[]): void {
    const told = new Set<string>();
    for (const doc of docs) {
      const known = this.#knownOf(doc.scope);
      // Remembered as the workspace's: this device will not share them again should it take over.
      for (const write of doc.writes) for (const [key, print] of fingerprints(write)) known.set(key, print);
      const waiting = this.#waiting.get(doc.scope) ?? [];
      waiting.push(...doc.writes);
      if (waiting.length > MAX_WAITING_WRITES) waiting.splice(0, waiting.length - MAX_WAITING_WRITES);
      this.#waiting.set(doc.scope, waiting);
      told.add(doc.scope);
    }
    for (const scope of told) {
      for (const listener of this.#listeners.get(scope) ?? []) {
        try {
          listener();
        } catch {
          // A sync's own failure must not keep the others from being told.
        }
      }
    }
  }

  #knownOf(scope: string): Map<string, string> {
    let known = this.#known.get(scope);
    if (!known) this.#known.set(scope, (known = new Map<string, string>()));
    return known;
  }

  /** Keeps what changed of each write; the writes of one moment go out together. */
  #share(scope: string, writes: readonly SharedWrite[]): void {
    if (!this.#holding.has(scope)) return;
    const known = this.#knownOf(scope);
    const pending = this.#pending.get(scope) ?? [];
    for (const write of writes) {
      const changed = changedPart(write, known);
      if (changed === null) continue;
      for (const [key, print] of fingerprints(changed)) known.set(key, print);
      pending.push(...splitRows(changed));
    }
    if (pending.length === 0) return;
    this.#pending.set(scope, pending);
    this.#flushTimer ??= setTimeout(() => this.#flush(), 0);
  }

  #flush(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    const docs: NewContentDoc[] = [];
    for (const [scope, writes] of this.#pending) for (const group of packed(writes)) docs.push(this.#doc(scope, group));
    this.#pending.clear();
    const workspace = this.#workspace;
    if (docs.length === 0 || workspace === null) return;
    this.#writing = this.#writing.then(async () => {
      try {
        await workspace.shareContent(docs);
      } catch (error) {
        // Forgotten, so the next poll that reads them shares them again.
        for (const doc of docs) {
          const known = this.#knownOf(doc.scope);
          for (const write of doc.writes) for (const [key] of fingerprints(write)) known.delete(key);
        }
        this.#logger?.error('What this device read could not be shared with the team', { reason: (error as Error).message });
      }
    });
  }

  #doc(scope: string, writes: SharedWrite[]): NewContentDoc {
    const at = Math.floor(this.#now());
    this.#sequence += 1;
    const stamp = `${String(at).padStart(15, '0')}.${String(this.#sequence).padStart(6, '0')}.${this.#device}`;
    return { _id: contentDocId(scope, stamp), kind: 'content', scope, at, writes };
  }
}

function print(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64');
}

/** Each row a write holds, by a key of its own, with the fingerprint of its content. */
function fingerprints(write: SharedWrite): [string, string][] {
  switch (write.op) {
    case 'profile-and-posts':
      return [
        ...(write.profile ? [['profile', print(write.profile.networks)] as [string, string]] : []),
        ...write.posts.map((post): [string, string] => [`post:${post.platform}:${post.socialPostId}`, print(post)]),
      ];
    case 'comments':
      return write.rows.map((row) => [`comment:${row.platform}:${row.socialCommentId}`, print(row)]);
    case 'messages':
      return write.rows.map((row) => [`message:${row.platform}:${row.messageId}`, print(row)]);
    case 'analytics':
    case 'account-snapshot':
      // Already only what the store found new.
      return [];
  }
}

/** The write with only rows the workspace does not hold as they are; null when nothing is left to share. */
function changedPart(write: SharedWrite, known: ReadonlyMap<string, string>): SharedWrite | null {
  const fresh = <T>(rows: readonly T[], keyOf: (row: T) => string) => rows.filter((row) => known.get(keyOf(row)) !== print(row));
  switch (write.op) {
    case 'profile-and-posts': {
      const profile = write.profile && known.get('profile') !== print(write.profile.networks) ? write.profile : null;
      const posts = fresh(write.posts, (post) => `post:${post.platform}:${post.socialPostId}`);
      return profile === null && posts.length === 0 ? null : { ...write, profile, posts };
    }
    case 'comments': {
      const rows = fresh(write.rows, (row) => `comment:${row.platform}:${row.socialCommentId}`);
      // A first poll is shared even without comments: it tells the others the post was read.
      return rows.length === 0 && !write.firstFetch ? null : { ...write, rows };
    }
    case 'messages': {
      const rows = fresh(write.rows, (row) => `message:${row.platform}:${row.messageId}`);
      return rows.length === 0 ? null : { ...write, rows };
    }
    case 'analytics':
    case 'account-snapshot':
      return write;
  }
}

/** A write of more rows than one write may hold, as several. */
function splitRows(write: SharedWrite): SharedWrite[] {
  const chunks = <T>(rows: readonly T[]): T[][] => {
    const out: T[][] = [];
    for (let start = 0; start < rows.length; start += MAX_ROWS_PER_WRITE) out.push(rows.slice(start, start + MAX_ROWS_PER_WRITE));
    return out.length > 0 ? out : [[]];
  };
  if (write.op === 'profile-and-posts') return chunks(write.posts).map((posts, index) => ({ ...write, profile: index === 0 ? write.profile : null, posts }));
  if (write.op === 'comments') return chunks(write.rows).map((rows) => ({ ...write, rows }));
  if (write.op === 'messages') return chunks(write.rows).map((rows) => ({ ...write, rows }));
  return [write];
}

/** A write halved by its rows until each half fits a document; a single row too large to share is left out. */
function fitted(write: SharedWrite): SharedWrite[] {
  if (JSON.stringify(write).length <= DOCUMENT_BUDGET) return [write];
  const halves = <T>(rows: readonly T[], make: (rows: T[]) => SharedWrite): SharedWrite[] =>
    rows.length <= 1 ? [] : [make(rows.slice(0, rows.length / 2)), make(rows.slice(rows.length / 2))].flatMap(fitted);
  if (write.op === 'profile-and-posts') return halves(write.posts, (posts) => ({ ...write, posts }));
  if (write.op === 'comments') return halves(write.rows, (rows) => ({ ...write, rows }));
  if (write.op === 'messages') return halves(write.rows, (rows) => ({ ...write, rows }));
  return [];
}

/** The writes in documents: in order, each document under the size budget and the count limit. */
function packed(writes: readonly SharedWrite[]): SharedWrite[][] {
  const groups: SharedWrite[][] = [];
  let group: SharedWrite[] = [];
  let size = 0;
  for (const write of writes.flatMap(fitted)) {
    const length = JSON.stringify(write).length;
    if (group.length > 0 && (size + length > DOCUMENT_BUDGET || group.length >= MAX_WRITES_PER_DOCUMENT)) {
      groups.push(group);
      group = [];
      size = 0;
    }
    group.push(write);
    size += length;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
