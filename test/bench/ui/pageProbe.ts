// What the benchmark runs inside the page (plain JavaScript, installed before the app's own
// scripts): timestamps of the inbox's first rows, of a key's effect on the selection, of the list's
// last change after a keystroke, and the list's DOM size. The list is found by the accessibility
// contract only: role listbox named "Inbox", rows of role option.
export const PAGE_PROBE = String.raw`
(() => {
  const findList = () => {
    for (const el of document.querySelectorAll('[role="listbox"]')) {
      const label = el.getAttribute('aria-label') ?? (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (label.trim() === 'Inbox') return el;
    }
    return null;
  };
  const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => resolve(performance.now()); channel.port2.postMessage(0); }));
  const probe = { firstRowsAt: null, lastKeyAt: null };
  window.__uiBench = probe;
  // Every keydown's timestamp, taken before the app sees it.
  window.addEventListener('keydown', (event) => { probe.lastKeyAt = event.timeStamp; }, true);
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

  // Arms a watch for the next change of the selected row: resolves with (next frame − keydown).
  probe.armSelection = () => {
    const before = probe.selectedKey();
    probe.selection = new Promise((resolve) => {
      const list = findList();
      const done = () => {
        if (probe.selectedKey() === before) return false;
        const key = probe.lastKeyAt;
        const domAt = performance.now();
        afterFrame().then((frameAt) => resolve({ dom: domAt - key, frame: frameAt - key }));
        return true;
      };
      const observer = new MutationObserver(() => { if (done()) observer.disconnect(); });
      observer.observe(list, { attributes: true, childList: true, subtree: true, attributeFilter: ['aria-selected'] });
      setTimeout(() => { observer.disconnect(); resolve(null); }, 2000);
    });
    return true;
  };

  // Arms a watch of the list after the last keystroke: resolves with (last change's frame − last keydown), quiet for 'quietMs'.
  probe.armListChange = (quietMs) => {
    probe.listChange = new Promise((resolve) => {
      let lastChange = null;
      let timer = null;
      const finish = () => {
        observer.disconnect();
        if (lastChange === null) { resolve(null); return; }
        resolve({ dom: lastChange - probe.lastKeyAt, frame: probe.lastFrameAt - probe.lastKeyAt });
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
