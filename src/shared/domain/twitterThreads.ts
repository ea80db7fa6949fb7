// Which tweets of an account form a thread. The service does not say (a network's history gives id,
// created, text and url only, and analytics must name every tweet of a thread on its own: spec,
// analytics by Social Post ID, rule 2), so the app infers it from what people write: a thread's
// tweets follow each other within minutes and carry a marker, "k/n" (1/3, 2/3 …) or the thread
// emoji 🧵. Pure: the core groups the Posts view's rows with it, the tests pin its rules.
import { z } from 'zod';

/** A tweet as the detection needs it. */
export interface ThreadCandidate {
  key: string;
  profileId: string;
  platform: string;
  text: string;
  /** UTC ISO 8601. */
  created: string;
}

/** What a tweet's text says about its place in a thread. */
export interface ThreadMarker {
  /** k of "k/n", null when the text has only 🧵. */
  index: number | null;
  /** n of "k/n", null when not written. */
  total: number | null;
}

export const PostThreadSchema = z.object({
  /** The first tweet's post key: the thread's name in the list. */
  headKey: z.string(),
  /** Every tweet's post key, first tweet first. */
  keys: z.array(z.string()).min(2),
  /** How many tweets the markers announce ("n" of "k/n"), null when none says; may exceed keys.length when some are missing. */
  announced: z.number().int().nullable(),
  /** Grouped by the user, not found from the markers. */
  manual: z.boolean().optional(),
});
export type PostThread = z.infer<typeof PostThreadSchema>;

/** Tweets of one thread are written one after the other: a few minutes apart at most. */
export const THREAD_MAX_GAP_MS = 5 * 60_000;

const THREAD_EMOJI = '\u{1F9F5}';
/** "1/3", "2 / 3", "(3/3)", "3/3." — not inside a longer number or a date like 12/05/2026. */
const INDEX_MARKER = /(?<![\d/])(\d{1,2})\s?\/\s?(\d{1,2})(?![\d/])/u;

export function threadMarker(text: string): ThreadMarker | null {
  const found = INDEX_MARKER.exec(text);
  if (found) {
    const index = Number(found[1]);
    const total = Number(found[2]);
    // "24/7", "0/5" or "1/1" are not places in a thread.
    if (index >= 1 && total >= 2 && index <= total) return { index, total };
  }
  return text.includes(THREAD_EMOJI) ? { index: null, total: null } : null;
}

interface Marked {
  candidate: ThreadCandidate;
  at: number;
  marker: ThreadMarker;
}

/**
 * The threads among an account's tweets. Rules (each pinned by a test):
 * - only twitter posts with a marker take part; others are skipped, so an unrelated tweet written in
 *   between does not break a thread;
 * - tweets are taken in time order per profile; one continues the thread of the tweet before it when
 *   it came at most `maxGapMs` later and its marker fits: a higher k than the last known k, the same
 *   n when both say one; a 🧵 without a number, or a k not above the last one ("1/n" again), starts
 *   a new thread (a "🧵" head followed by "1/n" is one thread);
 * - a thread needs two tweets at least; missing tweets (1/3 and 3/3 only) still make one, and
 *   `announced` keeps the n the markers said.
 */
export function detectTwitterThreads(candidates: readonly ThreadCandidate[], maxGapMs: number = THREAD_MAX_GAP_MS): PostThread[] {
  const seen = new Set<string>();
  const byProfile = new Map<string, Marked[]>();
  for (const candidate of candidates) {
    if (candidate.platform !== 'twitter' || seen.has(candidate.key)) continue;
    seen.add(candidate.key);
    const at = Date.parse(candidate.created);
    const marker = threadMarker(candidate.text);
    if (!Number.isFinite(at) || marker === null) continue;
    const list = byProfile.get(candidate.profileId) ?? [];
    list.push({ candidate, at, marker });
    byProfile.set(candidate.profileId, list);
  }
  const threads: PostThread[] = [];
  for (const list of byProfile.values()) {
    list.sort((a, b) => a.at - b.at || a.candidate.key.localeCompare(b.candidate.key));
    let current: Marked[] = [];
    const close = () => {
      if (current.length >= 2) threads.push(threadOf(current));
      current = [];
    };
    for (const tweet of list) {
      const last = current.at(-1);
      if (last === undefined || !continues(current, last, tweet, maxGapMs)) close();
      current.push(tweet);
    }
    close();
  }
  return threads.sort((a, b) => a.headKey.localeCompare(b.headKey));
}

