// A refresh asked for by a burst of events runs once: the stores' event listeners use it.

/** Calls `fn` at most once per `ms`, trailing. */
export function throttle(fn: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
}
