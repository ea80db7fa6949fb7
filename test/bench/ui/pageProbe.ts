// What the benchmark runs inside the page (plain JavaScript, installed before the app's own
// scripts): timestamps of the inbox's first rows, of a key's effect on the selection, of the list's
// last change after a keystroke, and the list's DOM size. The list is found by the accessibility
// contract only: role listbox named "Inbox", rows of role option.
//
// "The frame after" a change: a requestAnimationFrame callback runs in the next frame, before its
// style, layout and paint; a task posted from it runs once they are done. The task is posted with
// the scheduler's 'user-blocking' priority, so it runs ahead of tasks queued earlier (a plain
// MessageChannel task would wait behind them, e.g. behind the rendering React queued from the
// frame's scroll event, and count it as part of the frame). So afterFrame() resolves at the end
// of the rendering work of the frame that shows the change.
export const PAGE_PROBE = String.raw`
(() => {
  const findList = () => {
    for (const el of document.querySelectorAll('[role="listbox"]')) {
      const label = el.getAttribute('aria-label') ?? (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (label.trim() === 'Inbox') return el;
    }
    return null;
  };
  const afterThisTask = (run) => {
    if (globalThis.scheduler && scheduler.postTask) { scheduler.postTask(run, { priority: 'user-blocking' }); return; }
    const channel = new MessageChannel();
    channel.port1.onmessage = run;
    channel.port2.postMessage(0);
  };
  const afterFrameWithStart = () => new Promise((resolve) => requestAnimationFrame(() => { const start = performance.now(); afterThisTask(() => resolve({ start, end: performance.now() })); }));
  const afterFrame = () => afterFrameWithStart().then((frame) => frame.end);
  const probe = { firstRowsAt: null, lastKeyAt: null };
  window.__uiBench = probe;
  // When the page last sent a search to the host (the web transport's WebSocket): splits a search's
  // time into the search box's pause before asking and the answer's way back to the list.
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"inbox.search"')) probe.searchSentAt = performance.now();
    return send.call(this, data);
  };
  // Every keydown's timestamp, taken before the app sees it.
  window.addEventListener('keydown', (event) => { probe.lastKeyAt = event.timeStamp; }, true);
  // A frame runs scroll events before rAF callbacks: the first of them marks when a frame began.
  document.addEventListener('scroll', () => { probe.lastScrollAt = performance.now(); }, true);
  // The browser's own measure (Event Timing): keydowns whose next paint came 16 ms or more after
  // the key (durations in 8 ms steps; shorter ones are not reported at all).
  probe.slowKeydowns = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'keydown') probe.slowKeydowns.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16 });
  probe.takeSlowKeydowns = () => { const taken = probe.slowKeydowns; probe.slowKeydowns = []; return taken; };
  // The first row in the inbox, then the frame that paints it.
  const watchFirst = new MutationObserver(() => {
    const list = findList();
    if (list && list.querySelector('[role="option"]')) {
      watchFirst.disconnect();
      afterFrame().then((at) => { probe.firstRowsAt = at; });
    }
  });
  watchFirst.observe(document, { childList: true, subtree: true });

  probe.listNodes = () => { const list = findList(); return list ? list.querySelectorAll('*').length + 1 : -1; };
  probe.optionCount = () => { const list = findList(); return list ? list.querySelectorAll('[role="option"]').length : -1; };
  probe.setSize = () => { const option = findList()?.querySelector('[role="option"]'); return Number(option?.getAttribute('aria-setsize') ?? -1); };
  probe.selectedKey = () => { const el = findList()?.querySelector('[role="option"][aria-selected="true"]'); return el ? (el.id || el.textContent) : null; };
  probe.focusList = () => { findList()?.focus(); return document.activeElement === findList(); };

  // Arms a watch for the next change of the selected row: resolves with (DOM change − keydown), (end
  // of the frame that shows it − keydown) and that less the stretch between the change and the
  // start of the frame ("work"). In that stretch the page waits for its next frame, up to 16.7 ms
  // depending on when in the display's cycle the key came (and on whether Chromium starts a frame
  // at once or at the next vsync), not on the app; "work" leaves it out
  // and keeps the input's delivery, the app's handling and the frame's own work (its scroll events,
  // rAF callbacks, style, layout and paint).
  probe.armSelection = () => {
    const before = probe.selectedKey();
    probe.selection = new Promise((resolve) => {
      const list = findList();
      const done = () => {
        if (probe.selectedKey() === before) return false;
        const key = probe.lastKeyAt;
        const domAt = performance.now();
        afterFrameWithStart().then(({ start, end }) => {
          const scrolled = probe.lastScrollAt ?? -Infinity;
          const frameStart = scrolled > domAt && scrolled < start ? scrolled : start;
          resolve({ dom: domAt - key, frame: end - key, work: domAt - key + (end - frameStart) });
        });
        return true;
      };
      const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
      observer.observe(list, { attributes: true, childList: true, subtree: true, attributeFilter: ['aria-selected'] });
      setTimeout(() => { observer.disconnect(); resolve(null); }, 2000);
    });
    return true;
  };

  // Arms a watch of the list, then keys are typed: resolves, once the list has been quiet for 'quietMs',
  // with (the list's last change − the last keydown) and (the frame after it − the last keydown).
  // The search matches its last word as a prefix, so the benchmark types a whole word into an
  // emptied box (the view's list before, the word's results after): one word's prefix would show
  // the same rows as the word and the list would not change at all.
  probe.armListChange = (quietMs) => {
    probe.listChange = new Promise((resolve) => {
      let lastChange = null;
      let timer = null;
      const finish = () => {
        observer.disconnect();
        // No change after the last keystroke (only before it, or none): no sample.
        if (lastChange === null || lastChange < probe.lastKeyAt) { resolve(null); return; }
        const sent = probe.searchSentAt ?? null;
        resolve({
          dom: lastChange - probe.lastKeyAt,
          frame: probe.lastFrameAt - probe.lastKeyAt,
          // Keystroke to the request leaving, and the request to the list's change (null: no request after the keystroke).
          sent: sent !== null && sent >= probe.lastKeyAt && sent <= lastChange ? sent - probe.lastKeyAt : null,
          answered: sent !== null && sent >= probe.lastKeyAt && sent <= lastChange ? lastChange - sent : null,
        });
      };
      // The whole document is watched (a search may mount a new list); only changes in or of the list count.
      const observer = new MutationObserver((mutations) => {
        const current = findList();
        if (!current || !mutations.some((m) => current.contains(m.target) || [...m.addedNodes].some((node) => node === current || (node.contains && node.contains(current))))) return;
        lastChange = performance.now();
        afterFrame().then((at) => { probe.lastFrameAt = at; });
        clearTimeout(timer);
        timer = setTimeout(finish, quietMs);
      });
      observer.observe(document.body, { attributes: true, childList: true, subtree: true, characterData: true });
      timer = setTimeout(finish, 3000);
    });
    return true;
  };
})();
`;
