// Runs work after the next frame is painted: a requestAnimationFrame callback runs just before the
// frame's style, layout and paint, so a task queued from it runs once they are done. For what can
// wait a frame behind a key press (the thread pane following `j`), so that the press itself fits
// in one frame.

/** While the window is hidden no frame comes; the work then runs after this long. */
const HIDDEN_FALLBACK_MS = 100;

export function afterNextFrame(run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, HIDDEN_FALLBACK_MS);
  requestAnimationFrame(() => setTimeout(once, 0));
}
