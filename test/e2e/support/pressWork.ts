// What a key press does before the page can paint (issue 6: `j` within a frame): installed in the
// page before the app's scripts, it records, for the task that handles each keydown, which React
// components rendered and which parts of the DOM changed; whatever the app defers (to after the
// frame, or to a later task) is left out.
//
// Renders are counted the way React DevTools counts them: React calls a DevTools hook's
// onCommitFiberRoot after every commit, also in a production build; a component rendered in that
// commit when it was mounted or carries React's PerformedWork flag, and a subtree whose children
// were not cloned was not visited at all. Components are named by their function's name (the
// renderer's build keeps names).
//
// The press's task: from the keydown (a capture listener on window, ahead of the app's) to a task
// posted from it with the scheduler's 'user-blocking' priority, which runs ahead of work queued
// earlier; React renders a keyboard event's updates in a microtask of the same task.
export const PRESS_WORK_PROBE = String.raw`
(() => {
  const PERFORMED_WORK = 1;
  const state = { pressing: false, presses: [] };
  const current = () => state.presses[state.presses.length - 1];
  const nameOf = (type) => {
    if (typeof type === 'function') return type.displayName || type.name || '(anonymous)';
    if (type && typeof type === 'object') return type.displayName || (type.render && type.render.name) || (type.type && type.type.name) || null;
    return null;
  };
  const visit = (fiber, rendered) => {
    for (let child = fiber.child; child; child = child.sibling) {
      const previous = child.alternate;
      const name = nameOf(child.type);
      if (name !== null && (previous === null || (child.flags & PERFORMED_WORK) === PERFORMED_WORK)) rendered.push(name);
      // Children not cloned in this commit were not rendered in it.
      if (previous === null || child.child !== previous.child) visit(child, rendered);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!state.pressing) return;
      visit(root.current, current().rendered);
    },
  };
  window.addEventListener('keydown', (event) => {
    state.presses.push({ key: event.key, rendered: [], mutations: [] });
    state.pressing = true;
    scheduler.postTask(() => { state.pressing = false; }, { priority: 'user-blocking' });
  }, true);
  // Resolves once what the last press deferred has run: two frames, then a task.
  state.settle = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const describe = (node) => {
    if (!(node instanceof Element)) node = node.parentElement;
    if (!node) return 'document';
    const option = node.closest('[role="option"]');
    if (option) return 'option#' + option.id;
    if (node.closest('[role="listbox"]')) return node.getAttribute('role') === 'listbox' ? 'listbox' : 'list';
    return 'outside the list: ' + (node.closest('[aria-label]')?.getAttribute('aria-label') ?? node.tagName);
  };
  new MutationObserver((records) => {
    if (!state.pressing) return;
    for (const record of records) {
      const where = describe(record.target);
      if (record.type === 'attributes') current().mutations.push(where + ' @' + record.attributeName);
      else if (record.type === 'childList') {
        for (const node of record.addedNodes) if (node instanceof Element && node.getAttribute('role') === 'option') current().mutations.push('option added');
        for (const node of record.removedNodes) if (node instanceof Element && node.getAttribute('role') === 'option') current().mutations.push('option removed');
        if (!where.startsWith('option#')) current().mutations.push(where + ' children');
      } else current().mutations.push(where + ' text');
    }
  }).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
  window.__pressWork = state;
})();
`;

export interface PressWork {
  key: string;
  /** Components rendered in the press's task, by name, once per render. */
  rendered: string[];
  /** DOM changes in the press's task: "option#inbox-option-3 @aria-selected", "listbox @aria-activedescendant", "option added", ... */
  mutations: string[];
}
