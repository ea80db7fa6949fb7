// `npm run web` runs the host under a shell under npm. A signal sent to npm alone (as tooling that
// spawned it does) is forwarded to the shell, which dies without passing it on, and the host would
// keep its port and the sandbox running forever. So the host also stops when it is orphaned: on
// Unix its parent process id changes (to init or a subreaper) when its parent dies.
export function onParentGone(stop: () => void, intervalMs = 500, parentId: () => number = () => process.ppid): () => void {
  const original = parentId();
  const timer = setInterval(() => {
    if (parentId() !== original) {
      clearInterval(timer);
      stop();
    }
  }, intervalMs);
  timer.unref(); // Never the reason the process stays alive.
  return () => clearInterval(timer);
}
