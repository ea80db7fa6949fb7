// The Electron composition root (src/main/index.ts) run under plain Node with a fake of Electron's
// API (fakeElectron/), since this machine has no Electron binary. What is real: the core with its
// SQLite store in a temp user-data folder, electron-store's files, the vault's file, the built-in
// sandbox as a child process answering over HTTP, and the renderer's files served through the app:
// protocol handler. What is fake: every Electron object (window, ipcMain, tray, safeStorage, …).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');

interface Message {
  type: string;
  id?: number;
  value?: unknown;
  error?: string;
  [key: string]: unknown;
}

class AppProcess {
  readonly child: ChildProcess;
  readonly messages: Message[] = [];
  readonly exited: Promise<number | null>;
  #next = 1;
  #waiters: Array<{ test: (m: Message) => boolean; resolve: (m: Message) => void }> = [];

  constructor(userData: string) {
    this.child = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', '--import', './test/integration/electron/fakeElectron/register.mjs', 'src/main/index.ts'],
      {
        cwd: root,
        // A large rate limit for the built-in sandbox, as the e2e sandboxes have: the prepared reports
        // wait for the whole first sync, which the default plan's pacing stretched to about 40 s.
        env: {
          ...process.env,
          FAKE_USER_DATA: userData,
          SANDBOX_CLI: join(root, 'src/sandbox/cli.ts'),
          ELECTRON_RENDERER_URL: '',
          FAKE_SANDBOX_RATE_LIMIT: '1000000',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    this.child.stdout?.resume();
    this.child.stderr?.resume();
    this.child.on('message', (message: Message) => {
      this.messages.push(message);
      for (const waiter of [...this.#waiters]) {
        if (waiter.test(message)) {
          this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  waitFor(test: (m: Message) => boolean): Promise<Message> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ test, resolve }));
  }

  async ask<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.#next++;
    this.child.send({ ...message, id });
    const reply = await this.waitFor((m) => m.type === 'reply' && m.id === id);
    if (reply.error) throw new Error(reply.error);
    return reply.value as T;
  }

  invoke(command: string, input: unknown, sender = { senderUrl: 'app://renderer/index.html', subframe: false }) {
    return this.ask<{ ok: boolean; data?: unknown; error?: { code: string } }>({ type: 'invoke', channel: `bridge:${command}`, input, ...sender });
  }
}

let userData: string;
let app: AppProcess;
const everythingTheRendererSaw: unknown[] = [];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`gave up waiting: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  userData = mkdtempSync(join(tmpdir(), 'electron-root-'));
  app = new AppProcess(userData);
  await app.waitFor((m) => m.type === 'loaded' || m.type === 'exit');
}, 30_000);

afterAll(async () => {
  if (app.child.exitCode === null) app.child.kill('SIGKILL');
  rmSync(userData, { recursive: true, force: true });
});

describe('the Electron host, composed (fake Electron, real core)', () => {
  it('registers the app: scheme as privileged before ready, and loads the window from it', async () => {
    const state = await app.ask<{
      privilegedBeforeReady: boolean;
      schemes: unknown;
      window: { url: string; options: { webPreferences: Record<string, unknown> } };
    }>({ type: 'state' });
    expect(state.privilegedBeforeReady).toBe(true);
    expect(state.schemes).toEqual([expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })]);
    expect(state.window.url).toBe('app://renderer/index.html');
    expect(state.window.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
  });

  it('serves the renderer with the CSP header and refuses a path out of it', async () => {
    const page = await app.ask<{ status: number; headers: Record<string, string>; body: string }>({ type: 'protocol', url: 'app://renderer/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<div id="root">');
    const escape = await app.ask<{ status: number }>({ type: 'protocol', url: 'app://renderer/..%2f..%2fpackage.json' });
    expect(escape.status).toBe(404);
  });

  it('answers bridge calls from its main frame and refuses other frames and origins', async () => {
    const settings = await app.invoke('settings.get', {});
    expect(settings).toMatchObject({ ok: true, data: { closeToTray: true } });
    everythingTheRendererSaw.push(settings);
    expect(await app.invoke('settings.get', {}, { senderUrl: 'app://renderer/index.html', subframe: true })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await app.invoke('settings.get', {}, { senderUrl: 'https://evil.example/', subframe: false })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await app.invoke('settings.update', { undoSeconds: 'soon' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it('saves a settings change in electron-store, changing only what the patch names', async () => {
    expect(await app.invoke('settings.update', { closeToTray: true, theme: 'dark' })).toMatchObject({ ok: true, data: { theme: 'dark', closeToTray: true } });
    expect(await app.invoke('settings.update', { undoSeconds: 12 })).toMatchObject({ ok: true, data: { theme: 'dark', undoSeconds: 12 } });
    expect(JSON.parse(readFileSync(join(userData, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'dark', undoSeconds: 12, closeToTray: true });
  });

  it('starts the built-in sandbox account and syncs it, with no key ever crossing the bridge', async () => {
    const started = await app.waitFor((m) => m.type === 'sandbox-started');
    const apiKey = started['apiKey'] as string;
    expect(apiKey).toBeTruthy();

    const accounts = await until(
      () => app.invoke('accounts.list', {}),
      (result) => result.ok && JSON.stringify(result.data).includes('sandbox'),
    );
    everythingTheRendererSaw.push(accounts);
    // The sync's first comments arrive as events, and the counts follow.
    await app.waitFor((m) => m.type === 'event' && (m['payload'] as { name: string }).name === 'items.new');
    const counts = await until(
      () => app.invoke('inbox.counts', {}),
      (result) => result.ok && /"unread":[1-9]/.test(JSON.stringify(result.data)),
    );
    everythingTheRendererSaw.push(counts);
    everythingTheRendererSaw.push(await app.invoke('accounts.keyStatus', { accountId: 'sandbox' }));
    everythingTheRendererSaw.push(await app.invoke('status.get', {}));
    everythingTheRendererSaw.push(await app.invoke('profiles.list', {}));
    everythingTheRendererSaw.push(...app.messages.filter((m) => m.type === 'event'));

    // Every secret of the sandbox's world: the API key, the X key pair, each client's profile key.
    const baseUrl = (await app.waitFor((m) => m.type === 'sandbox-ready'))['url'] as string;
    const world = (await (await fetch(`${baseUrl.replace(/\/api$/, '')}/__sandbox/world`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as {
      xCredentials: { key: string; secret: string };
      profiles: Array<{ profileKey: string | null }>;
    };
    const secrets = [apiKey, world.xCredentials.key, world.xCredentials.secret, ...world.profiles.flatMap((p) => (p.profileKey ? [p.profileKey] : []))];
    expect(secrets.length).toBeGreaterThan(4);

    const vaultFile = readFileSync(join(userData, 'vault.json'), 'utf8');
    expect(vaultFile).toContain('gnome_libsecret');
    const seen = JSON.stringify(everythingTheRendererSaw);
    expect(seen).toContain('items.new');
    for (const secret of secrets) {
      expect(vaultFile).not.toContain(secret);
      expect(seen).not.toContain(secret);
    }
  }, 40_000);

  it('shows a tray with Show, Pause sync and Quit, from an image that exists in resources/', async () => {
    const state = await app.ask<{
      tray: { menu: string[]; image: string; tooltip: string };
      images: Array<{ path: string; exists: boolean }>;
      applicationMenu: string[];
      permissionHandlers: number;
    }>({ type: 'state' });
    expect(state.tray.menu).toEqual(expect.arrayContaining(['Show Social Inbox', 'Pause sync', 'Quit Social Inbox']));
    expect(state.tray.tooltip).toMatch(/^Social Inbox/);
    expect(state.images.every((image) => image.exists)).toBe(true);
    expect(state.applicationMenu).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Window']));
    expect(state.permissionHandlers).toBe(2);
  });

  it('pauses the sync from the tray, and the renderer sees it', async () => {
    await app.ask({ type: 'tray-menu', itemId: 'pause-sync', checked: true });
    expect(await app.invoke('status.get', {})).toMatchObject({ ok: true, data: { syncPaused: true } });
    await app.invoke('sync.setPaused', { paused: false });
    const state = await app.ask<{ tray: { menu: string[] } }>({ type: 'state' });
    expect(state.tray.menu).toContain('Pause sync');
  });

  it('keeps navigation on the app and sends known network links to the system browser', async () => {
    const away = await app.ask<{ prevented: boolean; windowOpen: unknown; openedExternally: string[] }>({
      type: 'navigate',
      url: 'https://x.com/studio/status/1',
    });
    expect(away.prevented).toBe(true);
    expect(away.windowOpen).toEqual({ action: 'deny' });
    expect(away.openedExternally).toContain('https://x.com/studio/status/1');
    const evil = await app.ask<{ prevented: boolean; openedExternally: string[] }>({ type: 'navigate', url: 'https://evil.example/' });
    expect(evil.prevented).toBe(true);
    expect(evil.openedExternally).not.toContain('https://evil.example/');
  });

  it('hands the system browser only the checked href, and stops frames and redirects off the app', async () => {
    const tricky = await app.ask<{ prevented: boolean; windowOpen: unknown; openedExternally: string[] }>({
      type: 'navigate',
      url: 'https://facebook.com\\@evil.example',
    });
    expect(tricky.prevented).toBe(true);
    expect(tricky.openedExternally.filter((url) => url.includes('evil.example'))).toEqual([]);
    const upper = await app.ask<{ openedExternally: string[] }>({ type: 'navigate', url: 'https://X.COM/upper' });
    expect(upper.openedExternally).toContain('https://x.com/upper');
    expect(upper.openedExternally).not.toContain('https://X.COM/upper');
    const frame = await app.ask<{ framePrevented: boolean; redirectPrevented: boolean }>({ type: 'navigate', url: 'https://evil.example/' });
    expect(frame).toMatchObject({ framePrevented: true, redirectPrevented: true });
  });

  it('guards a WebContents created after the window (app-wide), once', async () => {
    const stray = await app.ask<{
      prevented: boolean;
      framePrevented: boolean;
      redirectPrevented: boolean;
      webviewPrevented: boolean;
      windowOpen: unknown;
      navigateListeners: number;
    }>({
      type: 'stray-contents',
      url: 'https://evil.example/',
    });
    expect(stray).toEqual({
      prevented: true,
      framePrevented: true,
      redirectPrevented: true,
      webviewPrevented: true,
      windowOpen: { action: 'deny' },
      navigateListeners: 1,
    });
    const window = await app.ask<{ navigateListeners: number }>({ type: 'navigate', url: 'app://renderer/index.html' });
    expect(window.navigateListeners).toBe(1);
  });

  it('saves the report as PDF where the save dialog said, and nothing when it is cancelled', async () => {
    const chosen = join(userData, 'chosen.pdf');
    await app.ask({ type: 'save-dialog-answer', answer: { canceled: true, filePath: '' } });
    expect(await app.invoke('report.exportPdf', { suggestedName: 'report-Bakery' })).toEqual({ ok: true, data: { outcome: 'cancelled' } });
    expect(existsSync(chosen)).toBe(false);

    await app.ask({ type: 'save-dialog-answer', answer: { canceled: false, filePath: chosen } });
    const saved = await app.invoke('report.exportPdf', { suggestedName: '../../etc/report/..' });
    expect(saved).toEqual({ ok: true, data: { outcome: 'saved', path: chosen } });
    expect(readFileSync(chosen, 'latin1')).toBe('%PDF-1.7 fake print 2\n%%EOF\n');

    const state = await app.ask<{ printed: unknown[]; saveDialogs: Array<{ withWindow: boolean; defaultPath: string; filters: unknown }> }>({ type: 'state' });
    expect(state.printed).toEqual([
      { printBackground: true, pageSize: 'A4', preferCSSPageSize: true },
      { printBackground: true, pageSize: 'A4', preferCSSPageSize: true },
    ]);
    // The renderer's name reached the dialog only as a plain file name; the window is its parent.
    expect(state.saveDialogs.map((d) => d.defaultPath)).toEqual(['report-Bakery.pdf', 'etc-report.pdf']);
    expect(state.saveDialogs.every((d) => d.withWindow)).toBe(true);
    expect(await app.invoke('report.exportPdf', { suggestedName: 'x', path: '/tmp/evil.pdf' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });

  it("prepares last month's reports by itself and exports them all to the folder the dialog chose", async () => {
    // The preparer looks every 5 s once the sync has read every client.
    let reports: Array<{ month: string; profileId: string; clientTitle: string }> = [];
    for (let i = 0; i < 240 && reports.length === 0; i++) {
      const listed = (await app.invoke('reports.prepared.list', {})) as { ok: true; data: { reports: typeof reports } };
      reports = listed.data.reports;
      if (reports.length === 0) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(reports.length).toBeGreaterThan(0);
    const month = reports[0]!.month;
    const files = reports.filter((r) => r.month === month).map((r) => ({ profileId: r.profileId, csv: `"Client","${r.clientTitle}"\n` }));

    await app.ask({ type: 'open-dialog-answer', answer: { canceled: true, filePaths: [] } });
    expect(await app.invoke('reports.prepared.exportAll', { month, files })).toEqual({ ok: true, data: { outcome: 'cancelled' } });
    const chosen = mkdtempSync(join(userData, 'export-'));
    await app.ask({ type: 'open-dialog-answer', answer: { canceled: false, filePaths: [chosen] } });
    expect(await app.invoke('reports.prepared.exportAll', { month, files })).toEqual({
      ok: true,
      data: { outcome: 'saved', folder: chosen, files: files.length * 2 },
    });
    const written = readdirSync(chosen);
    expect(written.filter((name) => name.endsWith(' report.csv'))).toHaveLength(files.length);
    expect(written.filter((name) => name.endsWith(' report figures.json'))).toHaveLength(files.length);

    // "Change folder…": the reports kept so far are copied there, the setting names it, nothing is prepared again.
    const kept = mkdtempSync(join(userData, 'kept-'));
    await app.ask({ type: 'open-dialog-answer', answer: { canceled: false, filePaths: [kept] } });
    expect(await app.invoke('reports.prepared.chooseFolder', {})).toEqual({ ok: true, data: { outcome: 'saved', folder: kept, months: 1 } });
    const after = (await app.invoke('reports.prepared.list', {})) as { ok: true; data: { reports: typeof reports; folder: string; canChooseFolder: boolean } };
    expect(after.data).toMatchObject({ folder: kept, canChooseFolder: true });
    expect(after.data.reports).toEqual(reports);
    expect(readdirSync(join(kept, month)).filter((name) => name.endsWith('.report.json'))).toHaveLength(reports.filter((r) => r.month === month).length);
    expect(await app.invoke('settings.get', {})).toMatchObject({ ok: true, data: { reportsFolder: kept } });

    const state = await app.ask<{ openDialogs: Array<{ withWindow: boolean; properties: string[] }> }>({ type: 'state' });
    expect(state.openDialogs).toHaveLength(3);
    expect(state.openDialogs.every((d) => d.withWindow && d.properties.includes('openDirectory'))).toBe(true);
  }, 90_000);

  it('hides to the tray on close, and on Quit closes the core and the sandbox before exiting', async () => {
    const closed = await app.ask<{ prevented: boolean; visible: boolean }>({ type: 'close-window' });
    expect(closed).toEqual({ prevented: true, visible: false });
    app.child.send({ type: 'quit' });
    expect(await app.exited).toBe(0);
    expect(app.messages.some((m) => m.type === 'quit')).toBe(true);
    // The sandbox saved its world on SIGTERM: it was stopped, not killed.
    expect(existsSync(join(userData, 'sandbox-world.json'))).toBe(true);
  }, 30_000);
});
