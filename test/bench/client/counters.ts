// Counting what goes over the wire, from Node's and undici's diagnostics channels: new connections
// and requests sent, per port, whoever sends them (our client on undici, the SDK on node:http).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';

export interface WireCounts {
  connections: number;
  requests: number;
}

export function countWire(port: number): { counts: WireCounts; stop: () => void } {
  const counts: WireCounts = { connections: 0, requests: 0 };
  const portText = String(port);
  const onUndiciConnected = (message: unknown) => {
    if ((message as { connectParams: { port: string } }).connectParams.port === portText) counts.connections++;
  };
  const onUndiciRequest = (message: unknown) => {
    const { request } = message as { request: { origin?: string | URL } };
    if (String(request.origin ?? '').endsWith(`:${portText}`)) counts.requests++;
  };
  const onHttpRequest = (message: unknown) => {
    const { request } = message as {
      request: { socket?: { remotePort?: number }; host?: string; getHeader?: (n: string) => number | string | string[] | undefined };
    };
    const host = String(request.getHeader?.('host') ?? '');
    if (host.endsWith(`:${portText}`)) counts.requests++;
  };
  const channels: [string, (message: unknown) => void][] = [
    ['undici:client:connected', onUndiciConnected],
    ['undici:client:sendHeaders', onUndiciRequest],
    ['http.client.request.start', onHttpRequest],
  ];
  for (const [name, listener] of channels) subscribe(name, listener);
  return { counts, stop: () => channels.forEach(([name, listener]) => unsubscribe(name, listener)) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
