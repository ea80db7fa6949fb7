// A team server of the test's own that answers a replication the way a broken or hostile server
// would: enough of CouchDB's replication protocol for PouchDB to get to the request that matters,
// then an answer that would cost the device its memory. Every body is made lazily, a chunk at a
// time as the socket takes it (backpressure), so the test process pays nothing for what it sends;
// and every one is bounded by the server itself (`totalBytes`), so on code that buffers whatever
// it is sent, a case costs a few hundred megabytes and shows the failure without taking the machine.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export type HostileCase =
  /** The live pull's `_changes` answer never ends: results, then heartbeats, without a close. */
  | { kind: 'endless-changes'; totalBytes: number }
  /** Every answer is one huge body (its length announced truthfully), sent lazily. */
  | { kind: 'huge-body'; totalBytes: number }
  /** Every answer is a small gzip body that inflates to `totalBytes`. */
  | { kind: 'gzip-bomb'; totalBytes: number }
  /** The feed lists `count` documents of `documentBytes` each (a member's), then one small one. */
  | { kind: 'large-documents'; count: number; documentBytes: number };

export interface HostileServer {
  url: string;
  /** How many answers the server started to send for the harmful request. */
  harmfulAnswers(): number;
  stop(): Promise<void>;
}

const CHUNK = 64 * 1024;

/** A lazily made stream of `total` bytes, the chunk repeated (the last one cut). */
function lazyBytes(chunk: Buffer, total: number, prefix = '', suffix = ''): Readable {
  let sent = 0;
  let phase: 'prefix' | 'body' | 'suffix' | 'done' = 'prefix';
  return new Readable({
    read() {
      if (phase === 'prefix') {
        phase = 'body';
        if (prefix !== '') return void this.push(prefix);
      }
      if (phase === 'body') {
        if (sent < total) {
          const piece = Math.min(chunk.length, total - sent);
          sent += piece;
          return void this.push(piece === chunk.length ? chunk : chunk.subarray(0, piece));
        }
        phase = 'suffix';
      }
      if (phase === 'suffix') {
        phase = 'done';
        if (suffix !== '') return void this.push(suffix);
      }
      this.push(null);
    },
  });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** The id of the i-th large document, and of the small one that comes after them. */
export const largeDocumentId = (index: number): string => `change:facebook:big${index}:0000000000001-000000-mallory`;
export const SMALL_DOCUMENT_ID = 'presence:mallory:phone';

export async function startHostileServer(hostile: HostileCase): Promise<HostileServer> {
  let harmful = 0;
  const open = new Set<ServerResponse>();
  // The bomb is compressed once, itself lazily: its source is never whole in memory.
  const bomb = hostile.kind === 'gzip-bomb' ? await compressedZeros(hostile.totalBytes) : null;

  const server: Server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    void answer(request, response).catch(() => response.destroy());
  });

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    if (hostile.kind === 'huge-body') {
      harmful++;
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': hostile.totalBytes });
      lazyBytes(Buffer.alloc(CHUNK, 0x20), hostile.totalBytes).pipe(response);
      return;
    }
    if (hostile.kind === 'gzip-bomb' && bomb) {
      harmful++;
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length });
      response.end(bomb);
      return;
    }
    const path = url.pathname.replace(/\/+$/, '');
    if (path.includes('/_local/')) {
      if (request.method === 'GET') {
        json(response, 404, { error: 'not_found', reason: 'missing' });
        return;
      }
      json(response, 201, { ok: true, id: decodeURIComponent(path.slice(path.indexOf('/_local/') + 1)), rev: '0-1' });
      return;
    }
    if (path.endsWith('/_revs_diff')) {
      json(response, 200, {});
      return;
    }
    if (path.endsWith('/_bulk_docs')) {
      json(response, 201, []);
      return;
    }
    if (path.endsWith('/_changes')) {
      changes(url, response);
      return;
    }
    if (path.endsWith('/_bulk_get')) {
      bulkGet(body, response);
      return;
    }
    if (path === '/agency') {
      json(response, 200, { db_name: 'agency', update_seq: '1', doc_count: 0, instance_start_time: '0' });
      return;
    }
    json(response, 404, { error: 'not_found', reason: 'missing' });
  }

  function changes(url: URL, response: ServerResponse): void {
    const since = url.searchParams.get('since') ?? '0';
    if (hostile.kind === 'endless-changes') {
      harmful++;
      // Heartbeats for ever (a newline is what CouchDB writes into a waiting long poll), never the end.
      response.writeHead(200, { 'content-type': 'application/json' });
      lazyBytes(Buffer.alloc(CHUNK, 0x0a), hostile.totalBytes, '{"results":[').pipe(response);
      return;
    }
    if (hostile.kind === 'large-documents' && since === '0') {
      const results = Array.from({ length: hostile.count }, (_, index) => ({ seq: String(index + 1), id: largeDocumentId(index), changes: [{ rev: '1-a' }] }));
      results.push({ seq: String(hostile.count + 1), id: SMALL_DOCUMENT_ID, changes: [{ rev: '1-b' }] });
      return json(response, 200, { results, last_seq: String(hostile.count + 1) });
    }
    // Nothing new: a long poll that ends after a while, as CouchDB's does.
    const timer = setTimeout(() => json(response, 200, { results: [], last_seq: since }), 500);
    response.on('close', () => clearTimeout(timer));
  }

  function bulkGet(body: string, response: ServerResponse): void {
    if (hostile.kind !== 'large-documents') return json(response, 200, { results: [] });
    const asked = (JSON.parse(body) as { docs: { id: string; rev: string }[] }).docs;
    harmful++;
    response.writeHead(200, { 'content-type': 'application/json' });
    // Each large document is a valid change document whose note is `documentBytes` long, streamed.
    const parts = asked.map((doc) => {
      if (doc.id === SMALL_DOCUMENT_ID) {
        const small = {
          _id: doc.id,
          _rev: doc.rev,
          _revisions: { start: 1, ids: ['b'] },
          kind: 'presence',
          who: 'mallory',
          device: 'phone',
          composing: null,
          until: 1,
        };
        return () => Readable.from([JSON.stringify({ id: doc.id, docs: [{ ok: small }] })]);
      }
      const head = `{"id":${JSON.stringify(doc.id)},"docs":[{"ok":{"_id":${JSON.stringify(doc.id)},"_rev":"${doc.rev}","_revisions":{"start":1,"ids":["a"]},"kind":"change","note":"`;
      return () => lazyBytes(Buffer.alloc(CHUNK, 0x61), hostile.documentBytes, head, '"}}]}');
    });
    void (async () => {
      response.write('{"results":[');
      for (const [index, part] of parts.entries()) {
        if (index > 0) response.write(',');
        for await (const piece of part()) {
          if (!response.write(piece)) await new Promise((drained) => response.once('drain', drained));
          if (response.destroyed) return;
        }
      }
      response.end(']}');
    })().catch(() => response.destroy());
  }

  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    harmfulAnswers: () => harmful,
    stop: async () => {
      for (const response of open) response.destroy();
      await new Promise<void>((closed) => server.close(() => closed()));
    },
  };
}

/** `total` zero bytes gzipped (a bomb: about a thousandth of its inflated size), made a chunk at a time. */
async function compressedZeros(total: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  const gzip = lazyBytes(Buffer.alloc(CHUNK, 0), total).pipe(createGzip({ level: 9 }));
  for await (const part of gzip) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
