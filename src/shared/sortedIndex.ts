// Binary search over ascending numbers: the report's row ids (plain arrays and typed arrays alike).

/** The index of `value` among the first `count` of the ascending `sorted`, or -1. */
export function indexInSorted(sorted: ArrayLike<number>, value: number, count = sorted.length): number {
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = sorted[mid] ?? Infinity;
    if (at === value) return mid;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
