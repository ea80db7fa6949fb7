// The app for one test: `npm run web -- --sandbox-url <the test's sandbox> --data-dir <tmp> --port 0`
// (and `--poll-hot-ms N` when the test asks for a faster sync),
// started with the real command line, restartable on the same data folder (the store and the
// outbox survive, as after quitting the app), plus a bridge client of the test's own (the same
// socket the page uses) to read what the core knows or to arrange a state quickly.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { CommandInput, CommandName, CommandOutput } from '../../../src/shared/bridge/contract.ts';
import { startWebProcess, type WebHostProcess } from '../webHostProcess.ts';
import { asThread } from '../../support/itemReads.ts';

export interface AppHostOptions {
  sandboxUrl: string;
  /** Seconds a reply waits for its undo; the journeys use 1 to stay fast (the app's default is 5). */
  undoSeconds?: number;
  /** An existing data folder (kept at the end); default a new temporary one (removed at the end). */
  dataDir?: string;
  /** `--poll-hot-ms`: how often the sync asks for a post of the last day (the app's default is 30 s). */
  pollHotMs?: number;
  /**
   * Open the next item after a send (the app's default is on). Off unless asked: the journeys
   * written before issue 19 look at the item they replied to after sending.
   */
  autoAdvance?: boolean;
  /** Join a team workspace (`--sync-url`, `--device-name`, `--member`; the password through the environment). */
  team?: AppHostTeam;
}

export interface AppHostTeam {
  /** The workspace's address: http://127.0.0.1:<port>/<workspace>. */
  syncUrl: string;
  member: string;
  device: string;
  password: string;
}

export class AppHost {
  readonly dataDir: string;
  readonly #ownsDataDir: boolean;
  readonly #sandboxUrl: string;
  readonly #pollHotMs: number | undefined;
  readonly #team: AppHostTeam | undefined;
  #process: WebHostProcess | null = null;

  constructor(options: AppHostOptions) {
    this.#ownsDataDir = options.dataDir === undefined;
    this.dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-app-'));
    this.#sandboxUrl = options.sandboxUrl;
    this.#pollHotMs = options.pollHotMs;
    this.#team = options.team;
    if (options.undoSeconds !== undefined) {
      writeFileSync(
        join(this.dataDir, 'settings.json'),
        `${JSON.stringify({ undoSeconds: options.undoSeconds, notifications: false, autoAdvance: options.autoAdvance ?? false })}\n`,
      );
    }
  }

  get process(): WebHostProcess {
    if (!this.#process) throw new Error('the web host is not running');
    return this.#process;
  }

  /** The printed address, token and all. */
  get url(): string {
    return this.process.url;
  }

  async start(): Promise<void> {
    if (this.#process) throw new Error('the web host is already running');
    const polling = this.#pollHotMs === undefined ? [] : ['--poll-hot-ms', String(this.#pollHotMs)];
    const team = this.#team;
    const teamArgs = team ? ['--sync-url', team.syncUrl, '--device-name', team.device, '--member', team.member] : [];
    this.#process = await startWebProcess(
      ['--port', '0', '--data-dir', this.dataDir, '--sandbox-url', this.#sandboxUrl, ...polling, ...teamArgs],
      team ? { env: { ...process.env, SOCIAL_INBOX_TEAM_PASSWORD: team.password } } : {},
    );
  }

  async stop(): Promise<void> {
    const running = this.#process;
    this.#process = null;
    if (running) await running.stop('SIGTERM');
  }

  /** Quits and starts again on the same data folder (a new port and token: reopen the page). */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.#ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** One bridge command through a socket of the test's own; throws on a refusal. */
  async call<N extends CommandName>(command: N, input: CommandInput<N>): Promise<CommandOutput<N>> {
    const { origin, port, token } = this.process;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge?token=${token}`, { headers: { origin } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      const answer = await new Promise<{ ok: boolean; data?: unknown; error?: unknown }>((resolve, reject) => {
        socket.on('message', (raw) => {
          const text = Array.isArray(raw)
            ? Buffer.concat(raw).toString('utf8')
            : raw instanceof ArrayBuffer
              ? Buffer.from(raw).toString('utf8')
              : raw.toString('utf8');
          const message = JSON.parse(text) as { id?: string; result?: { ok: boolean; data?: unknown; error?: unknown } };
          if (message.id === '1' && message.result) resolve(message.result);
        });
        socket.once('close', () => reject(new Error(`the bridge closed before answering ${command}`)));
        socket.send(JSON.stringify({ id: '1', command, input }));
      });
      if (!answer.ok) throw new Error(`${command} was refused: ${JSON.stringify(answer.error)}`);
      return answer.data as CommandOutput<N>;
    } finally {
      socket.close();
    }
  }

  /** Waits until every profile's first sync is done (the inbox is filled), at most `timeoutMs`. */
  async synced(timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.call('status.get', {});
      if (status.sync.length > 0 && status.sync.every((s) => s.postsTotal > 0 && s.postsDone >= s.postsTotal)) return;
      if (Date.now() > until) throw new Error(`the first sync did not finish within ${timeoutMs} ms: ${JSON.stringify(status.sync)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /**
   * Waits until the inbox holds `count` conversations: the sync reads direct messages just after the
   * posts, and a journey that counts "needs reply" must start from the whole inbox.
   */
  async conversationsSynced(count: number, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const page = await this.call('inbox.page', { filter: { kind: 'conversation' }, limit: 500 });
      if (page.rows.length >= count) return;
      if (Date.now() > until) throw new Error(`the first read of direct messages did not finish within ${timeoutMs} ms: ${page.rows.length} of ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Asks for a post's comments now (what "Refresh" does) and waits until the store has the comment. */
  async fetchComment(postKey: string, commentKey: string, timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    await this.call('sync.refresh', { postKey });
    for (;;) {
      const found = await this.call('inbox.item', { key: commentKey })
        .then(asThread)
        .then(
          () => true,
          () => false,
        );
      if (found) return;
      if (Date.now() > until) throw new Error(`${commentKey} did not reach the store within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}
