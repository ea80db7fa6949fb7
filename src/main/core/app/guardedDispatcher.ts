// An undici Agent that connects only where an address policy allows (addressPolicy.ts), for the
// person-picture fetcher. Three checks, so that what decides is the address actually connected to:
//   1. before connecting, a host that is an IP literal is classified (the resolver is not asked for
//      one, so check 2 would not see it), and a metadata service's name is refused;
//   2. a name is resolved here, and only the addresses the policy allows are handed to the socket:
//      a name resolving to 127.0.0.1 or 10.0.0.5 has nothing left to connect to. The socket connects
//      to the address just checked, so a second lookup (DNS rebinding) cannot slip another in;
//   3. once connected, the socket's remote address is classified again, and the socket destroyed
//      before a byte of the request is written if it is refused (a last line, should a platform's
//      socket ever connect elsewhere than it was told).
// A redirect is a new request through the same Agent: every hop passes the same checks.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { type AddressPolicy, isMetadataName, type RefusedKind, REFUSED_WORDS } from './addressPolicy.ts';

/** A connection the policy refused: the kind of address and the words for it. */
export class AddressRefusedError extends Error {
  readonly kind: RefusedKind;

  constructor(kind: RefusedKind) {
    super(REFUSED_WORDS[kind]);
    this.kind = kind;
  }

  override get name(): string {
    return 'AddressRefusedError';
  }
}

/** The AddressRefusedError somewhere in an error's causes (undici's fetch wraps connect errors), or null. */
export function addressRefusalIn(error: unknown): AddressRefusedError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof AddressRefusedError) return current;
    current = current.cause;
  }
  return null;
}

function bare(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** dns.lookup, keeping only the addresses the policy allows; refused when none is left. */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    if (isMetadataName(hostname)) {
      callback(new AddressRefusedError('metadata'), '', 0);
      return;
    }
    dnsLookup(hostname, { family: options.family ?? 0, hints: options.hints ?? 0, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const allowed = addresses.filter((entry) => policy(entry.address) === 'public');
      const first = allowed[0];
      if (first === undefined) {
        const kind = addresses[0] === undefined ? 'not-an-address' : policy(addresses[0].address);
        callback(new AddressRefusedError(kind === 'public' ? 'not-an-address' : kind), '', 0);
        return;
      }
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
}

/** An Agent whose every connection passes the policy. `connectTimeoutMs` bounds the connect and TLS handshake. */
export function guardedAgent(policy: AddressPolicy, connectTimeoutMs: number): Agent {
  const connectChecked = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(policy) });
  return new Agent({
    // Pictures are few and cached: one connection per origin, closed soon after.
    connections: 1,
    keepAliveTimeout: 1_000,
    connect: (options, callback) => {
      const host = bare(options.hostname);
      if (isIP(host) !== 0) {
        const kind = policy(host);
        if (kind !== 'public') {
          callback(new AddressRefusedError(kind), null);
          return;
        }
      } else if (isMetadataName(host)) {
        callback(new AddressRefusedError('metadata'), null);
        return;
      }
      connectChecked(options, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        const kind = policy(socket.remoteAddress ?? '');
        if (kind !== 'public') {
          socket.destroy();
          callback(new AddressRefusedError(kind), null);
          return;
        }
        callback(null, socket);
      });
    },
  });
}
