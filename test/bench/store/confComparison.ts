// The same work on `conf`, the JSON store under electron-store, used the way electron-store is
// used: one key holding every comment (with its triage state), read, changed and written back per
// batch. conf reads and parses the whole file on every get and writes the whole file, atomically,
// on every set, so each batch costs in proportion to everything stored so far.
import Conf from 'conf';
import type { CommentInput, InboxFilter } from '../../../src/main/core/store/types.ts';
import type { StoreDataset } from './dataset.ts';
import { summarize, type Summary, timed } from './stats.ts';

interface ConfComment extends CommentInput {
  profileId: string;
  unread: boolean;
  done: boolean;
  snoozedUntil: number | null;
}
type Comments = Record<string, ConfComment>;

export interface ConfFigures {
  batchesDone: number;
  commentsDone: number;
  ingestMs: number;
  /** Projected time for all batches: the measured cost per batch grows with what is stored. */
  projectedIngestMs: number;
  fullWriteMs: number;
  fileBytes: number;
  pages: Summary;
  searches: Summary;
}

export function runConfComparison(dir: string, dataset: StoreDataset, filters: InboxFilter[], searches: InboxFilter[], capMs: number): ConfFigures {
  const ingestStore = new Conf<{ comments: Comments }>({ cwd: `${dir}/ingest`, configName: 'inbox', defaults: { comments: {} } });
  const perBatch: { stored: number; ms: number }[] = [];
  let stored = 0;
  const started = performance.now();
  for (const batch of dataset.batches) {
    if (performance.now() - started > capMs) break;
    const { ms } = timed(() => {
      const all = ingestStore.get('comments');
      for (const comment of batch.comments) {
        const key = `${comment.platform}:${comment.socialCommentId}`;
        const known = all[key];
        all[key] = {
          ...comment,
          profileId: batch.profileId,
          unread: known?.unread ?? true,
          done: known?.done ?? false,
          snoozedUntil: known?.snoozedUntil ?? null,
        };
      }
      ingestStore.set('comments', all);
    });
    stored += batch.comments.length;
    perBatch.push({ stored, ms });
  }
  const ingestMs = performance.now() - started;

  // Cost per batch ≈ a + b × comments stored: fit it, then add up the batches not run.
  const n = perBatch.length;
  const meanX = perBatch.reduce((s, p) => s + p.stored, 0) / n;
  const meanY = perBatch.reduce((s, p) => s + p.ms, 0) / n;
  const slope =
    perBatch.reduce((s, p) => s + (p.stored - meanX) * (p.ms - meanY), 0) /
    Math.max(
      1e-9,
      perBatch.reduce((s, p) => s + (p.stored - meanX) ** 2, 0),
    );
  const intercept = meanY - slope * meanX;
  let projected = ingestMs;
  let running = stored;
  for (const batch of dataset.batches.slice(n)) {
    running += batch.comments.length;
    projected += Math.max(0, intercept + slope * running);
  }

  // The page query on the full 100,000: written once, then read as electron-store reads.
  const full: Comments = {};
  for (const batch of dataset.batches)
    for (const comment of batch.comments)
      full[`${comment.platform}:${comment.socialCommentId}`] = { ...comment, profileId: batch.profileId, unread: true, done: false, snoozedUntil: null };
  const fullStore = new Conf<{ comments: Comments }>({ cwd: `${dir}/full`, configName: 'inbox', defaults: { comments: {} } });
  const fullWrite = timed(() => fullStore.set('comments', full));
  const page = (filter: InboxFilter) => naivePage(Object.entries(fullStore.get('comments')), filter);
  const pageSamples = filters.map((filter) => timed(() => page(filter)).ms);
  const searchSamples = searches.map((filter) => timed(() => page(filter)).ms);
  return {
    batchesDone: n,
    commentsDone: stored,
    ingestMs,
    projectedIngestMs: projected,
    fullWriteMs: fullWrite.ms,
    fileBytes: JSON.stringify(full).length,
    pages: summarize(pageSamples),
    searches: summarize(searchSamples),
  };
}

/** What an app on electron-store would do for one page: filter everything, sort, take 50. */
function naivePage(entries: [string, ConfComment][], filter: InboxFilter): [string, ConfComment][] {
  const now = filter.now ?? Date.now();
  const words = filter.text?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  return entries
    .filter(([, c]) => {
      if (filter.profileIds && !filter.profileIds.includes(c.profileId)) return false;
      if (filter.platforms && !filter.platforms.includes(c.platform)) return false;
      if (filter.unreadOnly && !c.unread) return false;
      const snoozed = c.snoozedUntil !== null && c.snoozedUntil > now;
      if (filter.view === 'needsReply' && (c.done || c.hidden || snoozed)) return false;
      if (filter.view === 'done' && !c.done) return false;
      if (filter.view === 'snoozed' && !snoozed) return false;
      if (filter.view === 'hidden' && !c.hidden) return false;
      if (words.length > 0) {
        const text = `${c.text} ${c.authorName}`.toLowerCase();
        if (!words.every((word) => text.includes(word))) return false;
      }
      return true;
    })
    .sort(([ka, a], [kb, b]) => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : ka < kb ? 1 : -1))
    .slice(0, 50);
}
