// A replication's progress read of a server that is gone must not end the process: PouchDB reads
// `info()` without a catch there, so the workspace marks those promises handled (handledInfo.ts).
import { createServer } from 'node:net';
import PouchDB from 'pouchdb';
import { afterEach, expect, it } from 'vitest';
import { markInfoRejectionsHandled } from '../../../src/main/core/team/handledInfo.ts';

const unhandled: unknown[] = [];
const listener = (reason: unknown) => unhandled.push(reason);

afterEach(() => {
  process.off('unhandledRejection', listener);
});

/** A loopback port nothing listens on (taken, then given back). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise((done) => server.close(done));
  return port;
}

it('an info() nobody waits for, of a server that is gone, is not an unhandled rejection; one awaited still fails', async () => {
  // Vitest reports unhandled rejections itself; listening here makes the count an assertion.
  process.on('unhandledRejection', listener);
  const remote = new PouchDB(`http://127.0.0.1:${await closedPort()}/agency`, { skip_setup: true });
  markInfoRejectionsHandled(remote);
  void remote.info(); // as PouchDB's replication does
  await expect(remote.info()).rejects.toBeTruthy();
  await new Promise((done) => setTimeout(done, 100));
  expect(unhandled).toEqual([]);
  await remote.close();
});

it('nor is a promise derived from it without a rejection handler, as replicate’s src.info().then(…) makes', async () => {
  process.on('unhandledRejection', listener);
  const remote = new PouchDB(`http://127.0.0.1:${await closedPort()}/agency`, { skip_setup: true });
  markInfoRejectionsHandled(remote);
  void remote.info().then(() => undefined);
  void remote
    .info()
    .then(() => 1)
    .then(() => undefined);
  await expect(remote.info().then(() => 'read')).rejects.toBeTruthy();
  await new Promise((done) => setTimeout(done, 100));
  expect(unhandled).toEqual([]);
  await remote.close();
});
