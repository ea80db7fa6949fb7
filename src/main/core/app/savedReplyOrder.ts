// The order of the saved replies across a team's devices (issue 22; decision 0063): each reply has
// an order key (a number) shared like its title and text; every device lists the replies by key
// (then id, so two replies given one key on two devices end in the same order everywhere). After a
// save here, the replies whose keys still follow the list's order keep them (the longest run of
// them in order), and only the others (new or moved) get a key between their neighbours': a reply
// moved or added on one device does not rewrite the keys of every other reply.

/** The keys to write for `ids` in this order, given the keys known now: only the new or changed ones. */
export function orderKeysToWrite(ids: readonly string[], known: ReadonlyMap<string, number>): Map<string, number> {
  const kept = keptInOrder(ids, known);
  const keys: (number | null)[] = ids.map((id, index) => (kept.has(index) ? (known.get(id) ?? null) : null));
  let index = 0;
  while (index < keys.length) {
    if (keys[index] !== null) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < keys.length && keys[end] === null) end += 1;
    const low = index > 0 ? (keys[index - 1] ?? null) : null;
    const high = end < keys.length ? (keys[end] ?? null) : null;
    const count = end - index;
    for (let offset = 1; offset <= count; offset += 1) {
      keys[index + offset - 1] =
        low !== null && high !== null
          ? low + ((high - low) * offset) / (count + 1)
          : low !== null
            ? low + offset
            : high !== null
              ? high - (count + 1 - offset)
              : offset - 1;
    }
    index = end;
  }
  // Halving a gap over and over ends where numbers cannot tell two keys apart: then the whole list is numbered again.
  const rising = keys.every((key, at) => at === 0 || (key ?? 0) > (keys[at - 1] ?? 0));
  const write = new Map<string, number>();
  ids.forEach((id, at) => {
    const key = rising ? (keys[at] ?? at) : at;
    if (known.get(id) !== key) write.set(id, key);
  });
  return write;
}

/** The positions of the longest run (not necessarily adjacent) of known keys that rise along the list. */
function keptInOrder(ids: readonly string[], known: ReadonlyMap<string, number>): Set<number> {
  const runs: { position: number; key: number; length: number; previous: number }[] = [];
  ids.forEach((id, position) => {
    const key = known.get(id);
    if (key === undefined) return;
    let best = { length: 1, previous: -1 };
    runs.forEach((run, at) => {
      if (run.key < key && run.length + 1 > best.length) best = { length: run.length + 1, previous: at };
    });
    runs.push({ position, key, ...best });
  });
  let last = -1;
  runs.forEach((run, at) => {
    if (last === -1 || run.length > (runs[last]?.length ?? 0)) last = at;
  });
  const kept = new Set<number>();
  for (let at = last; at !== -1;) {
    const run = runs[at];
    if (run === undefined) break;
    kept.add(run.position);
    at = run.previous;
  }
  return kept;
}
