// What the boot benchmark (test/bench/ui-boot-bench.ts) runs inside the page, before the app's own
// scripts: a log of the page's way to its first inbox rows that does not depend on how loaded the
// machine is. It records
// - every bridge call the page sends over the web host's socket (command, when it left, when its
//   answer came, its size) and every event the host pushed, by wrapping the page's WebSocket;
// - every React commit (through the hook React DevTools uses, which production builds call too),
//   with how many components did work in it;
// - a performance mark 'first-rows' at the frame after the first row of the listbox "Inbox"
//   appears (the same moment pageProbe.ts's firstRowsAt measures), so a Chrome trace can be cut there.
export const BOOT_PROBE = String.raw`
(() => {
  const boot = { calls: [], events: [], commits: [], firstRowInDomAt: null, firstRowsAt: null, socketOpenAt: null };
  const byId = new Map();
  window.__uiBoot = boot;

  const Native = WebSocket;
  class LoggedSocket extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { if (boot.socketOpenAt === null) boot.socketOpenAt = performance.now(); });
      // Registered before the transport's onmessage: the time is the answer's arrival in the page.
      this.addEventListener('message', (message) => {
        if (typeof message.data !== 'string') return;
        const at = performance.now();
        let parsed;
        try { parsed = JSON.parse(message.data); } catch { return; }
        if (typeof parsed.id === 'number') {
          const call = byId.get(parsed.id);
          if (call) { call.answeredAt = at; call.answerBytes = message.data.length; call.ok = parsed.result ? parsed.result.ok : null; }
        } else if (parsed.event) boot.events.push({ name: parsed.event.name, at, bytes: message.data.length });
      });
    }
    send(data) {
      if (typeof data === 'string') {
        try {
          const parsed = JSON.parse(data);
          const call = { id: parsed.id, command: parsed.command, sentAt: performance.now(), answeredAt: null, answerBytes: 0, ok: null };
          boot.calls.push(call);
          byId.set(parsed.id, call);
        } catch {}
      }
      return super.send(data);
    }
  }
  window.WebSocket = LoggedSocket;

  // React's DevTools hook: one entry per commit, with the function and class components that did
  // work in it (PerformedWork, flag 1, set on every fiber whose render function ran in this commit).
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => {
    const type = fiber.tag === 14 ? fiber.type.type : fiber.tag === 11 ? fiber.type.render : fiber.type;
    return (type && (type.displayName || type.name)) || '(anonymous)';
  };
  const rendered = (root) => {
    const names = {};
    let count = 0;
    const stack = [root];
    while (stack.length > 0) {
      const fiber = stack.pop();
      // A subtree React bailed out of keeps its fibers of the last commit: not entered.
      const reused = fiber.alternate !== null && fiber.child !== null && fiber.child === fiber.alternate.child;
      if (COMPONENT_TAGS.has(fiber.tag) && (fiber.flags & 1) === 1) {
        count += 1;
        const name = nameOf(fiber);
        names[name] = (names[name] ?? 0) + 1;
      }
      if (!reused && fiber.child) stack.push(fiber.child);
      if (fiber !== root && fiber.sibling) stack.push(fiber.sibling);
    }
    return { count, names };
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      if (boot.firstRowsAt !== null) return;
      const { count, names } = rendered(root.current);
      boot.commits.push({ at: performance.now(), components: count, names });
    },
  };

  const inboxList = () => {
    for (const el of document.querySelectorAll('[role="listbox"]')) if ((el.getAttribute('aria-label') ?? '').trim() === 'Inbox') return el;
    return null;
  };
  const watch = new MutationObserver(() => {
    const list = inboxList();
    if (!list || !list.querySelector('[role="option"]')) return;
    watch.disconnect();
    boot.firstRowInDomAt = performance.now();
    requestAnimationFrame(() => {
      const done = () => { boot.firstRowsAt = performance.now(); performance.mark('first-rows'); };
      if (globalThis.scheduler && scheduler.postTask) scheduler.postTask(done, { priority: 'user-blocking' });
      else setTimeout(done, 0);
    });
  });
  watch.observe(document, { childList: true, subtree: true });
})();
`;
