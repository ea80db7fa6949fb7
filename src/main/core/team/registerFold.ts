// One register of one item folded over its part of the log, as a graph: each entry applies to the
// merge of the entries it had seen (its parents), and the register's value is the merge of the
// entries nobody has seen yet (its heads). When a merge has more than one candidate that is not an
// ancestor of another, they were concurrent: the register's rule picks one and the choice is
// recorded. The result depends only on the set of entries, never on the order they arrived in.
// Parents are only followed to entries that sort earlier, so a forged `seen` cannot make a cycle.
import { compareEntries, type TeamLogEntry } from './teamLog.ts';

export interface Candidate<V> {
  value: V;
  entry: TeamLogEntry;
}

export interface RegisterRule<V> {
  initial: V;
  apply(value: V, entry: TeamLogEntry): V;
  /** Index of the candidate kept among concurrent ones; null to combine them all (`combine`). */
  pick(candidates: Candidate<V>[]): number | null;
  combine?(values: V[]): V;
  same(a: V, b: V): boolean;
}

export interface ConcurrentChoice {
  kept: TeamLogEntry;
  dropped: TeamLogEntry[];
}

export interface RegisterResult<V> {
  value: V;
  heads: string[];
  choices: ConcurrentChoice[];
}

export function foldRegister<V>(entries: readonly TeamLogEntry[], rule: RegisterRule<V>): RegisterResult<V> {
  const sorted = [...entries].sort(compareEntries);
  const byId = new Map(sorted.map((entry) => [entry.id, entry]));
  const parentsOf = new Map<string, TeamLogEntry[]>();
  const seenByOthers = new Set<string>();
  for (const entry of sorted) {
    const parents = [...new Set(entry.seen)]
      .map((id) => byId.get(id))
      .filter((parent): parent is TeamLogEntry => parent !== undefined && compareEntries(parent, entry) < 0);
    parentsOf.set(entry.id, parents);
    for (const parent of parents) seenByOthers.add(parent.id);
  }

  /** Whether `ancestor` is reachable from `entry` through parents. */
  function isAncestor(ancestor: TeamLogEntry, entry: TeamLogEntry): boolean {
    const stack = [...(parentsOf.get(entry.id) ?? [])];
    const visited = new Set<string>();
    while (stack.length > 0) {
      const next = stack.pop() as TeamLogEntry;
      if (next.id === ancestor.id) return true;
      if (visited.has(next.id) || compareEntries(next, ancestor) < 0) continue;
      visited.add(next.id);
      stack.push(...(parentsOf.get(next.id) ?? []));
    }
    return false;
  }

  const choices: ConcurrentChoice[] = [];
  const valueOf = new Map<string, V>();

  function merge(parents: TeamLogEntry[]): V {
    const concurrent = parents.filter((candidate) => !parents.some((other) => other !== candidate && isAncestor(candidate, other))).sort(compareEntries);
    if (concurrent.length === 0) return rule.initial;
    const candidates = concurrent.map((entry) => ({ entry, value: valueOf.get(entry.id) as V }));
    const only = candidates[0] as Candidate<V>;
    if (candidates.length === 1) return only.value;
    const kept = rule.pick(candidates);
    if (kept === null) return (rule.combine as (values: V[]) => V)(candidates.map((candidate) => candidate.value));
    const winner = candidates[kept] as Candidate<V>;
    const dropped = candidates.filter((candidate) => candidate !== winner && !rule.same(candidate.value, winner.value)).map((candidate) => candidate.entry);
    if (dropped.length > 0) choices.push({ kept: winner.entry, dropped });
    return winner.value;
  }

  for (const entry of sorted) valueOf.set(entry.id, rule.apply(merge(parentsOf.get(entry.id) ?? []), entry));
  const heads = sorted.filter((entry) => !seenByOthers.has(entry.id));
  return { value: merge(heads), heads: heads.map((entry) => entry.id), choices };
}

/** The candidate whose entry sorts last (the latest clock). */
export function latestCandidate<V>(candidates: Candidate<V>[]): number {
  let best = 0;
  candidates.forEach((candidate, index) => {
    if (compareEntries(candidate.entry, (candidates[best] as Candidate<V>).entry) > 0) best = index;
  });
  return best;
}
