// The inbox's first rows wait for nothing they do not show (issue 29, "bench:ui not slower"): the
// page opens the web host's socket before React and the app are evaluated, asks for the list's
// first page right after what its first frame draws around the rows (the clients, the status, the
// settings), and asks for the rest (the sidebar's counts, the outbox, the team) once that page is
// on screen. Checked by order, not by time, so a loaded machine does not change the answer: the
// page's WebSocket and React's DevTools hook are watched from an init script.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** What the page did, in order: 'socket created', 'react-dom evaluated', 'send <command>', 'answer <command>', 'event <name>'. */
type BootLog = string[];

const WATCH = String.raw`
(() => {
  const log = [];
  window.__bootLog = log;
  const commands = new Map();
  // React DOM announces itself to this hook when it is evaluated, before the app's first render.
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { log.push('react-dom evaluated'); return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
  };
  const Native = WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      log.push('socket created');
      this.addEventListener('message', (message) => {
        try {
          const parsed = JSON.parse(message.data);
          if (typeof parsed.id === 'number' && commands.has(parsed.id)) log.push('answer ' + commands.get(parsed.id));
          else if (parsed.event && typeof parsed.event.name === 'string') log.push('event ' + parsed.event.name);
        } catch {}
      });
    }
    send(data) {
      try {
        const parsed = JSON.parse(data);
        commands.set(parsed.id, parsed.command);
        log.push('send ' + parsed.command);
      } catch {}
      return super.send(data);
    }
  };
})();
`;

/** The reads the rows' first frame draws with (the rows' client badges, the bar above them, the theme). */
const AROUND_THE_ROWS = ['accounts.list', 'profiles.list', 'status.get', 'settings.get'];

const bootLog = (page: Page) => page.evaluate(() => (globalThis as unknown as { __bootLog: BootLog }).__bootLog);

test('the list asks for its first page first and the sidebar after it, over a socket opened before React', async ({ page, rendererUrl }) => {
  await page.addInitScript({ content: WATCH });
  await page.goto(rendererUrl);
  await expect(page.getByRole('listbox', { name: 'Inbox' })).toBeVisible();
  // The sidebar's counts come after the page: wait until they have been asked for.
  await expect.poll(async () => await bootLog(page)).toContain('send inbox.counts');
  const log = await bootLog(page);
  /** Where an entry is in the log; it must be there. */
  const at = (entry: string) => {
    expect(log, entry).toContain(entry);
    return log.indexOf(entry);
  };

  // The socket's handshake runs while the rest of the page is evaluated.
  expect(at('socket created')).toBeLessThan(at('react-dom evaluated'));

  // Before the list's first page, only what its first frame draws around the rows…
  const sent = log.filter((entry) => entry.startsWith('send ')).map((entry) => entry.slice('send '.length));
  expect(sent).toContain('inbox.page');
  const firstPage = sent.indexOf('inbox.page');
  expect(sent.slice(0, firstPage).filter((command) => !AROUND_THE_ROWS.includes(command))).toEqual([]);
  // …answered before it, so the rows' frame draws them too.
  for (const around of ['profiles.list', 'status.get', 'settings.get']) expect(at(`answer ${around}`), around).toBeLessThan(at('answer inbox.page'));

  // The sidebar's counts, the outbox and the team are asked for once the first page has arrived. A
  // read the core's event asked for (the sandbox account added at start, new counts) may come
  // sooner: before the page's answer, each such read follows an event.
  const pageAnswered = at('answer inbox.page');
  const firstEvent = log.findIndex((entry) => entry.startsWith('event '));
  for (const later of ['inbox.counts', 'outbox.list', 'team.members']) {
    expect(log.lastIndexOf(`send ${later}`), later).toBeGreaterThan(pageAnswered);
    const early = log.indexOf(`send ${later}`);
    if (early < pageAnswered) expect(firstEvent !== -1 && firstEvent < early, `${later} asked before the page without an event`).toBe(true);
  }
});
