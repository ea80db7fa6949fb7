// The sandbox program's side of the channel to a parent that supervises it: the web host starts
// its built-in sandbox as a child process with an IPC channel (see src/main/web/sandboxProcess.ts).
// Over it the sandbox says once that it is ready (and where), answers every heartbeat, and stops
// when the channel closes: a parent killed without the chance to stop it must not leave it running.
// Without a channel (`npm run sandbox`, Electron's utility process) none of this happens.

/** What the parent sends: a heartbeat, answered with the same number while the event loop turns. */
export interface HeartbeatMessage {
  kind: 'ping';
  n: number;
}

/** What the sandbox sends. */
export type SandboxChildMessage = { kind: 'ready'; url: string; controlUrl: string } | { kind: 'pong'; n: number };

/** Started with an IPC channel (it may have closed since, if the parent died during the start). */
export function hasParentChannel(): boolean {
  return typeof process.send === 'function';
}

function isHeartbeat(message: unknown): message is HeartbeatMessage {
  return (
    typeof message === 'object' && message !== null && (message as HeartbeatMessage).kind === 'ping' && typeof (message as HeartbeatMessage).n === 'number'
  );
}

function send(message: SandboxChildMessage): void {
  // The channel may close at any time; its 'disconnect' stops the sandbox, so a lost send is fine.
  if (process.connected) process.send?.(message, undefined, undefined, () => {});
}

/** Announces the sandbox to the parent, answers its heartbeats, and calls `stop` when the parent is gone. */
export function serveParentChannel(urls: { url: string; controlUrl: string }, stop: (why: string) => void): void {
  if (!process.connected) return stop('the parent process was gone before the sandbox was ready');
  process.on('message', (message: unknown) => {
    if (isHeartbeat(message)) send({ kind: 'pong', n: message.n });
  });
  process.once('disconnect', () => stop('the parent process closed the channel'));
  send({ kind: 'ready', url: urls.url, controlUrl: urls.controlUrl });
}
