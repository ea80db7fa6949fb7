// What the web host's tests share: a tiny built renderer, a small bridge dispatcher of our own (the
// host only knows the BridgeDispatcher seam), and raw HTTP and WebSocket clients that can send any
// Host and Origin a hostile page or program would.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { LoggerPort } from '../../../src/main/core/ports.ts';
import type { BridgeDispatcher, BridgeEvent } from '../../../src/main/core/bridge/dispatcher.ts';
import { rawText } from '../../../src/main/web/bridgeSocket.ts';
import type { BridgeResult } from '../../../src/shared/bridge/result.ts';

/** A renderer build in miniature: index.html and one script under assets/. */
export function makeRendererDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-renderer-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Social Inbox</title><script type="module" src="/assets/app.js"></script>\n');
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app");\n');
  return dir;
}

export const SAMPLE_ACCOUNTS = {
  accounts: [{ accountId: 'sandbox', title: 'Sandbox', baseUrl: 'http://127.0.0.1:1/api', kind: 'sandbox', online: null, profileCount: 5 }],
};

/** A dispatcher of our own: a few commands, events on demand, and a count of its subscribers. */
export class SmallDispatcher implements BridgeDispatcher {
  readonly calls: Array<{ command: string; input: unknown }> = [];
  private readonly listeners = new Set<(event: BridgeEvent) => void>();
  /** Calls to 'sync.refresh' resolve only when released: a call still in flight. */
  private readonly held: Array<() => void> = [];

  async invoke(command: string, input: unknown): Promise<BridgeResult<unknown>> {
    this.calls.push({ command, input });
    switch (command) {
      case 'accounts.list':
        return { ok: true, data: SAMPLE_ACCOUNTS };
      case 'settings.update':
        this.emit({ name: 'settings.changed', payload: input });
        return { ok: true, data: input };
      case 'echo':
        return { ok: true, data: input };
      case 'sync.refresh':
        await new Promise<void>((resolve) => this.held.push(resolve));
        return { ok: true, data: 'late' };
      case 'broken.throws':
        throw new Error('a bug in the dispatcher');
      case 'broken.bigint':
        return { ok: true, data: 10n };
      default:
        return { ok: false, error: { code: 'unknown-command', message: `There is no command "${command}"` } };
    }
  }

  subscribe(listener: (event: BridgeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: BridgeEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  releaseHeld(): void {
    for (const release of this.held.splice(0)) release();
  }
}

export class RecordingLogger implements LoggerPort {
  readonly entries: Array<{ level: string; message: string; detail?: Record<string, unknown> | undefined }> = [];
  warn(message: string, detail?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, detail });
  }
  error(message: string, detail?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, detail });
  }
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** An HTTP request to 127.0.0.1:port with exactly the headers given (Host included, when given). */
export function rawRequest(port: number, path: string, headers: Record<string, string> = {}, method = 'GET', address = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: address, port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers }, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

export type UpgradeOutcome = { opened: true; socket: WebSocket } | { opened: false; status: number };

/** Opens the bridge socket with the headers given; resolves with the refusal's status when refused. */
export function openSocket(port: number, path: string, headers: Record<string, string> = {}): Promise<UpgradeOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    socket.once('open', () => resolve({ opened: true, socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** The next text message on a socket, parsed. */
export function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data: WebSocket.RawData) => resolve(JSON.parse(rawText(data)) as Record<string, unknown>)));
}

/** Messages received from now on, in order. */
export function collectMessages(socket: WebSocket): Array<Record<string, unknown>> {
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (data: WebSocket.RawData) => messages.push(JSON.parse(rawText(data)) as Record<string, unknown>));
  return messages;
}

/** Waits until `check` is true, checking on each turn of the event loop (bounded, never a fixed sleep). */
export async function until(check: () => boolean, what: string, turns = 2_000): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}
