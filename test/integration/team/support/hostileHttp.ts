// Plain HTTP as a hostile member (or a stranger) would send it to the sync server: fetch with her
// own credentials, any headers, any body, and raw sockets where fetch would tidy a request up.
import { request } from 'node:http';

export function basic(name: string, password: string): string {
  return `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
}

export interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown>;
}

export async function call(
  url: string,
  method: string,
  path: string,
  options: { auth?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(options.auth ? { authorization: options.auth } : {}), ...options.headers };
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string' || options.body instanceof Uint8Array
        ? options.body
        : JSON.stringify(options.body);
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Not JSON: the text is kept for the assertion.
  }
  return { status: response.status, text, body: parsed };
}

/**
 * Sends `chunks` chunk by chunk (chunked transfer, no Content-Length) and resolves with the status,
 * or with 'closed' when the server ended the connection before answering (it stopped reading).
 */
export function sendChunked(url: string, path: string, headers: Record<string, string>, chunks: () => Generator<Buffer>): Promise<number | 'closed'> {
  return new Promise((resolve) => {
    const target = new URL(path, url);
    const outgoing = request(target, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } });
    let answered = false;
    outgoing.on('response', (response) => {
      answered = true;
      response.resume();
      resolve(response.statusCode ?? 0);
      outgoing.destroy();
    });
    outgoing.on('error', () => {
      if (!answered) resolve('closed');
    });
    const source = chunks();
    const pump = () => {
      for (;;) {
        if (answered || outgoing.destroyed) return;
        const next = source.next();
        if (next.done) {
          outgoing.end();
          return;
        }
        if (!outgoing.write(next.value)) {
          outgoing.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** The resident memory of a process, in MiB (Linux). */
export async function residentMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

/** A clock stamp as the app writes them (core/team/hybridClock.ts): `<ms, 15 digits>.<counter, 6 digits>.<device>`. */
export function stamp(ms: number, device: string, counter = 0): string {
  return `${String(Math.floor(ms)).padStart(15, '0')}.${String(counter).padStart(6, '0')}.${device}`;
}

/** A change document as a device writes it (teamWorkspace.record), for `who` on `device`; `overrides` replace its fields. */
export function changeDoc(who: string, device: string, itemKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const hlc = stamp(Date.now(), device);
  const change = {
    id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    itemKey,
    field: 'done',
    from: false,
    to: true,
    who,
    device,
    at: Date.now(),
  };
  return { _id: `change:${itemKey}:${hlc}`, kind: 'change', who, device, hlc, seen: [], change, ...overrides };
}