function continues(chain: readonly Marked[], last: Marked, next: Marked, maxGapMs: number): boolean {
  if (next.at - last.at > maxGapMs) return false;
  const { index, total } = next.marker;
  // A 🧵 without a number opens a thread; it never continues one.
  if (index === null) return false;
  const lastIndex = [...chain].reverse().find((t) => t.marker.index !== null)?.marker.index ?? null;
  if (lastIndex !== null && index <= lastIndex) return false;
  const chainTotal = chain.find((t) => t.marker.total !== null)?.marker.total ?? null;
  return chainTotal === null || total === null || chainTotal === total;
}

function threadOf(chain: readonly Marked[]): PostThread {
  const totals = chain.map((t) => t.marker.total).filter((n): n is number => n !== null);
  return {
    headKey: chain[0]?.candidate.key ?? '',
    keys: chain.map((t) => t.candidate.key),
    announced: totals.length > 0 ? Math.max(...totals) : null,
  };
}

// ---- the user's corrections ----

/** At most this many tweets in a thread made by hand. */
export const MAX_THREAD_TWEETS = 25;

/**
 * What the user changed by hand, per client: threads they made (tweets without markers, or with
 * markers the rules miss) and tweets they took out of the threads the app found. Kept by the core.
 */
export const ThreadEditsSchema = z.object({
  groups: z.array(z.array(z.string()).min(2).max(MAX_THREAD_TWEETS)).max(1_000).default([]),
  ungrouped: z.array(z.string()).max(10_000).default([]),
});
export type ThreadEdits = z.infer<typeof ThreadEditsSchema>;

export const NO_THREAD_EDITS: ThreadEdits = { groups: [], ungrouped: [] };

/**
 * The threads to show: those found, less the tweets the user took out or put in a thread of their
 * own (a found thread left with one tweet is no thread), plus the user's threads, each first tweet
 * first. Keys of posts no longer stored are dropped.
 */
export function applyThreadEdits(detected: readonly PostThread[], edits: ThreadEdits, candidates: readonly ThreadCandidate[]): PostThread[] {
  const at = new Map<string, number>();
  for (const c of candidates) {
    const ms = Date.parse(c.created);
    if (c.platform === 'twitter' && Number.isFinite(ms)) at.set(c.key, ms);
  }
  const byTime = (keys: readonly string[]) =>
    [...new Set(keys)].filter((key) => at.has(key)).sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0) || a.localeCompare(b));
  const manual = edits.groups.map(byTime).filter((keys) => keys.length >= 2);
  const taken = new Set([...edits.ungrouped, ...manual.flat()]);
  const found = detected.flatMap((thread) => {
    const keys = thread.keys.filter((key) => at.has(key) && !taken.has(key));
    return keys.length >= 2 ? [{ ...thread, headKey: keys[0] as string, keys }] : [];
  });
  const made = manual.map((keys) => ({ headKey: keys[0] as string, keys, announced: null, manual: true }));
  return [...found, ...made].sort((a, b) => a.headKey.localeCompare(b.headKey));
}

/**
 * The edits after the user made a thread of these tweets: they leave any other thread made by hand.
 * Tweets the user took apart before stay marked so: while this thread exists it wins, and once it is
 * ungrouped they are apart again, not back in the thread the markers suggest.
 */
export function groupTweets(edits: ThreadEdits, keys: readonly string[]): ThreadEdits {
  const chosen = new Set(keys);
  const groups = edits.groups.map((group) => group.filter((key) => !chosen.has(key))).filter((group) => group.length >= 2);
  return { groups: [...groups, [...chosen]], ungrouped: edits.ungrouped };
}

/** The edits after the user said a shown thread is none: a thread made by hand goes, a found one's tweets stay apart. */
export function ungroupThread(edits: ThreadEdits, thread: PostThread): ThreadEdits {
  if (thread.manual === true) {
    const keys = new Set(thread.keys);
    return { ...edits, groups: edits.groups.filter((group) => !group.some((key) => keys.has(key))) };
  }
  return { ...edits, ungrouped: [...new Set([...edits.ungrouped, ...thread.keys])] };
}
